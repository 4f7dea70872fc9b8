/**
 * Model-based testing for XState v5 machines, built on `xstate/graph`.
 *
 * Why this exists: @xstate/test 0.5 only understands xstate 4, its 1.0 beta
 * breaks on xstate 5.33, and `createTestModel` from `xstate/graph` refuses
 * machines that use `invoke` or `after`, which is every flow we have. So this
 * generates paths with `TestModel` and replays them against a real actor
 * whose time and invoked actors the test controls.
 *
 * Use:
 *
 *   const model = createModel(authMachine, {
 *     input: { tokens: NO_TOKENS },
 *     // payloads to try wherever an event type is accepted; types left out
 *     // (e.g. `xstate.after.*`, LOGOUT) are tried as `{ type }`
 *     events: {
 *       SIGN_IN: [{ type: 'SIGN_IN', role: 'admin', credentials }],
 *       'xstate.done.actor.signIn': [doneEvent('signIn', { token: 't' })],
 *       'xstate.error.actor.signIn': [errorEvent('signIn', new Error('Nope'))],
 *     },
 *   });
 *   printCoverageAfterAll();
 *   for (const path of model.shortestPaths()) {
 *     it(path.description, () =>
 *       model.replay(path, {
 *         mount: ({ machine, input, clock, inspect }) => ..., // default: createActor(...).start()
 *         executeEvent: async (event, step) => ..., // default: actor.send(event); UI tests click here
 *         assertState: async (expected, step) => ..., // UI tests assert what the user sees here
 *       }));
 *   }
 *
 * Time: the traversal keeps every pending timer with the time it still
 * needs (timed-logic.ts), so only the earliest deadline fires next and timers
 * of different periods in parallel regions run as a real clock runs them.
 * Replay rules: a timed step advances a SimulatedClock to that deadline
 * (first by one millisecond less, to prove nothing fires early) and fires
 * every timer due then; `xstate.done.actor.<id>` and
 * `xstate.error.actor.<id>` steps resolve or reject the pending invocation
 * `<id>` (every invoked actor is replaced by one that waits for the test);
 * events listed in `fromActors` come from that invoked callback actor
 * (a controllable `fromCallback` the test speaks through);
 * after each step the actor must be in the step's model state (same
 * `stateKey`). Coverage counts what the real actor entered and took.
 * Do not enable vi.useFakeTimers alongside: the SimulatedClock is the clock.
 */
import { afterAll } from 'vitest';
import {
  createActor,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import { ownEventTypes, snapshotView } from '../../scripts/statecharts/xstate-views';
import { ControllableActors, type Invocation } from './controllable-actors';
import { allCoverage, coverageInspector, formatCoverage, machineCoverage, trackCoverage, type MachineCoverage } from './model-coverage';
import { nextTimer, timedLogic, timedStep, timersKey, type TimedSnapshot, type TimedStep } from './timed-logic';

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';
const SETTLE_ATTEMPTS = 60;
const SETTLE_MIN_MS = 3000;

export const doneEvent = (id: string, output: unknown) => ({ type: `${DONE_PREFIX}${id}`, output });
export const errorEvent = (id: string, error: unknown) => ({ type: `${ERROR_PREFIX}${id}`, error });

export interface ModelOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  events?: Record<string, readonly AnyEventObject[]>;
  /**
   * What makes two snapshots the same model state (default: value plus the
   * whole context). It must keep everything later behaviour depends on, or
   * paths stop matching the real actor; dropping the rest keeps simple paths few.
   */
  stateKey?: (snapshot: SnapshotFrom<TMachine>) => string;
  /**
   * Leave an event out of the traversal in a given state. `timing` tells when
   * a timer's event would fire (`dueAtMs`, on the clock that starts at 0).
   */
  filterEvents?: (snapshot: SnapshotFrom<TMachine>, event: AnyEventObject, timing: EventTiming) => boolean;
  /**
   * Count the time since the start as part of the model state, so filters can
   * bound a walk by time (only where they do, or the traversal never ends).
   */
  keyByTime?: boolean;
  describeEvent?: (event: AnyEventObject) => string;
  /**
   * Events that come from a long-lived invoked source (a `fromCallback`
   * actor: a socket, a hub), by event type: the actor's name. Replay runs
   * that actor as a controllable callback and delivers these events through
   * its `sendBack`, as the real source would (not through the UI).
   */
  fromActors?: Record<string, string>;
}

