import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { constantDelayMs, timedTransitions } from './machine-delays';
import { transitionView, type TransitionView } from './xstate-views';

/**
 * A renderer-neutral reading of a machine, from `toDirectedGraph` plus the
 * eventless transitions it leaves out: what the Mermaid page, the DOT/SVG
 * and the index all draw from, in the machine's own (stable) order.
 */

export interface ChartState {
  /** XState's id, e.g. `auth.signingIn`; the root's id is the machine id. */
  id: string;
  /** Dotted path below the root, e.g. `call.connecting`; '' for the root. */
  name: string;
  key: string;
  depth: number;
  type: AnyStateNode['type'];
  description: string | null;
  initialChildId: string | null;
  /** Only eventless transitions leave it: the machine never rests here. */
  transient: boolean;
  invokes: Array<{ id: string; src: string }>;
  children: ChartState[];
}

export interface ChartTransition {
  sourceId: string;
  /** Empty when the transition stays in its state (actions only). */
  targetIds: string[];
  eventType: string;
  /** What triggers it, in reviewer words: `SIGN_IN`, `after CONNECT_DELAY (2000 ms)`, `signIn done`. */
  trigger: string;
  guard: string | null;
  /** Unguarded, but only taken when the guarded ones before it were not. */
  otherwise: boolean;
  effects: string[];
  label: string;
}

export interface ChartDelay {
  name: string;
  ms: number | null;
}

export interface ChartModel {
  id: string;
  description: string | null;
  root: ChartState;
  /** Every state below the root, parents before children. */
  states: ChartState[];
  transitions: ChartTransition[];
  delays: ChartDelay[];
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

interface NamedFunction {
  (...args: never[]): unknown;
  type?: unknown;
  guards?: unknown[];
}

export function describeGuard(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as NamedFunction;
    if (Array.isArray(fn.guards) && ['not', 'and', 'or'].includes(fn.name)) {
      return `${fn.name}(${fn.guards.map((inner) => describeGuard(inner) ?? '?').join(', ')})`;
    }
    return fn.name === 'stateIn' ? 'in state' : 'inline check';
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'check';
}

function describeAction(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string') return action.type;
  if (typeof action === 'function') {
    const type = (action as NamedFunction).type;
    if (type === 'xstate.assign') return 'update context';
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
    return 'inline action';
  }
  return null;
}

function describeTrigger(machine: AnyStateMachine, transition: TransitionView, timers: Map<string, string | number>): string {
  const { eventType } = transition;
  if (!eventType) return 'always';
  const delay = timers.get(eventType);
  if (delay !== undefined) {
    if (typeof delay === 'number') return `after ${delay} ms`;
    const ms = constantDelayMs(machine, delay);
    return `after ${delay} (${ms === null ? 'computed' : `${ms} ms`})`;
  }
  if (eventType.startsWith(DONE_ACTOR)) return `${eventType.slice(DONE_ACTOR.length)} done`;
  if (eventType.startsWith(ERROR_ACTOR)) return `${eventType.slice(ERROR_ACTOR.length)} error`;
  if (eventType.startsWith(DONE_STATE)) return 'all done';
  if (eventType === '*') return 'any event';
  return eventType;
}

function readState(node: AnyStateNode, depth: number): ChartState {
  const children = (Object.values(node.states) as AnyStateNode[]).map((child) => readState(child, depth + 1));
  const initialTarget = node.type === 'compound' ? node.initial.target[0] : undefined;
  return {
    id: node.id,
    name: node.path.join('.'),
    key: node.key,
    depth,
    type: node.type,
    description: node.description ?? null,
    initialChildId: initialTarget ? initialTarget.id : null,
    transient: (node.always?.length ?? 0) > 0 && node.transitions.size === 0,
    invokes: node.invoke.map((invoke) => ({ id: invoke.id, src: typeof invoke.src === 'string' ? invoke.src : 'inline actor' })),
    children,
  };
}

function collectTransitions(node: DirectedGraphNode, into: AnyTransitionDefinition[]): void {
  for (const transition of node.stateNode.always ?? []) into.push(transition);
  for (const edge of node.edges) if (!into.includes(edge.transition)) into.push(edge.transition);
  for (const child of node.children) collectTransitions(child, into);
}

export function buildChartModel(machine: AnyStateMachine): ChartModel {
  const root = readState(machine.root, 0);
  const states: ChartState[] = [];
  const flatten = (state: ChartState) => {
    for (const child of state.children) {
      states.push(child);
      flatten(child);
    }
  };
  flatten(root);

  const timers = new Map(timedTransitions(machine).map((timer) => [timer.eventType, timer.delay]));
  const definitions: AnyTransitionDefinition[] = [];
  collectTransitions(toDirectedGraph(machine.root), definitions);
  const transitions = definitions.map((definition): ChartTransition => {
    const transition = transitionView(definition);
    const { source } = transition;
    const siblings = (transition.eventType ? source.transitions.get(transition.eventType) : source.always) ?? [];
    const guard = describeGuard(transition.guard);
    const earlier = siblings.slice(0, siblings.indexOf(definition)).map(transitionView);
    const otherwise = guard === null && earlier.some((sibling) => sibling.guard !== undefined);
    const trigger = describeTrigger(machine, transition, timers);
    const condition = guard ? ` [${guard}]` : otherwise ? ' (otherwise)' : '';
    const eventless = trigger === 'always';
    return {
      sourceId: source.id,
      targetIds: (transition.target ?? []).map((target) => target.id),
      eventType: transition.eventType,
      trigger,
      guard,
      otherwise,
      effects: transition.actions.map(describeAction).filter((name): name is string => name !== null),
      label: eventless ? (guard ? `[${guard}]` : otherwise ? 'otherwise' : 'always') : `${trigger}${condition}`,
    };
  });

  const usedDelays = new Set([...timers.values()].filter((delay): delay is string => typeof delay === 'string'));
  const delayNames = [...new Set([...Object.keys(machine.implementations.delays), ...usedDelays])].sort();
  return {
    id: machine.id,
    description: machine.root.description ?? null,
    root,
    states,
    transitions,
    delays: delayNames.map((name) => ({ name, ms: constantDelayMs(machine, name) })),
  };
}
