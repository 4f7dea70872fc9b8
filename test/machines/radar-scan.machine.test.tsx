import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor as waitForActor } from 'xstate';
import type { NearbyUser } from '../../contract/discovery';
import { radarScanMachine, type RadarFailureMode, type RadarScanSnapshot } from '../../machines/radar-scan.machine';
import { RadarScanner } from '../../src/features/radar/RadarScanner';
import { SAMPLE_NEARBY_USERS } from '../../src/features/radar/sample-users';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type MachineModel, type Mounted, type MountArgs } from '../support/model';
import { actorCatcher, renderScreen } from '../src/features/discover/render-screen';

// Real screens render here; on a busy machine a render can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const FOUND: NearbyUser[] = [
  { _id: '3f0c8f56-1111-4c1e-9a57-000000000001', username: 'leela_k', name: 'Leela', age: 27, avatar: '/api/media/avatar/leela-k', region: 'Bandra', isOnline: true, distanceKm: 2 },
  { _id: '3f0c8f56-1111-4c1e-9a57-000000000002', username: 'omar_s', name: 'Omar', age: 31, avatar: '/api/media/avatar/omar-s', region: 'Powai', isOnline: false, distanceKm: 9 },
];

function modelFor(onFailure: RadarFailureMode) {
  return createModel(radarScanMachine, {
    input: { samples: SAMPLE_NEARBY_USERS, onFailure },
    events: {
      'xstate.done.actor.scanNearby': [doneEvent('scanNearby', FOUND), doneEvent('scanNearby', [])],
      'xstate.error.actor.scanNearby': [errorEvent('scanNearby', new Error('Failed to fetch nearby users'))],
    },
  });
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

/** What the person at the screen sees in each model state. */
async function expectScreenFor(expected: RadarScanSnapshot): Promise<void> {
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
    } else if (expected.context.users.length === 0) {
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
      if (event.type !== 'SCAN_AGAIN') throw new Error(`no user action for ${event.type}`);
      const button = screen.queryByRole('button', { name: 'Scan Again' }) ?? screen.getByRole('button', { name: 'Try Again' });
      await act(async () => {
        fireEvent.click(button);
        await Promise.resolve();
      });
    },
    assertState: (expected) => expectScreenFor(expected),
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

  it('rejects loudly when the screen forgot to provide the scan', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(radarScanMachine, { input: { samples: [], onFailure: 'error' }, clock }).start();
    clock.increment(2000);
    const settled = await waitForActor(actor, (snapshot) => snapshot.matches('failed'), { timeout: 500 });
    expect(settled.context.error).toMatch(/"scanNearby" actor was not provided/);
  });

  it('uses the SPEC fallback text when the failure has no message', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a careless network layer can do
    const silent = fromPromise<NearbyUser[], void>(() => Promise.reject('offline'));
    const clock = new SimulatedClock();
    const actor = createActor(radarScanMachine.provide({ actors: { scanNearby: silent } }), { input: { samples: [], onFailure: 'error' }, clock }).start();
    clock.increment(2000);
    const settled = await waitForActor(actor, (snapshot) => snapshot.matches('failed'), { timeout: 500 });
    expect(settled.context.error).toBe('Failed to fetch nearby users');
  });
});
