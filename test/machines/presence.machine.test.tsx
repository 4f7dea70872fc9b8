import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SimulatedClock, type AnyActorRef, type AnyEventObject } from 'xstate';
import { HEARTBEAT_INTERVAL_MS, presenceMachine, type PresenceSnapshot } from '../../machines/presence.machine';
import { PresenceHeartbeat } from '../../src/features/presence/PresenceHeartbeat';
import { OPEN_TABS_CHANNEL } from '../../src/features/presence/open-tabs';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath, type MountArgs } from '../support/model';
import { json, mockApi, renderApp } from '../src/support/render-app';

// The header reads the signed-in account too (GET /user/me, for the member's photo and name), for an admin
// as well: that is not a heartbeat, so its part of the header is left out of these counts.
vi.mock('../../src/features/shell/AccountMenu', () => ({ AccountPart: () => null }));

/**
 * The presence machine walked through the real heartbeat component: the page
 * is hidden and shown the way a browser does it (visibilityState and a
 * visibilitychange event), time moves by the named heartbeat interval, and
 * after every step the member has been announced exactly as often as the
 * rules say: once per interval on screen, once on coming back, never while away.
 */
afterEach(() => {
  showPage(true);
  localStorage.clear();
});
printCoverageAfterAll();

function showPage(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
}

const model = createModel(presenceMachine, {
  events: {
    'xstate.done.actor.announcePresence': [doneEvent('announcePresence', undefined)],
    'xstate.error.actor.announcePresence': [errorEvent('announcePresence', new Error('Failed to get user data'))],
    'PAGE.LEFT': [
      { type: 'PAGE.LEFT', otherTabsOpen: false },
      { type: 'PAGE.LEFT', otherTabsOpen: true },
    ],
  },
  describeEvent: (event) => (event.type === 'PAGE.LEFT' ? `PAGE.LEFT (${event.otherTabsOpen ? 'another tab open' : 'last tab'})` : event.type),
});

/** What the server was told as pages closed: POST /api/auth/away, each with its bearer. */
let awayCalls: Array<string | null> = [];

async function mountHeartbeat({ machine, clock, inspect }: MountArgs<typeof presenceMachine>) {
  localStorage.setItem('user_token', 'member-token');
  awayCalls = [];
  mockApi({
    'POST /api/auth/away': (_url, init) => {
      awayCalls.push(new Headers(init?.headers).get('authorization'));
      return json(200, { success: true, message: 'Marked as away' });
    },
  });
  let captured: AnyActorRef | undefined;
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <PresenceHeartbeat overrides={{ machine, clock, inspect, onActor: (actor) => (captured = actor) }} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(captured).toBeDefined());
  if (!captured) throw new Error('The presence actor was not exposed');
  return { actor: captured, unmount: () => view.unmount() };
}

