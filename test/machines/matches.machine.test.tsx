import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor as waitForActor, type AnyEventObject } from 'xstate';
import type { Match } from '../../contract/discovery';
import { matchesMachine, type MatchesSnapshot } from '../../machines/matches.machine';
import { MatchesScreen } from '../../src/features/matches/MatchesScreen';
import { answerBlocks, blockedMessage } from '../support/block-endpoint';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath, type Mounted, type MountArgs } from '../support/model';
import { actorCatcher, renderScreen } from '../src/features/discover/render-screen';

// Real screens render here; on a busy machine a render can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const match = (n: number, extra: Partial<Match> = {}): Match => ({
  id: `c0ffee00-0000-4000-8000-00000000000${n}`,
  username: `m${n}`,
  name: ['Ines', 'Kofi', 'Lena'][n - 1] ?? `M${n}`,
  age: 24 + n,
  gender: 'female',
  region: ['Pune', 'Goa', 'Delhi'][n - 1] ?? '',
  avatar: `/api/media/avatar/m${n}`,
  isOnline: n === 1,
  isVIP: n === 2,
  interests: ['Jazz', 'Hiking', 'Chess', 'Tea', 'Film'],
  lastActive: n === 1 ? 'Online now' : 'Active 3 hours ago',
  compatibility: 60 + n,
  matchId: `m-${n}`,
  matchedAt: '2026-05-01T10:00:00.000Z',
  ...extra,
});
const THREE = [match(1), match(2), match(3)];

const shownIn = (snapshot: MatchesSnapshot) => snapshot.context.matches[snapshot.context.index];

const model = createModel(matchesMachine, {
  events: {
    'xstate.done.actor.loadMatches': [doneEvent('loadMatches', THREE), doneEvent('loadMatches', [])],
    'xstate.error.actor.loadMatches': [errorEvent('loadMatches', new Error('Failed to load matches'))],
    BLOCKED: THREE.map((blocked) => ({ type: 'BLOCKED', userId: blocked.id })),
  },
  // The dialog blocks the match on the card, so only that one can be blocked. Walks block the
  // first card (the next one moves up) down to the last one left (No Matches Yet); blocking
  // elsewhere doubles the walks for the same screens, so the wrap after the last card is a
  // targeted test below.
  filterEvents: (snapshot, event) =>
    event.type !== 'BLOCKED' ||
    ((event as { userId?: string }).userId === shownIn(snapshot)?.id && (snapshot.context.index === 0 || snapshot.context.matches.length === 1)),
});

beforeEach(() => answerBlocks(THREE));
afterEach(() => vi.restoreAllMocks());

interface Effects {
  alerts: string[];
  chats: string[];
  calls: string[];
}

async function mountMatches({ machine, clock, inspect }: MountArgs<typeof matchesMachine>, effects: Effects): Promise<Mounted> {
  const catcher = actorCatcher();
  const view = await renderScreen(() => (
    <MatchesScreen
      overrides={{ machine, clock, inspect, onActor: catcher.onActor }}
      effects={{
        alert: (message) => effects.alerts.push(message),
        openChat: (userId) => effects.chats.push(userId),
        startVideoCall: (userId) => effects.calls.push(userId),
      }}
    />
  ));
  return { actor: catcher.actor, unmount: () => view.unmount() };
}

/** The effects a user should have caused by these steps, replayed on plain data. */
function expectedEffects(events: readonly AnyEventObject[]): Effects {
  const expected: Effects = { alerts: [], chats: [], calls: [] };
  let index = 0;
  let loaded: Match[] = [];
  for (const event of events) {
    if (event.type === 'xstate.done.actor.loadMatches') [loaded, index] = [(event as unknown as { output: Match[] }).output, 0];
    if (event.type === 'BLOCKED') {
      // The card after the blocked one takes its place; after the last, the first.
      loaded = loaded.filter((_, position) => position !== index);
      if (index >= loaded.length) index = 0;
    }
    if (event.type === 'NEXT') index = (index + 1) % loaded.length;
    if (event.type === 'PREV') index = (index - 1 + loaded.length) % loaded.length;
    const shown = loaded[index];
    if (!shown) continue;
    if (event.type === 'CHAT') expected.chats.push(shown.id);
    if (event.type === 'VIDEO') expected.calls.push(shown.id);
    if (event.type.startsWith('xstate.after.CONNECT_ANIMATION')) expected.alerts.push(`Connected with ${shown.name}!`);
  }
  return expected;
}

const BUTTON_FOR: Record<string, (name: string) => string> = {
  NEXT: () => 'Next match',
  PREV: () => 'Previous match',
  CHAT: (name) => `Chat with ${name}`,
  CONNECT: (name) => `Connect with ${name}`,
  VIDEO: (name) => `Video call ${name}`,
};

/** The last block of the walk, whose message stays above the card. */
function lastBlocked(events: readonly AnyEventObject[]): string | undefined {
  const blocks = events.filter((event) => event.type === 'BLOCKED');
  const userId = (blocks[blocks.length - 1] as { userId?: string } | undefined)?.userId;
  return THREE.find((candidate) => candidate.id === userId)?.name;
}

