import {
  initialTransition,
  transition,
  type ActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InputFrom,
  type Snapshot,
} from 'xstate';

/**
 * The machine as the traversal sees it: its snapshot plus the clock. Every
 * delayed event the machine has scheduled (its `after` timers, delayed
 * raises) is pending with the time it still needs, so timers of different
 * periods in parallel regions are walked as a real clock would run them:
 * only the earliest deadline can fire next, and firing it moves every other
 * pending timer on by the same amount.
 */

export interface PendingTimer {
  /** The scheduled send's id (for `after`, the event type). */
  id: string;
  event: AnyEventObject;
  remainingMs: number;
  /** Scheduling order: among timers due at once, the earlier-scheduled fires first. */
  order: number;
}

export type TimedSnapshot = Snapshot<undefined> & {
  machine: AnyMachineSnapshot;
  timers: readonly PendingTimer[];
  nextOrder: number;
  /** Simulated time since the start. */
  nowMs: number;
};

/** How one step ran: the simulated time it took and every event it applied. */
export interface TimedStep {
  advancedMs: number;
  applied: readonly AnyEventObject[];
}

/** What the pure transition functions return besides the snapshot, as far as timers care. */
type Actions = ReadonlyArray<{ type: string; params?: unknown }>;

function scheduled(timers: readonly PendingTimer[], actions: Actions, firstOrder: number): { timers: PendingTimer[]; nextOrder: number } {
  let pending = [...timers];
  let nextOrder = firstOrder;
  for (const action of actions) {
    const params = (action.params ?? {}) as { event?: AnyEventObject; id?: string; delay?: number; sendId?: string };
    if (action.type === 'xstate.raise' && typeof params.delay === 'number' && params.event) {
      const id = params.id ?? params.event.type;
      pending = pending.filter((timer) => timer.id !== id);
      pending.push({ id, event: params.event, remainingMs: params.delay, order: nextOrder++ });
    } else if (action.type === 'xstate.cancel') {
      pending = pending.filter((timer) => timer.id !== params.sendId);
    }
  }
  return { timers: pending, nextOrder };
}

/** The timer that fires next: the earliest deadline, then the earliest scheduled. */
export function nextTimer(timers: readonly PendingTimer[]): PendingTimer | undefined {
  return [...timers].sort((a, b) => a.remainingMs - b.remainingMs || a.order - b.order)[0];
}

function pendingTimerFor(state: TimedSnapshot, event: AnyEventObject): PendingTimer | undefined {
  return state.timers.find((timer) => timer.event === event) ?? state.timers.find((timer) => timer.event.type === event.type);
}

/** `xstate.after.TICK.id` with 1000 ms left -> `TICK@1000`: part of the traversal's state key. */
export function timersKey(state: TimedSnapshot): string {
  return [...state.timers]
    .sort((a, b) => a.order - b.order)
    .map((timer) => `${timer.id}@${timer.remainingMs}`)
    .join(',');
}

/**
 * Wraps a machine as actor logic over TimedSnapshots for `xstate/graph`'s
 * TestModel. Events other than a pending timer take no time. A pending
 * timer's event advances the clock to its deadline and fires every timer due
 * then, in order; timers due at the same instant must commute (the real
 * SimulatedClock may fire them in either order), which the replay checks.
 */
/** One step of the timed traversal; see timedLogic. */
export function timedStep(machine: AnyStateMachine, state: TimedSnapshot, event: AnyEventObject): { next: TimedSnapshot; step: TimedStep } {
  const active = { status: 'active', output: undefined, error: undefined } as const;
  const fired = pendingTimerFor(state, event);
  if (!fired) {
    const [snapshot, actions] = transition(machine, state.machine, event);
    const { timers, nextOrder } = scheduled(state.timers, actions, state.nextOrder);
    return { next: { ...active, machine: snapshot, timers, nextOrder, nowMs: state.nowMs }, step: { advancedMs: 0, applied: [event] } };
  }
  const advancedMs = fired.remainingMs;
  let timers = state.timers.map((timer) => ({ ...timer, remainingMs: timer.remainingMs - advancedMs }));
  let snapshot = state.machine;
  let nextOrder = state.nextOrder;
  const applied: AnyEventObject[] = [];
  for (;;) {
    const due = nextTimer(timers);
    if (!due || due.remainingMs > 0) break;
    timers = timers.filter((timer) => timer !== due);
    const [after, actions] = transition(machine, snapshot, due.event);
    applied.push(due.event);
    snapshot = after;
    ({ timers, nextOrder } = scheduled(timers, actions, nextOrder));
  }
  return { next: { ...active, machine: snapshot, timers, nextOrder, nowMs: state.nowMs + advancedMs }, step: { advancedMs, applied } };
}

/**
 * Wraps a machine as actor logic over TimedSnapshots for `xstate/graph`'s
 * TestModel. Events other than a pending timer take no time. A pending
 * timer's event advances the clock to its deadline and fires every timer due
 * then, in order; timers due at the same instant must commute (the real
 * SimulatedClock may fire them in either order), which the replay checks.
 */
export function timedLogic<TMachine extends AnyStateMachine>(
  typedMachine: TMachine,
): ActorLogic<TimedSnapshot, AnyEventObject, InputFrom<TMachine>> {
  const machine: AnyStateMachine = typedMachine;
  const logic = {
    config: machine,
    getInitialSnapshot: (_scope: unknown, input: unknown): TimedSnapshot => {
      const [snapshot, actions] = initialTransition(machine, input);
      const { timers, nextOrder } = scheduled([], actions, 0);
      return { status: 'active', output: undefined, error: undefined, machine: snapshot, timers, nextOrder, nowMs: 0 };
    },
    transition: (state: TimedSnapshot, event: AnyEventObject): TimedSnapshot => timedStep(machine, state, event).next,
    getPersistedSnapshot: (state: TimedSnapshot) => state,
  };
  return logic;
}
