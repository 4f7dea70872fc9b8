import type { AnyStateMachine } from 'xstate';
import { allStateNodes } from '../../scripts/statecharts/machine-delays';

/**
 * The named-delay rule: every timer in a machine is written as a name
 * (`after: { CONNECT_DELAY: ... }`) whose milliseconds live in
 * `setup({ delays })`. Names are what the statechart docs show, what the
 * model-based tests advance the clock by, and what the spec's timing list
 * can be checked against; a bare `after: { 2000: ... }` hides all three.
 */

interface ConfigNode {
  after?: Record<string, unknown>;
  states?: Record<string, ConfigNode>;
}

interface DelayedAction {
  delay?: unknown;
  id?: unknown;
}

const isRawMilliseconds = (key: string) => key.trim() !== '' && !Number.isNaN(Number(key));

function configViolations(machine: AnyStateMachine): string[] {
  const violations: string[] = [];
  const visit = (node: ConfigNode, where: string) => {
    for (const key of Object.keys(node.after ?? {})) {
      if (isRawMilliseconds(key)) {
        violations.push(`${where}: after ${key} is raw milliseconds; name it in setup({ delays }) and use the name`);
      } else if (!(key in machine.implementations.delays)) {
        violations.push(`${where}: after ${key} names a delay that implementations.delays does not define`);
      }
    }
    for (const [key, child] of Object.entries(node.states ?? {})) visit(child, `${where}.${key}`);
  };
  visit(machine.config as ConfigNode, machine.id);
  return violations;
}

function actionViolations(machine: AnyStateMachine): string[] {
  const violations: string[] = [];
  const check = (action: unknown, where: string) => {
    if (typeof action !== 'function') return;
    const { delay, id } = action as DelayedAction;
    // XState turns each `after` key into a raise with that delay; those are judged above.
    if (typeof id === 'string' && id.startsWith('xstate.after.')) return;
    if (typeof delay === 'number') violations.push(`${where}: a delayed action waits a raw ${delay} ms; use a named delay`);
    else if (typeof delay === 'string' && !(delay in machine.implementations.delays)) {
      violations.push(`${where}: a delayed action names delay ${delay}, which implementations.delays does not define`);
    }
  };
  for (const node of allStateNodes(machine)) {
    for (const action of [...node.entry, ...node.exit]) check(action, node.id);
    for (const transitions of node.transitions.values()) {
      for (const transition of transitions) for (const action of transition.actions) check(action, `${node.id} on ${transition.eventType}`);
    }
  }
  for (const [name, action] of Object.entries(machine.implementations.actions)) check(action, `${machine.id} action ${name}`);
  return violations;
}

/** Every breach of the named-delay rule in a machine, as readable lines (empty when it complies). */
export function findDelayViolations(machine: AnyStateMachine): string[] {
  return [...configViolations(machine), ...actionViolations(machine)];
}
