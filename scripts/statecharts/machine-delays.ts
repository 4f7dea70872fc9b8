import type { AnyStateMachine, AnyStateNode, EventObject, MachineContext } from 'xstate';
import { transitionView } from './xstate-views';

/**
 * The one place that knows how a machine's timers are written: `after` keys
 * (named delays, or raw numbers which the named-delay guard rejects) and the
 * milliseconds behind each name in `machine.implementations.delays`. The
 * statechart docs, the model-based test harness and the guard all read it.
 */

export interface TimedTransition {
  /** `xstate.after.<delay>.<stateId>`: the event the actor raises when the timer fires. */
  eventType: string;
  /** The `after` key as XState resolved it: a name, or a number for raw-millisecond keys. */
  delay: string | number;
  stateId: string;
}

export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return nodes;
}

export function timedTransitions(machine: AnyStateMachine): TimedTransition[] {
  const found = new Map<string, TimedTransition>();
  for (const node of allStateNodes(machine)) {
    for (const transition of node.after) {
      const { delay } = transition;
      // `after` keys are always names or numbers; the type also admits expressions.
      if (typeof delay !== 'string' && typeof delay !== 'number') continue;
      const { eventType } = transitionView(transition);
      found.set(eventType, { eventType, delay, stateId: node.id });
    }
  }
  return [...found.values()];
}

type DelayFunction = (args: { context: MachineContext; event: EventObject }, params: unknown) => number;

/** Milliseconds for a named delay given as a constant; `null` when it is computed or missing. */
export function constantDelayMs(machine: AnyStateMachine, delay: string | number): number | null {
  if (typeof delay === 'number') return delay;
  const configured: unknown = machine.implementations.delays[delay];
  return typeof configured === 'number' ? configured : null;
}

/**
 * Milliseconds for a delay at run time: constants as they are, computed
 * delays evaluated against the actor's current context.
 */
export function resolveDelayMs(
  machine: AnyStateMachine,
  delay: string | number,
  context: MachineContext,
  event: EventObject,
): number {
  if (typeof delay === 'number') return delay;
  const configured: unknown = machine.implementations.delays[delay];
  if (typeof configured === 'number') return configured;
  if (typeof configured === 'function') return (configured as DelayFunction)({ context, event }, undefined);
  throw new Error(`Machine "${machine.id}" uses delay "${delay}" but implementations.delays has no such entry`);
}
