import type { AnyStateNode, AnyTransitionDefinition, MachineContext, StateValue } from 'xstate';

/**
 * XState's `Any*` types are parameterised with `any`, so every field read
 * from them is untyped. These views name the few fields the statechart tools
 * and the test harness read, with the types XState documents for them.
 */

export interface TransitionView {
  /** '' for eventless (`always`) transitions. */
  eventType: string;
  source: AnyStateNode;
  target: readonly AnyStateNode[] | undefined;
  guard: unknown;
  actions: readonly unknown[];
}

export function transitionView(transition: AnyTransitionDefinition): TransitionView {
  return transition as TransitionView;
}

export interface SnapshotView {
  value: StateValue;
  context: MachineContext;
  status: 'active' | 'done' | 'error' | 'stopped';
  error: unknown;
  _nodes: readonly AnyStateNode[];
}

export function snapshotView(snapshot: unknown): SnapshotView {
  return snapshot as SnapshotView;
}

/** Event types a state node itself handles (its `on`, `after`, invoke results). */
export function ownEventTypes(node: AnyStateNode): string[] {
  return node.ownEvents as string[];
}