function browserDoes(event: AnyEventObject) {
  showPage(event.type === 'PAGE.VISIBLE');
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Another tab of this browser with Orbit open, as the heartbeat's tab registry sees one. */
function openAnotherTab() {
  const channel = new BroadcastChannel(OPEN_TABS_CHANNEL);
  const tab = 'other-tab';
  channel.onmessage = ({ data }: MessageEvent<{ kind: string }>) => {
    if (data.kind === 'hello') channel.postMessage({ kind: 'here', tab });
  };
  channel.postMessage({ kind: 'hello', tab });
  return {
    close: () => {
      channel.postMessage({ kind: 'bye', tab });
      channel.close();
    },
  };
}

/** Messages between tabs arrive as tasks of their own. */
const messagesDelivered = () => new Promise((resolve) => setTimeout(resolve, 20));

async function browserLeavesPage(otherTabsOpen: boolean) {
  const otherTab = otherTabsOpen ? openAnotherTab() : null;
  await messagesDelivered();
  showPage(false);
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  otherTab?.close();
  await messagesDelivered();
}

/** The page tells the server it went only when it was the last Orbit tab, and only once until it is back. */
function expectedAwayCalls(path: ModelPath<typeof presenceMachine>, stepIndex: number): number {
  let open = true;
  let calls = 0;
  for (const { event } of path.steps.slice(1, stepIndex + 1)) {
    if (event.type === 'PAGE.LEFT' && open) {
      open = false;
      if (!event.otherTabsOpen) calls += 1;
    } else if (event.type === 'PAGE.VISIBLE') {
      open = true;
    }
  }
  return calls;
}

/** SPEC-free rule of the heartbeat: one announcement per interval on screen, and one on coming back. */
function expectedAnnouncements(path: ModelPath<typeof presenceMachine>, stepIndex: number): number {
  return path.steps.slice(1, stepIndex + 1).filter((step) => step.event.type.startsWith('xstate.after.') || step.event.type === 'PAGE.VISIBLE').length;
}

function walk(path: ModelPath<typeof presenceMachine>) {
  return model.replay(path, {
    mount: mountHeartbeat,
    executeEvent: (event) =>
      event.type === 'PAGE.LEFT' ? act(() => browserLeavesPage(Boolean(event.otherTabsOpen))) : act(() => browserDoes(event)),
    assertState: async (expected: PresenceSnapshot, { actor, invocations, stepIndex }) => {
      expect((actor.getSnapshot() as PresenceSnapshot).value).toBe(expected.value);
      expect(invocations.filter(({ id }) => id === 'announcePresence')).toHaveLength(expectedAnnouncements(path, stepIndex));
      const away = expectedAwayCalls(path, stepIndex);
      await waitFor(() => expect(awayCalls).toHaveLength(away));
      expect(awayCalls.every((bearer) => bearer === 'Bearer member-token')).toBe(true);
    },
  });
}

describe('presence heartbeat, every shortest path', () => {
  const paths = model.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThanOrEqual(4));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('presence heartbeat, every simple path', () => {
  const paths = model.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThanOrEqual(2));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('presence heartbeat coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('presence heartbeat in the app', () => {
  const meAnswer = { success: true, user: { _id: 'u-1' } };

  it('asks for the member\'s own account with their token every interval, and not while the page is hidden', async () => {
    localStorage.setItem('user_token', 'member-token');
    const bearers: Array<string | null> = [];
    mockApi({
      'GET /api/user/me': (_url, init) => {
        bearers.push(new Headers(init?.headers).get('authorization'));
        return json(200, meAnswer);
      },
    });
    const clock = new SimulatedClock();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PresenceHeartbeat overrides={{ clock }} />
      </QueryClientProvider>,
    );
    const heartbeats = () => bearers.length;

    act(() => clock.increment(HEARTBEAT_INTERVAL_MS - 1));
    expect(heartbeats()).toBe(0);
    act(() => clock.increment(1));
    await waitFor(() => expect(heartbeats()).toBe(1));
    expect(bearers).toEqual(['Bearer member-token']);
    // The answer has to come back before the next interval starts counting.
    await act(async () => {});
    act(() => clock.increment(HEARTBEAT_INTERVAL_MS));
    await waitFor(() => expect(heartbeats()).toBe(2));

    await act(async () => {});
    act(() => browserDoes({ type: 'PAGE.HIDDEN' }));
    act(() => clock.increment(3 * HEARTBEAT_INTERVAL_MS));
    expect(heartbeats()).toBe(2);
    act(() => browserDoes({ type: 'PAGE.VISIBLE' }));
    await waitFor(() => expect(heartbeats()).toBe(3));
  });

  it('tells the server as the last tab closes, and announces again when the browser brings the page back', async () => {
    localStorage.setItem('user_token', 'member-token');
    let awayRequest: RequestInit | undefined;
    const { calls } = mockApi({
      'GET /api/user/me': () => json(200, meAnswer),
      'POST /api/auth/away': (_url, init) => {
        awayRequest = init;
        return json(200, { success: true, message: 'Marked as away' });
      },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PresenceHeartbeat overrides={{ clock: new SimulatedClock() }} />
      </QueryClientProvider>,
    );
    const sent = () => calls.map((call) => `${call.method} ${call.path}`);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    });
    await waitFor(() => expect(sent()).toEqual(['POST /api/auth/away']));
    expect(new Headers(awayRequest?.headers).get('authorization')).toBe('Bearer member-token');
    // The page is going: the request must outlive it.
    expect(awayRequest?.keepalive).toBe(true);

    // A page restored from the back-forward cache is open again; one that was never hidden is not news.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(sent()).toEqual(['POST /api/auth/away', 'GET /api/user/me']));
  });

  it('runs for a signed-in member only: not for a visitor, not for an admin', async () => {
    const heartbeatsFor = async (tokens: Record<string, string>) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(tokens)) localStorage.setItem(key, value);
      const { calls } = mockApi({
        'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit' } } }),
        'GET /api/user/me': () => json(200, meAnswer),
      });
      const view = renderApp('/features');
      await screen.findByRole('banner');
      // The heartbeat is loaded on demand (already in this file's module cache): give it a turn to mount.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      // Coming back to the page announces at once, where the heartbeat runs.
      act(() => browserDoes({ type: 'PAGE.HIDDEN' }));
      act(() => browserDoes({ type: 'PAGE.VISIBLE' }));
      await act(async () => {});
      const count = calls.filter((call) => call.path === '/api/user/me').length;
      view.unmount();
      return count;
    };
    expect(await heartbeatsFor({ user_token: 'member-token' })).toBe(1);
    expect(await heartbeatsFor({})).toBe(0);
    expect(await heartbeatsFor({ admin_token: 'admin-token' })).toBe(0);
    expect(await heartbeatsFor({ user_token: 'member-token', admin_token: 'admin-token' })).toBe(0);
  });
});