export interface EventTiming {
  nowMs: number;
  /** For a timer's event, when it fires; otherwise now. */
  dueAtMs: number;
}

export interface ModelStep<TMachine extends AnyStateMachine> {
  /** The event that led here (for a timed step, the first timer that fired); `xstate.init` for the first step. */
  event: AnyEventObject;
  /** Every event this step applied: `[event]`, or every timer due at that instant. */
  applied: readonly AnyEventObject[];
  /** Simulated time the step takes: 0, or the time to the earliest pending deadline. */
  advancedMs: number;
  state: SnapshotFrom<TMachine>;
}
export interface ModelPath<TMachine extends AnyStateMachine> {
  description: string;
  steps: Array<ModelStep<TMachine>>;
}

export interface StepContext<TMachine extends AnyStateMachine> {
  actor: AnyActorRef;
  clock: SimulatedClock;
  /** Every invocation so far with the input it got, in order. */
  invocations: readonly Invocation[];
  path: ModelPath<TMachine>;
  stepIndex: number;
}
export interface Mounted {
  actor: AnyActorRef;
  unmount?: () => void | Promise<void>;
}
export interface MountArgs<TMachine extends AnyStateMachine> {
  /** The machine with every invoked actor replaced by a controllable one. */
  machine: TMachine;
  input: InputFrom<TMachine> | undefined;
  clock: SimulatedClock;
  /** Pass to createActor/useActorRef so coverage sees every microstep. */
  inspect: (event: InspectionEvent) => void;
}
export interface ReplayHooks<TMachine extends AnyStateMachine> {
  mount?: (args: MountArgs<TMachine>) => Mounted | Promise<Mounted>;
  executeEvent?: (event: AnyEventObject, context: StepContext<TMachine>) => void | Promise<void>;
  assertState?: (expected: SnapshotFrom<TMachine>, context: StepContext<TMachine>) => void | Promise<void>;
  /** Invoked actor names to leave as the machine (or mount) provides them. */
  keepActors?: readonly string[];
}

export function stateValueLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined || (typeof child === 'object' && !Object.keys(child).length) ? key : `${key}.${stateValueLabel(child)}`))
    .join(' + ');
}

function defaultDescribeEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.after.')) return `after ${event.type.slice('xstate.after.'.length).split('.')[0]}`;
  if (event.type.startsWith(DONE_PREFIX)) return `${event.type.slice(DONE_PREFIX.length)} done`;
  if (event.type.startsWith(ERROR_PREFIX)) return `${event.type.slice(ERROR_PREFIX.length)} error`;
  const { type, ...payload } = event;
  const details = JSON.stringify(payload);
  if (details === '{}') return type;
  return `${type} ${details.length > 48 ? `${details.slice(0, 47)}…` : details}`;
}

function defaultStateKey(snapshot: { value: StateValue; context: unknown }): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

async function nextTurn(attempt: number): Promise<void> {
  // Mostly microtasks (promise actors settle there); now and then a macrotask
  // so that a UI under test gets to commit a render.
  if (attempt % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 0));
  else await Promise.resolve();
}

export class MachineModel<TMachine extends AnyStateMachine> {
  private readonly describeEvent: (event: AnyEventObject) => string;

  constructor(
    readonly machine: TMachine,
    private readonly options: ModelOptions<TMachine> = {},
  ) {
    for (const [type, samples] of Object.entries(options.events ?? {})) {
      const stray = samples.find((sample) => sample.type !== type);
      if (stray) throw new Error(`Sample for "${type}" has type "${stray.type}"`);
    }
    this.describeEvent = options.describeEvent ?? defaultDescribeEvent;
  }

