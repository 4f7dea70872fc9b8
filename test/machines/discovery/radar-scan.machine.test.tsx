import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import type { NearbyUser } from '../../../contract/discovery';
import { radarScanMachine, type RadarFailureMode, type RadarScanSnapshot } from '../../../machines/discovery/radar-scan.machine';
import { RadarScanner } from '../../../src/features/discovery/radar/RadarScanner';
import { SAMPLE_NEARBY_USERS } from '../../../src/features/discovery/radar/sample-users';
import { heldRequests } from '../../support/held-requests';
import { createModel, printCoverageAfterAll, type MachineModel, type Mounted, type MountArgs } from '../../support/model';
import { json } from '../../src/support/render-app';
import { actorCatcher, renderScreen } from '../../src/features/discovery/discover/render-screen';

// Real screens render here; on a busy machine a render can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const FOUND: NearbyUser[] = [
  { _id: '3f0c8f56-1111-4c1e-9a57-000000000001', username: 'leela_k', name: 'Leela', age: 27, avatar: '/api/media/avatar/leela-k', region: 'Bandra', isOnline: true, isDemo: false, distanceKm: 2 },
  { _id: '3f0c8f56-1111-4c1e-9a57-000000000002', username: 'omar_s', name: 'Omar', age: 31, avatar: '/api/media/avatar/omar-s', region: 'Powai', isOnline: false, isDemo: false, distanceKm: 9 },
];

function modelFor(onFailure: RadarFailureMode) {
  return createModel(radarScanMachine, {
    input: { samples: SAMPLE_NEARBY_USERS, onFailure },
    events: {
      // The server's answer: `users` is who it found, for the walk to answer with (the machine only hears that it came;
      // who was found is the query cache's).
      FOUND: [
        { type: 'FOUND', users: FOUND },
        { type: 'FOUND', users: [] },
      ],
      FAILED: [{ type: 'FAILED', error: new Error('Failed to fetch nearby users') }],
    },
  });
}

/** GET /api/users/radar requests the screen made that the walk has not answered yet. */
const scans = heldRequests();

beforeEach(() => {
  scans.reset();
  globalThis.fetch = (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname !== '/api/users/radar') return Promise.resolve(json(404, { success: false, message: 'Route not found' }));
    return scans.hold(url);
  };
});
afterEach(() => vi.restoreAllMocks());

/** The server answers the screen's pending scan: one request per scan, never a cached answer. */
async function answerScan(response: Response): Promise<void> {
  await waitFor(() => expect(scans.count).toBe(1));
  const url = await scans.answer(response);
  expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ around: 'me', radiusKm: '50', limit: '10' });
}

/** The real radar (canvas, list, buttons) running the model's machine on the simulated clock. */
async function mountScanner({ machine, clock, inspect }: MountArgs<typeof radarScanMachine>, onFailure: RadarFailureMode): Promise<Mounted> {
  const catcher = actorCatcher();
  const view = await renderScreen(() => (
    <RadarScanner search={{ around: 'me', radiusKm: 50, limit: 10 }} onFailure={onFailure} listTitle="Nearby users" overrides={{ machine, clock, inspect, onActor: catcher.onActor }} />
  ));
  return { actor: catcher.actor, unmount: () => view.unmount() };
}

