import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor as waitForActor, type AnyEventObject } from 'xstate';
import type { Candidate, LikeType } from '../../contract/discovery';
import { spinMachine, spinStepsFrom, type DecisionInput, type DecisionOutcome, type SpinDeck, type SpinEvent, type SpinSnapshot } from '../../machines/spin.machine';
import { SpinScreen } from '../../src/features/spin/SpinScreen';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type MachineModel, type ModelPath, type Mounted, type MountArgs } from '../support/model';
import { actorCatcher, renderScreen } from '../src/features/discover/render-screen';

// Real screens render here; on a busy machine a render can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const person = (id: string, name: string, extra: Partial<Candidate> = {}): Candidate => ({
  id,
  username: name.toLowerCase(),
  name,
  age: 28,
  gender: 'female',
  region: 'Bandra',
  avatar: `/api/media/avatar/${name.toLowerCase()}`,
  isOnline: false,
  isVIP: false,
  interests: ['Jazz', 'Hiking', 'Chess', 'Tea'],
  lastActive: 'Active 1 hour ago',
  compatibility: 70,
  ...extra,
});

const ASHA = person('b7a3c0de-0000-4000-8000-00000000000a', 'Asha', { isOnline: true, isVIP: true });
const BEN = person('b7a3c0de-0000-4000-8000-00000000000b', 'Ben', { age: 33, compatibility: 64 });
const SAMPLE = person('sample-1', 'Sampled');
const EARLIER_MATCH = person('b7a3c0de-0000-4000-8000-00000000000c', 'Cleo');

const deckEvents = {
  'xstate.done.actor.loadDeck': [
    doneEvent('loadDeck', { candidates: [ASHA, BEN], recentMatches: [EARLIER_MATCH] }),
    doneEvent('loadDeck', { candidates: [], recentMatches: [] }),
  ],
  'xstate.error.actor.loadDeck': [errorEvent('loadDeck', new Error('Failed to fetch spin users'))],
  DECIDE: (['like', 'super', 'dislike'] as const).map((decision) => ({ type: 'DECIDE', decision })),
  'xstate.done.actor.sendDecision': [doneEvent('sendDecision', { match: true }), doneEvent('sendDecision', { match: false })],
  'xstate.error.actor.sendDecision': [errorEvent('sendDecision', new Error('Failed to like user'))],
};

type Snapshot = SpinSnapshot;
const deckKey = (snapshot: Snapshot) => ({
  value: snapshot.value,
  index: snapshot.context.index,
  stepsLeft: snapshot.context.stepsLeft,
  deck: snapshot.context.candidates.map((candidate) => candidate.name),
  decision: snapshot.context.decision,
});

// Shortest paths: both spin lengths, the match notice part of the state, sample users available.
const shortestModel = createModel(spinMachine, {
  input: { samples: [SAMPLE] },
  events: { ...deckEvents, SPIN: [{ type: 'SPIN', steps: 5 }, { type: 'SPIN', steps: 9 }] },
  stateKey: (snapshot) => JSON.stringify({ ...deckKey(snapshot), matched: snapshot.context.matched }),
});
// Simple paths: no sample users (so a failed load shows the empty state); the notice is left out of the
// state so the paths stay few — the screen is still checked against the actor's own notice flag.
const simpleModel = createModel(spinMachine, {
  input: { samples: [] },
  events: { ...deckEvents, SPIN: [{ type: 'SPIN', steps: 5 }] },
  stateKey: (snapshot) => JSON.stringify(deckKey(snapshot)),
});

interface Harness {
  nextRandom: number;
  alerts: string[];
}

async function mountSpin({ machine, clock, inspect }: MountArgs<typeof spinMachine>, samples: readonly Candidate[], harness: Harness): Promise<Mounted> {
  const catcher = actorCatcher();
  const view = await renderScreen(() => (
    <SpinScreen
      samples={samples}
      random={() => harness.nextRandom}
      alert={(message) => harness.alerts.push(message)}
      overrides={{ machine, clock, inspect, onActor: catcher.onActor }}
    />
  ));
  return { actor: catcher.actor, unmount: () => view.unmount() };
}

const BUTTONS = ['Dislike', 'Spin', 'Like', 'Super like'];
const DECISION_BUTTON: Record<LikeType, string> = { like: 'Like', super: 'Super like', dislike: 'Dislike' };
const FAILURE_ALERT: Record<LikeType, string> = { like: 'Failed to like user', super: 'Failed to super like user', dislike: 'Failed to dislike user' };

/** The alerts a user should have seen after these steps: one per failed decision, worded for it. */
function expectedAlerts(events: readonly AnyEventObject[]): string[] {
  const alerts: string[] = [];
  let decision: LikeType = 'like';
  for (const event of events) {
    const spinEvent = event as unknown as SpinEvent;
    if (spinEvent.type === 'DECIDE') decision = spinEvent.decision;
    if (event.type === 'xstate.error.actor.sendDecision') alerts.push(FAILURE_ALERT[decision]);
  }
  return alerts;
}

