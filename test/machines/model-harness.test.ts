import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { snapshotView } from '../../scripts/statecharts/xstate-views';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath, type MountArgs } from '../support/model';

// The harness's own tests, on a machine with the two things the auth machine
// lacks: named delays and an invoked actor racing a timer.
const callMachine = setup({
  types: { events: {} as { type: 'CALL' } | { type: 'HANG_UP' } },
  actors: {
    dial: fromPromise<{ peer: string }, { to: string }>(() => Promise.reject(new Error('dial not provided'))),
  },
  delays: { CONNECT_DELAY: 2000, REDIRECT_DELAY: 500, GIVE_UP_DELAY: 30_000 },
}).createMachine({
  id: 'harnessCall',
  initial: 'idle',
  states: {
    idle: { on: { CALL: 'dialing' } },
    dialing: {
      invoke: { id: 'dial', src: 'dial', input: { to: 'maya_r' }, onDone: 'connecting', onError: 'failed' },
      // Never the first timer to fire in a real run while dialing is quicker: see the filter test.
      after: { GIVE_UP_DELAY: 'failed' },
    },
    connecting: { after: { CONNECT_DELAY: 'connected' }, on: { HANG_UP: 'ended' } },
    connected: { on: { HANG_UP: 'ended' } },
    failed: { after: { REDIRECT_DELAY: 'idle' } },
    ended: { type: 'final' },
  },
});

const DELAY_MS: Record<string, number> = { CONNECT_DELAY: 2000, REDIRECT_DELAY: 500, GIVE_UP_DELAY: 30_000 };

const model = createModel(callMachine, {
  events: {
    'xstate.done.actor.dial': [doneEvent('dial', { peer: 'maya_r' })],
    'xstate.error.actor.dial': [errorEvent('dial', new Error('No answer'))],
  },
});

/** Time that must have passed after a path prefix: the sum of its timed steps, nothing else. */
function elapsedAfter(path: ModelPath<typeof callMachine>, stepIndex: number): number {
  return path.steps
    .slice(1, stepIndex + 1)
    .map((step) => /^xstate\.after\.([A-Z_]+)\./.exec(step.event.type)?.[1])
    .reduce((sum, delay) => sum + (delay ? (DELAY_MS[delay] ?? Number.NaN) : 0), 0);
}

function walk(path: ModelPath<typeof callMachine>) {
  return model.replay(path, {
    assertState: (expected, { actor, clock, stepIndex, invocations }) => {
      expect(snapshotView(actor.getSnapshot()).value).toEqual(expected.value);
      expect(clock.now()).toBe(elapsedAfter(path, stepIndex));
      for (const invocation of invocations) expect(invocation).toEqual({ id: 'dial', src: 'dial', input: { to: 'maya_r' } });
    },
  });
}

printCoverageAfterAll();