async function expectScreenFor(expected: MatchesSnapshot, blockedName: string | undefined): Promise<void> {
  await waitFor(() => {
    if (blockedName) expect(screen.getByText(blockedMessage(blockedName))).toBeInTheDocument();
    else expect(screen.queryByText(/^You blocked /)).not.toBeInTheDocument();
    if (expected.matches('loading') || expected.matches('sorting')) {
      expect(screen.getByText('Finding your matches...')).toBeInTheDocument();
    } else if (expected.matches('error')) {
      expect(screen.getByRole('heading', { name: 'Error Loading Matches' })).toBeInTheDocument();
      expect(screen.getByText('Failed to load matches')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    } else if (expected.matches('empty')) {
      expect(screen.getByRole('heading', { name: 'No Matches Yet' })).toBeInTheDocument();
      expect(screen.getByText('Try using the spin feature to find new people')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Discover People' })).toHaveAttribute('href', '/spin');
    } else {
      const shown = expected.context.matches[expected.context.index];
      if (!shown) throw new Error('no match shown in a browsing state');
      expect(screen.getByText(`${expected.context.index + 1} of ${expected.context.matches.length} matches`)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: `${shown.name}, ${shown.age}` })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: shown.name })).toHaveAttribute('src', shown.avatar);
      expect(screen.getByText(`${shown.compatibility}% compatibility`)).toBeInTheDocument();
      expect(screen.getByText(shown.region)).toBeInTheDocument();
      expect(screen.getByText(shown.isOnline ? 'Online' : shown.lastActive, { selector: 'p' })).toBeInTheDocument();
      expect(screen.queryByText('VIP') !== null).toBe(shown.isVIP);
      const interests = within(screen.getByRole('list', { name: 'Interests' })).getAllByRole('listitem');
      expect(interests.map((item) => item.textContent)).toEqual(shown.interests.slice(0, 4));
      const connecting = expected.matches('connecting');
      // The card's own status region comes after the notice of a block, which is one too.
      expect(screen.getAllByRole('status').at(-1)).toHaveTextContent(connecting ? `Connecting with ${shown.name}...` : '');
      for (const label of Object.values(BUTTON_FOR)) expect(screen.getByRole('button', { name: label(shown.name) })).toHaveProperty('disabled', connecting);
      expect(screen.getByRole('button', { name: 'Report or block' })).toHaveProperty('disabled', connecting);
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Find Your Match' })).toBeInTheDocument();
    const more = screen.getByRole('region', { name: 'Discover More' });
    expect(within(more).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/spin', '/radar', '/users']);
  });
}

/** What a member does: Report or block, Block <name>, then Block to confirm; the dialog closes when the server agrees. */
async function blockThroughTheDialog(name: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Report or block' }));
  // The dialog's code loads on the first press.
  const dialog = await screen.findByRole('dialog', { name: `Report or block ${name}` });
  fireEvent.click(within(dialog).getByRole('button', { name: `Block ${name}` }));
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Block' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

function walk(path: ModelPath<typeof matchesMachine>) {
  const effects: Effects = { alerts: [], chats: [], calls: [] };
  return model.replay(path, {
    mount: (args) => mountMatches(args, effects),
    executeEvent: async (event, { actor }) => {
      const snapshot = actor.getSnapshot() as MatchesSnapshot;
      const name = snapshot.context.matches[snapshot.context.index]?.name ?? '';
      if (event.type === 'BLOCKED') return blockThroughTheDialog(name);
      const label = event.type === 'RETRY' ? 'Try Again' : BUTTON_FOR[event.type]?.(name);
      if (!label) throw new Error(`no user action for ${event.type}`);
      const button = screen.getByRole('button', { name: label });
      await act(async () => {
        fireEvent.click(button);
        await Promise.resolve();
      });
    },
    assertState: async (expected, { stepIndex }) => {
      const events = path.steps.slice(1, stepIndex + 1).map((step) => step.event);
      await expectScreenFor(expected, lastBlocked(events));
      expect(effects).toEqual(expectedEffects(events));
    },
  });
}

printCoverageAfterAll();

describe('matches on the real screen, every shortest path', () => {
  const paths = model.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('matches on the real screen, every simple path', () => {
  const paths = model.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThanOrEqual(7));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('matches machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('matches machine, targeted', () => {
  const browsingAt = async (index: number) => {
    const actor = createActor(matchesMachine.provide({ actors: { loadMatches: fromPromise(() => Promise.resolve(THREE)) } }), { clock: new SimulatedClock() }).start();
    await waitForActor(actor, (snapshot) => snapshot.matches('browsing'));
    for (let step = 0; step < index; step += 1) actor.send({ type: 'NEXT' });
    return actor;
  };

  it('shows the first match after blocking the last card, as Next would', async () => {
    const actor = await browsingAt(2);
    actor.send({ type: 'BLOCKED', userId: THREE[2]?.id ?? '' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('browsing');
    expect(snapshot.context.matches.map((shown) => shown.name)).toEqual(['Ines', 'Kofi']);
    expect(snapshot.context.index).toBe(0);
  });

  it('keeps the card shown when someone else on the list is blocked, and ignores an unknown id', async () => {
    const actor = await browsingAt(2);
    actor.send({ type: 'BLOCKED', userId: THREE[0]?.id ?? '' });
    expect(shownIn(actor.getSnapshot())?.name).toBe('Lena');
    actor.send({ type: 'BLOCKED', userId: 'c0ffee00-0000-4000-8000-0000000000ff' });
    expect(actor.getSnapshot().context.matches.map((shown) => shown.name)).toEqual(['Kofi', 'Lena']);
    expect(shownIn(actor.getSnapshot())?.name).toBe('Lena');
  });

  it('plays the connect animation for the SPEC 2 seconds', () => {
    expect(matchesMachine.implementations.delays).toEqual({ CONNECT_ANIMATION: 2000 });
  });

  it('rejects loudly when the screen forgot to provide the loader', async () => {
    const actor = createActor(matchesMachine, { clock: new SimulatedClock() }).start();
    const settled = await waitForActor(actor, (snapshot) => snapshot.matches('error'));
    expect(settled.context.error).toMatch(/"loadMatches" actor was not provided/);
  });
});
