import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import type { Match } from '../../../contract/discovery';
import { matchesMachine, type MatchesSnapshot } from '../../../machines/discovery/matches.machine';
import { matchesQueryOptions } from '../../../src/api/discovery';
import { MatchesScreen } from '../../../src/features/discovery/matches/MatchesScreen';
import { answerBlocks, blockedMessage } from '../../support/block-endpoint';
import { heldRequests } from '../../support/held-requests';
import { createModel, printCoverageAfterAll, type ModelPath, type Mounted, type MountArgs } from '../../support/model';
import { json } from '../../src/support/render-app';
import { actorCatcher, renderScreen } from '../../src/features/discovery/discover/render-screen';

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
  isDemo: false,
  interests: ['Jazz', 'Hiking', 'Chess', 'Tea', 'Film'],
  lastActive: n === 1 ? 'Online now' : 'Active 3 hours ago',
  compatibility: 60 + n,
  matchId: `m-${n}`,
  matchedAt: '2026-05-01T10:00:00.000Z',
  ...extra,
});
const THREE = [match(1), match(2), match(3)];
/** A match made while the screen is open (the other member liked back); newest, so first. */
const NEW = match(4, { name: 'Noor', region: 'Kochi' });
const EVERYONE = [NEW, ...THREE];
const idsOf = (matches: readonly Match[]) => matches.map((shown) => shown.id);
/** The matches with these ids, as the server lists them (newest first). */
const matchesWith = (ids: readonly string[]) => EVERYONE.filter((candidate) => ids.includes(candidate.id));

const shownIn = (snapshot: MatchesSnapshot) => EVERYONE.find((candidate) => candidate.id === snapshot.context.ids[snapshot.context.index]);

const model = createModel(matchesMachine, {
  events: {
    LOADED: [{ type: 'LOADED', ids: idsOf(THREE) }, { type: 'LOADED', ids: [] }, { type: 'LOADED', ids: idsOf(EVERYONE) }],
    FAILED: [{ type: 'FAILED', error: new Error('Failed to load matches') }],
    BLOCKED: THREE.map((blocked) => ({ type: 'BLOCKED', userId: blocked.id })),
  },
  // The dialog blocks the match on the card, so only that one can be blocked. Walks block the
  // first card (the next one moves up) down to the last one left (No Matches Yet); blocking
  // elsewhere doubles the walks for the same screens, so the wrap after the last card is a
  // targeted test below.
  // The first answer is the three or none; after it, only the new match arrives (once, on the first
  // card or where no card shows), and the walk ends on the screen that shows it (the heart finishing
  // first), which keeps the walks few.
  filterEvents: (snapshot, event) => {
    if (snapshot.context.ids.includes(NEW.id)) return event.type.startsWith('xstate.after.');
    if (event.type === 'LOADED') {
      const withNew = (event as { ids?: string[] }).ids?.includes(NEW.id) === true;
      if (snapshot.matches('loading')) return !withNew;
      const { ids, index } = snapshot.context;
      return withNew && !ids.includes(NEW.id) && index === 0 && (ids.length === 0 || ids.length === THREE.length);
    }
    return (
      event.type !== 'BLOCKED' ||
      ((event as { userId?: string }).userId === shownIn(snapshot)?.id && (snapshot.context.index === 0 || snapshot.context.ids.length === 1))
    );
  },
});

/** GET /api/matches requests the screen made that the walk has not answered yet. */
const matchRequests = heldRequests();

beforeEach(() => {
  matchRequests.reset();
  answerBlocks(THREE);
  const answerBlock = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname !== '/api/matches') return answerBlock(input, init);
    return matchRequests.hold(url);
  };
});
afterEach(() => vi.restoreAllMocks());

/** The server answers the screen's pending GET /api/matches. */
async function answerMatches(response: Response): Promise<void> {
  await matchRequests.answer(response);
}

interface Effects {
  alerts: string[];
  chats: string[];
  calls: string[];
}

async function mountMatches(
  { machine, clock, inspect }: MountArgs<typeof matchesMachine>,
  effects: Effects,
  onQueryClient: (queryClient: QueryClient) => void,
): Promise<Mounted> {
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
  onQueryClient(view.queryClient);
  return { actor: catcher.actor, unmount: () => view.unmount() };
}