function names(): string[] {
  const list = screen.queryByRole('list', { name: 'Nearby users' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.textContent ?? '') : [];
}

/** Who the last scan on the walk found (the server's last answer). */
function lastFound(events: readonly AnyEventObject[]): readonly NearbyUser[] {
  const answers = events.filter((event) => event.type === 'FOUND');
  return (answers.at(-1) as { users?: NearbyUser[] } | undefined)?.users ?? [];
}

/** What the person at the screen sees in each model state. */
async function expectScreenFor(expected: RadarScanSnapshot, found: readonly NearbyUser[]): Promise<void> {
  await waitFor(() => {
    if (expected.matches('waiting') || expected.matches('fetching')) {
      expect(screen.getByRole('status')).toHaveTextContent('Scanning for nearby users...');
      expect(screen.getByRole('img', { name: /scanning for nearby users/i })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Scan Again' })).toBeNull();
      expect(names()).toEqual([]);
    } else if (expected.matches('failed')) {
      expect(screen.getByRole('heading', { name: 'Error Scanning Radar' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
      expect(screen.queryByRole('img')).toBeNull();
    } else if (expected.matches('sampled')) {
      expect(screen.getByText(/these are sample people/)).toBeInTheDocument();
      expect(names()).toHaveLength(5);
      expect(screen.queryByRole('link', { name: /^View / })).toBeNull();
      expect(screen.getByRole('img', { name: /Radar showing 5 people within 50 km/ })).toBeInTheDocument();
    } else if (found.length === 0) {
      expect(screen.getByRole('heading', { name: 'Nobody nearby yet' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Scan Again' })).toBeEnabled();
    } else {
      expect(names()).toEqual([expect.stringContaining('Leela, 27'), expect.stringContaining('Omar, 31')]);
      expect(screen.getByText('2 km away · Bandra')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'View Leela' })).toHaveAttribute('href', `/profile/${FOUND[0]?._id}`);
      expect(screen.getByRole('link', { name: 'Call Omar' })).toHaveAttribute('href', `/video-call/${FOUND[1]?._id}`);
      expect(screen.getByText('9 km away · Powai')).toBeInTheDocument();
      expect(screen.queryByText(/sample people/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Scan Again' })).toBeEnabled();
    }
  });
}

function walk(model: MachineModel<typeof radarScanMachine>, onFailure: RadarFailureMode, path: ReturnType<typeof model.shortestPaths>[number]) {
  return model.replay(path, {
    mount: (args) => mountScanner(args, onFailure),
    executeEvent: async (event) => {
      if (event.type === 'FOUND') return answerScan(json(200, { users: (event as { users?: NearbyUser[] }).users }));
      if (event.type === 'FAILED') return answerScan(json(500, { success: false, message: 'Failed to fetch nearby users' }));
      if (event.type !== 'SCAN_AGAIN') throw new Error(`no user action for ${event.type}`);
      const button = screen.queryByRole('button', { name: 'Scan Again' }) ?? screen.getByRole('button', { name: 'Try Again' });
      await act(async () => {
        fireEvent.click(button);
        await Promise.resolve();
      });
    },
    assertState: (expected, { stepIndex }) => expectScreenFor(expected, lastFound(path.steps.slice(1, stepIndex + 1).map((step) => step.event))),
  });
}

printCoverageAfterAll();

for (const onFailure of ['samples', 'error'] as const) {
  const model = modelFor(onFailure);
  describe(`radar scan on the real screen (failure shows ${onFailure}), every shortest path`, () => {
    const paths = model.shortestPaths();
    it('has paths to walk', () => expect(paths.length).toBeGreaterThanOrEqual(3));
    for (const path of paths) it(path.description, () => walk(model, onFailure, path));
  });
  describe(`radar scan on the real screen (failure shows ${onFailure}), every simple path`, () => {
    const paths = model.simplePaths();
    it('has paths to walk', () => expect(paths.length).toBeGreaterThanOrEqual(3));
    for (const path of paths) it(path.description, () => walk(model, onFailure, path));
  });
}

describe('radar scan machine coverage', () => {
  it('entered every state and took every transition across both failure modes', () => {
    const coverage = modelFor('samples').coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('radar scan machine, targeted', () => {
  it('scans after the SPEC 2 second delay', () => {
    expect(radarScanMachine.implementations.delays).toEqual({ RADAR_SCAN_DELAY: 2000 });
  });

  it("shows the failure's own words, or the SPEC fallback text when it has none", () => {
    const failWith = (error: unknown) => {
      const clock = new SimulatedClock();
      const actor = createActor(radarScanMachine, { input: { samples: [], onFailure: 'error' }, clock }).start();
      clock.increment(2000);
      actor.send({ type: 'FAILED', error });
      expect(actor.getSnapshot().value).toBe('failed');
      return actor.getSnapshot().context.error;
    };
    expect(failWith(new Error('Too many requests'))).toBe('Too many requests');
    // What a careless network layer can do.
    expect(failWith('offline')).toBe('Failed to fetch nearby users');
  });

  it('asks the server on each scan: once after the sweep, again on Scan Again', () => {
    const clock = new SimulatedClock();
    let scans = 0;
    const machine = radarScanMachine.provide({ actions: { scan: () => void (scans += 1) } });
    const actor = createActor(machine, { input: { samples: [], onFailure: 'samples' }, clock }).start();
    clock.increment(1999);
    expect(scans).toBe(0);
    clock.increment(1);
    expect(scans).toBe(1);
    actor.send({ type: 'FOUND' });
    actor.send({ type: 'SCAN_AGAIN' });
    clock.increment(2000);
    expect(scans).toBe(2);
  });
});
