import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SimulatedClock, type AnyActorRef, type AnyEventObject } from 'xstate';
import { HEARTBEAT_INTERVAL_MS, presenceMachine, type PresenceSnapshot } from '../../../machines/members/presence.machine';
import { PresenceHeartbeat } from '../../../src/features/members/presence/PresenceHeartbeat';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath, type MountArgs } from '../../support/model';
import { json, mockApi, renderApp } from '../../src/support/render-app';

// The header reads the signed-in account too (GET /user/me, for the member's photo and name), for an admin
// as well: that is not a heartbeat, so its part of the header is left out of these counts.
vi.mock('../../../src/features/shell/AccountMenu', () => ({ AccountPart: () => null }));

/**
 * The presence machine walked through the real heartbeat component: the page
 * is hidden and shown the way a browser does it (visibilityState and a
 * visibilitychange event), time moves by the named heartbeat interval, and
 * after every step the member has been announced exactly as often as the
 * rules say: once per interval on screen, once on coming back, never while away.
 * Leaving the page sends nothing at all (no request, no beacon): the server
 * learns of it from the realtime connection closing, and waits out a reload.
 */
afterEach(() => {
  showPage(true);
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});
printCoverageAfterAll();

function showPage(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
}

const model = createModel(presenceMachine, {
  events: {
    'xstate.done.actor.announcePresence': [doneEvent('announcePresence', undefined)],
    'xstate.error.actor.announcePresence': [errorEvent('announcePresence', new Error('Failed to get user data'))],
  },
});

/**
 * Every request the page made, and every beacon it sent. The model stands in
 * for the heartbeat's own request, so in a walk both stay empty throughout.
 */
let requests: Array<{ method: string; path: string }> = [];
let beacons: unknown[][] = [];

/** jsdom has no sendBeacon: one that records, so that a beacon sent as the page goes would show. */
function recordBeacons() {
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (...args: unknown[]) => {
      beacons.push(args);
      return true;
    },
  });
}

async function mountHeartbeat({ machine, clock, inspect }: MountArgs<typeof presenceMachine>) {
  localStorage.setItem('user_token', 'member-token');
  requests = mockApi({}).calls;
  recordBeacons();
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

/** A request or beacon sent as the page goes would be on its way within a task. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

async function browserLeavesPage() {
  showPage(false);
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  await nextTask();
}

/** SPEC-free rule of the heartbeat: one announcement per interval on screen, and one on coming back. */
function expectedAnnouncements(path: ModelPath<typeof presenceMachine>, stepIndex: number): number {
  return path.steps.slice(1, stepIndex + 1).filter((step) => step.event.type.startsWith('xstate.after.') || step.event.type === 'PAGE.VISIBLE').length;
}

function walk(path: ModelPath<typeof presenceMachine>) {
  return model.replay(path, {
    mount: mountHeartbeat,
    executeEvent: (event) => (event.type === 'PAGE.LEFT' ? act(() => browserLeavesPage()) : act(() => browserDoes(event))),
    assertState: (expected: PresenceSnapshot, { actor, invocations, stepIndex }) => {
      expect((actor.getSnapshot() as PresenceSnapshot).value).toBe(expected.value);
      expect(invocations.filter(({ id }) => id === 'announcePresence')).toHaveLength(expectedAnnouncements(path, stepIndex));
      // Leaving (and everything else here) tells the server nothing by request: only the realtime connection closing does.
      expect(requests).toEqual([]);
      expect(beacons).toEqual([]);
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

  it('sends nothing as the page goes, and announces again when the browser brings the page back', async () => {
    localStorage.setItem('user_token', 'member-token');
    const { calls } = mockApi({ 'GET /api/user/me': () => json(200, meAnswer) });
    recordBeacons();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PresenceHeartbeat overrides={{ clock: new SimulatedClock() }} />
      </QueryClientProvider>,
    );
    const sent = () => calls.map((call) => `${call.method} ${call.path}`);
    await act(async () => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
      await nextTask();
    });
    // The server learns of it from the realtime connection closing, and keeps the member online through a reload.
    expect(sent()).toEqual([]);
    expect(beacons).toEqual([]);

    // A page restored from the back-forward cache is open again; one that was never hidden is not news.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(sent()).toEqual(['GET /api/user/me']));
    expect(beacons).toEqual([]);
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
