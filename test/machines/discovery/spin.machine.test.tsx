import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor as waitForActor, type AnyEventObject } from 'xstate';
import type { Candidate, LikeType, Match } from '../../../contract/discovery';
import { spinMachine, spinStepsFrom, type DecisionInput, type DecisionOutcome, type SpinEvent, type SpinSnapshot } from '../../../machines/discovery/spin.machine';
import { RecentMatches } from '../../../src/features/discovery/spin/RecentMatches';
import { SpinScreen } from '../../../src/features/discovery/spin/SpinScreen';
import { heldRequests } from '../../support/held-requests';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type MachineModel, type ModelPath, type Mounted, type MountArgs } from '../../support/model';
import { json } from '../../src/support/render-app';
import { actorCatcher, renderScreen } from '../../src/features/discovery/discover/render-screen';

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
  isDemo: false,
  interests: ['Jazz', 'Hiking', 'Chess', 'Tea'],
  lastActive: 'Active 1 hour ago',
  compatibility: 70,
  ...extra,
});

const ASHA = person('b7a3c0de-0000-4000-8000-00000000000a', 'Asha', { isOnline: true, isVIP: true });
const BEN = person('b7a3c0de-0000-4000-8000-00000000000b', 'Ben', { age: 33, compatibility: 64 });
const SAMPLE = person('sample-1', 'Sampled');
const EARLIER_MATCH = person('b7a3c0de-0000-4000-8000-00000000000c', 'Cleo');
const EVERYONE = [ASHA, BEN, SAMPLE, EARLIER_MATCH];
const personWith = (id: string | undefined) => EVERYONE.find((candidate) => candidate.id === id);
const matchOf = (candidate: Candidate): Match => ({ ...candidate, matchId: `match-${candidate.id}`, matchedAt: '2026-05-01T10:00:00.000Z' });

const deckEvents = {
  // What GET /users/spin answers, as the ids the screen tells the machine.
  LOADED: [{ type: 'LOADED', ids: [ASHA.id, BEN.id] }, { type: 'LOADED', ids: [] }],
  FAILED: [{ type: 'FAILED' }],
  DECIDE: (['like', 'super', 'dislike'] as const).map((decision) => ({ type: 'DECIDE', decision })),
  'xstate.done.actor.sendDecision': [doneEvent('sendDecision', { match: true }), doneEvent('sendDecision', { match: false })],
  'xstate.error.actor.sendDecision': [errorEvent('sendDecision', new Error('Failed to like user'))],
};

type Snapshot = SpinSnapshot;
const deckKey = (snapshot: Snapshot) => ({
  value: snapshot.value,
  index: snapshot.context.index,
  stepsLeft: snapshot.context.stepsLeft,
  deck: snapshot.context.ids.map((id) => personWith(id)?.name),
  decision: snapshot.context.decision,
});

// Shortest paths: both spin lengths, the match notice part of the state, sample users available.
const shortestModel = createModel(spinMachine, {
  input: { sampleIds: [SAMPLE.id] },
  events: { ...deckEvents, SPIN: [{ type: 'SPIN', steps: 5 }, { type: 'SPIN', steps: 9 }] },
  stateKey: (snapshot) => JSON.stringify({ ...deckKey(snapshot), matchedId: snapshot.context.matchedId }),
});
// Simple paths: no sample users (so a failed load shows the empty state); the notice is left out of the
// state so the paths stay few — the screen is still checked against the actor's own notice flag.
const simpleModel = createModel(spinMachine, {
  input: { sampleIds: [] },
  events: { ...deckEvents, SPIN: [{ type: 'SPIN', steps: 5 }] },
  stateKey: (snapshot) => JSON.stringify(deckKey(snapshot)),
});

interface Harness {
  nextRandom: number;
  alerts: string[];
  /** The server's matches, newest first: a mutual like joins the front. */
  serverMatches: Candidate[];
  catcher: ReturnType<typeof actorCatcher>;
}

/** GET /api/users/spin requests the screen made that the walk has not answered yet. */
const deckRequests = heldRequests();
/** The walk's harness, which GET /api/matches answers from. */
let walking: Harness | undefined;

beforeEach(() => {
  deckRequests.reset();
  walking = undefined;
  globalThis.fetch = (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname === '/api/users/spin') return deckRequests.hold(url);
    // Read after the machine's step has settled: the screen asks from inside the step that made the match.
    if (url.pathname === '/api/matches') return new Promise((resolve) => setTimeout(() => resolve(json(200, { matches: walking ? serverMatchesNow(walking) : [] })), 0));
    return Promise.resolve(json(404, { success: false, message: 'Route not found' }));
  };
});
afterEach(() => vi.restoreAllMocks());

/** As the server does: after a mutual like (the machine's `matchedId`), that person leads the matches. */
function serverMatchesNow(harness: Harness): Match[] {
  let matchedId: string | null = null;
  try {
    matchedId = (harness.catcher.actor.getSnapshot() as Snapshot).context.matchedId;
  } catch {
    // Not mounted yet: nobody has been liked.
  }
  const matched = personWith(matchedId ?? undefined);
  if (matched && !harness.serverMatches.some((known) => known.id === matched.id)) harness.serverMatches.unshift(matched);
  return harness.serverMatches.map(matchOf);
}