  private stateKey(snapshot: unknown): string {
    return this.options.stateKey ? this.options.stateKey(snapshot as SnapshotFrom<TMachine>) : defaultStateKey(snapshotView(snapshot));
  }

  /** The traversal's state: the model state plus what each pending timer still needs. */
  private timedKey(state: TimedSnapshot): string {
    const time = this.options.keyByTime ? ` | at ${state.nowMs}` : '';
    return `${this.stateKey(state.machine)} | timers ${timersKey(state)}${time}`;
  }

  /** One shortest path to every transition of the model (every state key and event pair). */
  shortestPaths(): Array<ModelPath<TMachine>> {
    const viaKey = (state: TimedSnapshot, event: AnyEventObject | undefined, previous?: TimedSnapshot) =>
      event && previous ? `${this.timedKey(state)} via ${JSON.stringify(event)} from ${this.timedKey(previous)}` : this.timedKey(state);
    return this.testModel(viaKey).getShortestPaths().map((path) => this.toModelPath(path));
  }

  /** Every path that never revisits a model state (timers included). */
  simplePaths(): Array<ModelPath<TMachine>> {
    return this.testModel((state) => this.timedKey(state)).getSimplePaths().map((path) => this.toModelPath(path));
  }

  coverage(): MachineCoverage {
    trackCoverage(this.machine);
    return machineCoverage(this.machine.id);
  }

  async replay(path: ModelPath<TMachine>, hooks: ReplayHooks<TMachine> = {}): Promise<void> {
    const clock = new SimulatedClock();
    const controls = new ControllableActors();
    const callbacks = [...new Set(Object.values(this.options.fromActors ?? {}))];
    const machine = this.machine.provide({ actors: controls.implementationsFor(this.machine, hooks.keepActors, callbacks) }) as TMachine;
    const inspect = coverageInspector(this.machine);
    const mount = hooks.mount ?? defaultMount;
    const mounted = await mount({ machine, input: this.options.input, clock, inspect });
    let stepIndex = 0;
    try {
      for (const [index, step] of path.steps.entries()) {
        stepIndex = index;
        const context: StepContext<TMachine> = { actor: mounted.actor, clock, invocations: controls.invocations, path, stepIndex: index };
        if (index > 0) await this.deliver(step, context, controls, hooks);
        await this.waitForState(mounted.actor, this.stateKey(step.state));
        await hooks.assertState?.(step.state, context);
      }
    } catch (error) {
      const failed = path.steps[stepIndex];
      const where = failed ? `step ${stepIndex} (${this.describeEvent(failed.event)})` : `step ${stepIndex}`;
      if (error instanceof Error) error.message = `${error.message}\n  at ${where} of path: ${path.description}`;
      throw error;
    } finally {
      if (mounted.unmount) await mounted.unmount();
      else mounted.actor.stop();
    }
  }

  private async deliver(
    step: ModelStep<TMachine>,
    context: StepContext<TMachine>,
    controls: ControllableActors,
    hooks: ReplayHooks<TMachine>,
  ): Promise<void> {
    const { actor, clock } = context;
    const { event, advancedMs } = step;
    if (step.applied.length > 1 || event.type.startsWith('xstate.after.') || advancedMs > 0) {
      const before: unknown = actor.getSnapshot();
      if (advancedMs > 0) {
        clock.increment(advancedMs - 1);
        await nextTurn(0);
        if ((actor.getSnapshot() as unknown) !== before) throw new Error(`The actor moved before ${advancedMs} ms had passed for "${this.describeStep(step, event)}"`);
      }
      clock.increment(Math.min(advancedMs, 1));
      return;
    }
    if (event.type.startsWith(DONE_PREFIX)) {
      controls.settle(event.type.slice(DONE_PREFIX.length), { output: event.output });
      return;
    }
    if (event.type.startsWith(ERROR_PREFIX)) {
      controls.settle(event.type.slice(ERROR_PREFIX.length), { error: event.error });
      return;
    }
    const source = this.options.fromActors?.[event.type];
    if (source) controls.emit(source, event);
    else if (hooks.executeEvent) await hooks.executeEvent(event, context);
    else actor.send(event);
  }