/** The effects a user should have caused by these steps, replayed on plain data. */
function expectedEffects(events: readonly AnyEventObject[]): Effects {
  const expected: Effects = { alerts: [], chats: [], calls: [] };
  let index = 0;
  let loaded: Match[] = [];
  for (const event of events) {
    if (event.type === 'LOADED') {
      // The card shown stays shown when the list changes.
      const shownId = loaded[index]?.id;
      loaded = matchesWith((event as { ids?: string[] }).ids ?? []);
      index = Math.max(0, loaded.findIndex((candidate) => candidate.id === shownId));
    }
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
  return EVERYONE.find((candidate) => candidate.id === userId)?.name;
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
      const shown = shownIn(expected);
      if (!shown) throw new Error('no match shown in a browsing state');
      expect(screen.getByText(`${expected.context.index + 1} of ${expected.context.ids.length} matches`)).toBeInTheDocument();
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
  let queryClient: QueryClient | undefined;
  return model.replay(path, {
    mount: (args) =>
      mountMatches(args, effects, (client) => {
        queryClient = client;
      }),
    executeEvent: async (event, { actor }) => {
      const snapshot = actor.getSnapshot() as MatchesSnapshot;
      const name = shownIn(snapshot)?.name ?? '';
      if (event.type === 'BLOCKED') return blockThroughTheDialog(name);
      if (event.type === 'FAILED') return answerMatches(json(500, { success: false, message: 'Failed to load matches' }));
      if (event.type === 'LOADED') {
        const matches = matchesWith((event as { ids?: string[] }).ids ?? []);
        if (snapshot.matches('loading')) return answerMatches(json(200, { matches }));
        // A new match on the open screen: the realtime event's refetch lands in the cache.
        return act(() => {
          queryClient?.setQueryData(matchesQueryOptions().queryKey, matches);
        });
      }
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
  const browsingAt = (index: number) => {
    const actor = createActor(matchesMachine, { clock: new SimulatedClock() }).start();
    actor.send({ type: 'LOADED', ids: idsOf(THREE) });
    for (let step = 0; step < index; step += 1) actor.send({ type: 'NEXT' });
    return actor;
  };
  const shownName = (actor: ReturnType<typeof browsingAt>) => shownIn(actor.getSnapshot())?.name;

  it('shows the first match after blocking the last card, as Next would', () => {
    const actor = browsingAt(2);
    actor.send({ type: 'BLOCKED', userId: THREE[2]?.id ?? '' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('browsing');
    expect(matchesWith(snapshot.context.ids).map((shown) => shown.name)).toEqual(['Ines', 'Kofi']);
    expect(snapshot.context.index).toBe(0);
  });

  it('keeps the card shown when someone else on the list is blocked, and ignores an unknown id', () => {
    const actor = browsingAt(2);
    actor.send({ type: 'BLOCKED', userId: THREE[0]?.id ?? '' });
    expect(shownName(actor)).toBe('Lena');
    actor.send({ type: 'BLOCKED', userId: 'c0ffee00-0000-4000-8000-0000000000ff' });
    expect(matchesWith(actor.getSnapshot().context.ids).map((shown) => shown.name)).toEqual(['Kofi', 'Lena']);
    expect(shownName(actor)).toBe('Lena');
  });

  it('keeps the card shown when a new match arrives at the top of the list', () => {
    const actor = createActor(matchesMachine, { clock: new SimulatedClock() }).start();
    actor.send({ type: 'LOADED', ids: idsOf(THREE.slice(1)) });
    actor.send({ type: 'NEXT' });
    expect(shownName(actor)).toBe('Lena');
    actor.send({ type: 'LOADED', ids: idsOf(THREE) });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.index).toBe(2);
    expect(shownName(actor)).toBe('Lena');
  });

  it('announces the person the heart was for, even when the list changed during the animation', () => {
    const clock = new SimulatedClock();
    const announced: string[] = [];
    const machine = matchesMachine.provide({ actions: { announceConnected: (_, { userId }: { userId: string }) => void announced.push(userId) } });
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'LOADED', ids: idsOf(THREE.slice(1)) });
    actor.send({ type: 'CONNECT' });
    actor.send({ type: 'LOADED', ids: idsOf(THREE) });
    expect(actor.getSnapshot().value).toBe('connecting');
    clock.increment(2000);
    expect(announced).toEqual([THREE[1]?.id]);
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(shownName(actor)).toBe('Kofi');
  });

  it('plays the connect animation for the SPEC 2 seconds', () => {
    expect(matchesMachine.implementations.delays).toEqual({ CONNECT_ANIMATION: 2000 });
  });
});