async function mountSpin({ machine, clock, inspect }: MountArgs<typeof spinMachine>, samples: readonly Candidate[], harness: Harness): Promise<Mounted> {
  const { catcher } = harness;
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

/**
 * 'Your Matches' after these steps: whoever a like or super like was sent for when the server answered "match",
 * newest first, then the earlier match. Worked out from the deck in the state before each answer (the model's
 * state keeps the deck and the decision, not always the notice).
 */
function matchesAfter(path: ModelPath<typeof spinMachine>, stepIndex: number): Candidate[] {
  const matched: Candidate[] = [];
  path.steps.slice(1, stepIndex + 1).forEach((step, position) => {
    const before = path.steps[position]?.state.context;
    const answer = step.event as { type: string; output?: DecisionOutcome };
    if (answer.type !== 'xstate.done.actor.sendDecision' || answer.output?.match !== true || !before || before.decision === 'dislike') return;
    const person = personWith(before.ids[before.index]);
    if (person && !matched.includes(person)) matched.unshift(person);
  });
  return [...matched, EARLIER_MATCH].slice(0, 5);
}

async function expectScreenFor(expected: Snapshot, actual: Snapshot, path: ModelPath<typeof spinMachine>, stepIndex: number, harness: Harness) {
  await waitFor(() => {
    const current = personWith(actual.context.ids[actual.context.index]);
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
    expect(screen.getByText(`Spin to discover new people • ${actual.context.ids.length} users available`)).toBeInTheDocument();
    const matched = personWith(actual.context.matchedId ?? undefined);
    expect(screen.queryByText("It's a match! 🎉") !== null).toBe(matched !== undefined);
    if (matched) expect(screen.getByText(`You and ${matched.name} like each other.`)).toBeInTheDocument();
    // The server's matches, newest first: each person matched on the walk leads 'Your Matches' from then on.
    const yourMatches = screen.getByRole('region', { name: 'Your Matches' });
    const listed = within(yourMatches).queryAllByRole('listitem');
    const expectedMatches = matchesAfter(path, stepIndex);
    expect(listed).toHaveLength(expectedMatches.length);
    expectedMatches.forEach((match, position) => expect(listed[position]).toHaveTextContent(match.name));
  });
  expect(harness.alerts).toEqual(expectedAlerts(path.steps.slice(1, stepIndex + 1).map((step) => step.event)));
}

function walk(model: MachineModel<typeof spinMachine>, samples: readonly Candidate[], path: ModelPath<typeof spinMachine>) {
  const harness: Harness = { nextRandom: 0, alerts: [], serverMatches: [EARLIER_MATCH], catcher: actorCatcher() };
  walking = harness;
  return model.replay(path, {
    mount: (args) => mountSpin(args, samples, harness),
    executeEvent: async (anyEvent) => {
      const event = anyEvent as unknown as SpinEvent;
      let button: HTMLElement;
      if (event.type === 'LOADED') {
        await deckRequests.answer(json(200, { users: event.ids.map((id) => personWith(id)) }));
        return;
      } else if (event.type === 'FAILED') {
        await deckRequests.answer(json(500, { success: false, message: 'Failed to fetch spin users' }));
        return;
      } else if (event.type === 'SPIN') {
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
        expect(invocations.at(-1)).toMatchObject({ src: 'sendDecision', input: { targetId: actual.context.ids[actual.context.index], decision: actual.context.decision } });
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
    const announced: string[] = [];
    const machine = spinMachine.provide({
      actors: { sendDecision: fromPromise<DecisionOutcome, DecisionInput>(() => Promise.resolve({ match: true })) },
      actions: { announceMatch: (_, { userId }: { userId: string }) => void announced.push(userId) },
    });
    const actor = createActor(machine, { input: { sampleIds: [] }, clock }).start();
    actor.send({ type: 'LOADED', ids: deck.map((candidate) => candidate.id) });
    return { actor, clock, announced };
  }

  it('ignores spins of the wrong length', async () => {
    const { actor } = liveSpin([ASHA, BEN]);
    await waitForActor(actor, (snapshot) => snapshot.matches('ready'));
    for (const steps of [4, 10, 6.5]) {
      actor.send({ type: 'SPIN', steps });
      expect(actor.getSnapshot().value).toBe('ready');
    }
  });

  it('announces each mutual like once, with the person liked, for the match moment and Your Matches', async () => {
    const deck = Array.from({ length: 7 }, (_, index) => person(`id-${index}`, `P${index}`));
    const { actor, clock, announced } = liveSpin(deck);
    await waitForActor(actor, (snapshot) => snapshot.matches('ready'));
    for (let round = 0; round < 7; round += 1) {
      actor.send({ type: 'DECIDE', decision: 'like' });
      await waitForActor(actor, (snapshot) => snapshot.matches('liked'));
      expect(actor.getSnapshot().context.matchedId).toBe(`id-${round}`);
      clock.increment(1000);
    }
    expect(announced).toEqual(deck.map((candidate) => candidate.id));
  });

  it('lists only the last 5 matches under Your Matches, newest first', async () => {
    const matches = Array.from({ length: 7 }, (_, index) => person(`id-${6 - index}`, `P${6 - index}`));
    await renderScreen(() => <RecentMatches matches={matches} />);
    const yourMatches = screen.getByRole('region', { name: 'Your Matches' });
    expect(within(yourMatches).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['P6', 'P5', 'P4', 'P3', 'P2']);
  });
});