async function expectScreenFor(expected: Snapshot, actual: Snapshot, path: ModelPath<typeof spinMachine>, stepIndex: number, harness: Harness) {
  await waitFor(() => {
    const current = actual.context.candidates[actual.context.index];
    if (expected.matches('loading') || expected.matches('sorting')) {
      expect(screen.getByText('Finding people to spin...')).toBeInTheDocument();
    } else if (expected.matches('empty')) {
      expect(screen.getByRole('heading', { name: 'No one new to spin' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    } else {
      expect(screen.getByRole('heading', { level: 2, name: `${current?.name}, ${current?.age}` })).toBeInTheDocument();
      // The candidate's own score from the server, in SPEC's words.
      expect(screen.getByText(`${current?.compatibility}% compatibility`)).toBeInTheDocument();
      const interests = within(screen.getByRole('list', { name: 'Interests' })).getAllByRole('listitem');
      expect(interests.map((item) => item.textContent)).toEqual(current?.interests.slice(0, 3));
      expect(screen.queryByText('Online Now') !== null).toBe(current?.isOnline);
      const enabled = expected.matches('ready');
      for (const name of BUTTONS) expect(screen.getByRole('button', { name })).toHaveProperty('disabled', !enabled);
    }
    expect(screen.getByText(`Spin to discover new people • ${actual.context.candidates.length} users available`)).toBeInTheDocument();
    expect(screen.queryByText("It's a match! 🎉") !== null).toBe(actual.context.matched);
    const yourMatches = screen.getByRole('region', { name: 'Your Matches' });
    for (const match of actual.context.recentMatches) expect(within(yourMatches).getByText(match.name)).toBeInTheDocument();
  });
  expect(harness.alerts).toEqual(expectedAlerts(path.steps.slice(1, stepIndex + 1).map((step) => step.event)));
}

function walk(model: MachineModel<typeof spinMachine>, samples: readonly Candidate[], path: ModelPath<typeof spinMachine>) {
  const harness: Harness = { nextRandom: 0, alerts: [] };
  return model.replay(path, {
    mount: (args) => mountSpin(args, samples, harness),
    executeEvent: async (anyEvent) => {
      const event = anyEvent as unknown as SpinEvent;
      let button: HTMLElement;
      if (event.type === 'SPIN') {
        const { steps } = event;
        // The injected random source decides the spin length.
        harness.nextRandom = (steps - 5) / 5 + 0.01;
        expect(spinStepsFrom(harness.nextRandom)).toBe(steps);
        button = screen.getByRole('button', { name: 'Spin' });
      } else if (event.type === 'DECIDE') {
        button = screen.getByRole('button', { name: DECISION_BUTTON[event.decision] });
      } else if (event.type === 'RELOAD') {
        button = screen.getByRole('button', { name: 'Reload' });
      } else {
        throw new Error(`no user action for ${anyEvent.type}`);
      }
      await act(async () => {
        fireEvent.click(button);
        await Promise.resolve();
      });
    },
    assertState: async (expected, { actor, invocations, stepIndex }) => {
      const actual = actor.getSnapshot() as Snapshot;
      await expectScreenFor(expected, actual, path, stepIndex, harness);
      if (expected.matches('deciding')) {
        const current = actual.context.candidates[actual.context.index];
        expect(invocations.at(-1)).toMatchObject({ src: 'sendDecision', input: { targetId: current?.id, decision: actual.context.decision } });
      }
    },
  });
}

printCoverageAfterAll();

describe('spin on the real screen, every shortest path', () => {
  const paths = shortestModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(40));
  for (const path of paths) it(path.description, () => walk(shortestModel, [SAMPLE], path));
});

describe('spin on the real screen, every simple path', () => {
  const paths = simpleModel.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(40));
  for (const path of paths) it(path.description, () => walk(simpleModel, [], path));
});

describe('spin machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = shortestModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('spin machine, targeted', () => {
  it('keeps the SPEC timings: 100 ms steps, the result after 500 ms, the next person 1 s after a like', () => {
    expect(spinMachine.implementations.delays).toEqual({ SPIN_STEP: 100, SPIN_RESULT_DELAY: 500, ADVANCE_AFTER_LIKE: 1000 });
  });

  it('maps the random source onto 5 to 9 steps', () => {
    expect([0, 0.19, 0.2, 0.5, 0.99, 0.999999].map(spinStepsFrom)).toEqual([5, 5, 6, 7, 9, 9]);
  });

  function liveSpin(deck: Candidate[]) {
    const clock = new SimulatedClock();
    const machine = spinMachine.provide({
      actors: {
        loadDeck: fromPromise<SpinDeck, void>(() => Promise.resolve({ candidates: deck, recentMatches: [] })),
        sendDecision: fromPromise<DecisionOutcome, DecisionInput>(() => Promise.resolve({ match: true })),
      },
    });
    return { actor: createActor(machine, { input: { samples: [] }, clock }).start(), clock };
  }

  it('ignores spins of the wrong length', async () => {
    const { actor } = liveSpin([ASHA, BEN]);
    await waitForActor(actor, (snapshot) => snapshot.matches('ready'));
    for (const steps of [4, 10, 6.5]) {
      actor.send({ type: 'SPIN', steps });
      expect(actor.getSnapshot().value).toBe('ready');
    }
  });

  it('keeps only the last 5 matches, newest first', async () => {
    const deck = Array.from({ length: 7 }, (_, index) => person(`id-${index}`, `P${index}`));
    const { actor, clock } = liveSpin(deck);
    await waitForActor(actor, (snapshot) => snapshot.matches('ready'));
    for (let round = 0; round < 7; round += 1) {
      actor.send({ type: 'DECIDE', decision: 'like' });
      await waitForActor(actor, (snapshot) => snapshot.matches('liked'));
      clock.increment(1000);
    }
    expect(actor.getSnapshot().context.recentMatches.map((match) => match.name)).toEqual(['P6', 'P5', 'P4', 'P3', 'P2']);
  });
});