  private async waitForState(actor: AnyActorRef, expectedKey: string): Promise<void> {
    // A number of turns and a wall-clock floor: a screen under test may need
    // many macrotasks to commit on a loaded machine.
    const startedAt = Date.now();
    for (let attempt = 0; attempt < SETTLE_ATTEMPTS || Date.now() - startedAt < SETTLE_MIN_MS; attempt++) {
      if (this.stateKey(actor.getSnapshot()) === expectedKey) return;
      await nextTurn(attempt);
    }
    const actual = snapshotView(actor.getSnapshot());
    const failure = actual.status === 'error' ? ` (the actor failed: ${String(actual.error)})` : '';
    throw new Error(`The actor is not in the model's state${failure}\n  expected: ${expectedKey}\n  actual:   ${this.stateKey(actual)}`);
  }

  private testModel(serializeState: (state: TimedSnapshot, event?: AnyEventObject, previous?: TimedSnapshot) => string) {
    return new TestModel<TimedSnapshot, AnyEventObject, InputFrom<TMachine>>(timedLogic(this.machine), {
      ...(this.options.input === undefined ? {} : { input: this.options.input }),
      serializeState,
      events: (snapshot) => this.eventsIn(snapshot),
    });
  }

  /**
   * Every event type the active states handle, as its samples or as `{ type }`;
   * of the timers, only the one due first (a later deadline cannot win).
   */
  private eventsIn(state: TimedSnapshot): AnyEventObject[] {
    const { _nodes: nodes } = snapshotView(state.machine);
    const types = [...new Set(nodes.flatMap(ownEventTypes))].filter((type) => !type.startsWith('xstate.after.'));
    const due = nextTimer(state.timers);
    const snapshot = state.machine as SnapshotFrom<TMachine>;
    const now = { nowMs: state.nowMs, dueAtMs: state.nowMs };
    return [
      ...types.flatMap((type) => this.options.events?.[type] ?? [{ type }]).filter((event) => this.options.filterEvents?.(snapshot, event, now) ?? true),
      ...(due && (this.options.filterEvents?.(snapshot, due.event, { nowMs: state.nowMs, dueAtMs: state.nowMs + due.remainingMs }) ?? true) ? [due.event] : []),
    ];
  }

  private describeStep(step: TimedStep, event: AnyEventObject): string {
    if (step.applied.length <= 1) return this.describeEvent(event);
    return step.applied.map((applied) => this.describeEvent(applied)).join(' + ');
  }

  private toModelPath(path: TestPath<TimedSnapshot, AnyEventObject>): ModelPath<TMachine> {
    // The traversal keeps one snapshot per state key, so how a step ran is
    // worked out again from the step before it.
    const steps = path.steps.map((step, index) => {
      const previous = path.steps[index - 1];
      const ran: TimedStep = previous ? timedStep(this.machine, previous.state, step.event).step : { advancedMs: 0, applied: [] };
      return { event: step.event, applied: ran.applied, advancedMs: ran.advancedMs, state: step.state.machine as SnapshotFrom<TMachine> };
    });
    const events = steps.slice(1).map((step) => this.describeStep(step, step.event));
    const description = `${events.length ? events.join(' → ') : 'start'} ⇒ ${stateValueLabel(snapshotView(path.state.machine).value)}`;
    return { description, steps };
  }
}

function defaultMount<TMachine extends AnyStateMachine>({ machine, input, clock, inspect }: MountArgs<TMachine>): Mounted {
  const actor = createActor(machine as AnyStateMachine, { input, clock, inspect }).start();
  return {
    actor,
    unmount: () => {
      actor.stop();
    },
  };
}

export function createModel<TMachine extends AnyStateMachine>(machine: TMachine, options?: ModelOptions<TMachine>): MachineModel<TMachine> {
  return new MachineModel(machine, options);
}

/** Prints `coverage <machineId>: states X/Y, transitions A/B` for every machine modelled in this file. */
export function printCoverageAfterAll(): void {
  afterAll(() => {
    for (const coverage of allCoverage()) console.info(formatCoverage(coverage));
  });
}