describe('model harness on a machine with delays and an invoked actor', () => {
  const shortest = model.shortestPaths();
  const simple = model.simplePaths();

  it('plans timed and actor-result steps', () => {
    const labels = [...shortest, ...simple].map((path) => path.description).join('\n');
    expect(labels).toContain('CALL → dial done → after CONNECT_DELAY → HANG_UP ⇒ ended');
    expect(labels).toContain('CALL → dial error → after REDIRECT_DELAY ⇒ idle');
  });

  it('never plans a timer that a shorter pending timer would beat', () => {
    // In `dialing` only the actor result can come first: the 30 s give-up is
    // the only timer there, so it is planned; but `failed` has one timer.
    const timedSteps = [...shortest, ...simple].flatMap((path) => path.steps.map((step) => step.event.type));
    expect(timedSteps).toContain('xstate.after.GIVE_UP_DELAY.harnessCall.dialing');
    const racing = createModel(
      setup({ delays: { SHORT: 100, LONG: 1000 } }).createMachine({
        id: 'harnessRace',
        initial: 'waiting',
        states: { waiting: { after: { SHORT: 'short', LONG: 'long' } }, short: {}, long: {} },
      }),
    );
    expect(racing.shortestPaths().map((path) => path.description)).toEqual(['after SHORT ⇒ short']);
  });

  for (const path of shortest) it(`shortest: ${path.description}`, () => walk(path));
  for (const path of simple) it(`simple: ${path.description}`, () => walk(path));

  it('fails a path when a timer fires before its named delay', async () => {
    const path = shortest.find((candidate) => candidate.description.includes('after CONNECT_DELAY'));
    expect(path).toBeDefined();
    const quicker = ({ machine, clock, inspect }: MountArgs<typeof callMachine>) => {
      const actor = createActor(machine.provide({ delays: { CONNECT_DELAY: 1500 } }), { clock, inspect }).start();
      return { actor };
    };
    await expect(model.replay(path!, { mount: quicker })).rejects.toThrow(/moved before 2000 ms had passed for "after CONNECT_DELAY"/);
  });

  it('fails a path when a timer is slower than its named delay', async () => {
    const path = shortest.find((candidate) => candidate.description.includes('after CONNECT_DELAY'))!;
    const slower = ({ machine, clock, inspect }: MountArgs<typeof callMachine>) => ({
      actor: createActor(machine.provide({ delays: { CONNECT_DELAY: 2500 } }), { clock, inspect }).start(),
    });
    await expect(model.replay(path, { mount: slower })).rejects.toThrow(/not in the model's state/);
  });

  it('fails a path when the executor does not produce the event', async () => {
    const path = shortest.find((candidate) => candidate.description.startsWith('CALL'))!;
    await expect(model.replay(path, { executeEvent: () => {} })).rejects.toThrow(/expected: .*dialing/s);
  });

  it('fails a path when an assertion about the screen fails, naming the step', async () => {
    const path = shortest.find((candidate) => candidate.description.startsWith('CALL'))!;
    const replay = model.replay(path, {
      assertState: (expected) => {
        if (expected.matches('dialing')) throw new Error('Calling… is not shown');
      },
    });
    await expect(replay).rejects.toThrow(/Calling… is not shown\n {2}at step 1 \(CALL\) of path: CALL/);
  });

  it('covers every state and transition of the machine', () => {
    expect(model.coverage().states.missing).toEqual([]);
    expect(model.coverage().transitions.missing).toEqual([]);
  });
});

// Two timers of different periods in parallel regions: a 1 s tick that
// re-arms itself and a slower one-off, as the video call's timer and quality
// check. Only the earliest deadline may fire next; the clock runs on to it.
const twoClocks = setup({
  types: { context: {} as { ticks: number; slowDone: boolean } },
  delays: { TICK: 1000, SLOW: 2500, EVEN: 2000 },
  guards: { moreTicks: ({ context }) => context.ticks < 3 },
  actions: {
    tick: assign(({ context }) => ({ ticks: context.ticks + 1 })),
    slow: assign({ slowDone: true }),
  },
}).createMachine({
  id: 'harnessClocks',
  context: { ticks: 0, slowDone: false },
  type: 'parallel',
  states: {
    ticking: { initial: 'on', states: { on: { after: { TICK: { guard: 'moreTicks', target: 'on', reenter: true, actions: 'tick' } } } } },
    slow: { initial: 'waiting', states: { waiting: { after: { SLOW: { target: 'done', actions: 'slow' } } }, done: {} } },
    even: { initial: 'waiting', states: { waiting: { after: { EVEN: 'done' } }, done: {} } },
  },
});

describe('model harness with concurrent timers of different periods', () => {
  const clocksModel = createModel(twoClocks);
  const paths = clocksModel.simplePaths();
  const longest = paths.find((path) => path.steps.length === Math.max(...paths.map((candidate) => candidate.steps.length)))!;

  it('interleaves the timers by deadline and fires those due together in one step', () => {
    // The fourth tick still fires at 4 s; its guard refuses it, so the ticking stops there.
    expect(longest.description).toBe('after TICK → after EVEN + after TICK → after SLOW → after TICK → after TICK ⇒ ticking.on + slow.done + even.done');
    expect(longest.steps.map((step) => step.advancedMs)).toEqual([0, 1000, 1000, 500, 500, 1000]);
  });

  it('replays the interleaving on a real actor whose clock lands on every deadline', async () => {
    const seen: Array<[number, number, boolean]> = [];
    await clocksModel.replay(longest, {
      assertState: (_expected, { actor, clock }) => {
        const { context } = snapshotView(actor.getSnapshot()) as unknown as { context: { ticks: number; slowDone: boolean } };
        seen.push([clock.now(), context.ticks, context.slowDone]);
      },
    });
    expect(seen).toEqual([
      [0, 0, false],
      [1000, 1, false],
      [2000, 2, false],
      [2500, 2, true],
      [3000, 3, true],
      [4000, 3, true],
    ]);
  });

  it('fails when one of the concurrent timers runs on a different period', async () => {
    const slower = ({ machine, clock, inspect }: MountArgs<typeof twoClocks>) => ({
      actor: createActor(machine.provide({ delays: { SLOW: 2700 } }), { clock, inspect }).start(),
    });
    await expect(clocksModel.replay(longest, { mount: slower })).rejects.toThrow(/not in the model's state/);
  });
});
