import { assign, setup, type SnapshotFrom } from 'xstate';
import type { NearbyUser } from '../contract/discovery';
import { actorNotProvided } from './actor-not-provided';

/**
 * What a failed scan shows. SPEC section 4: the Radar screen and the Home
 * radar fall back to sample users; where fake people would mislead (inside
 * Discover's real results) the error view 'Error Scanning Radar' shows instead.
 */
export type RadarFailureMode = 'samples' | 'error';

export interface RadarScanInput {
  /** The 5 sample users of SPEC section 9. */
  samples: readonly NearbyUser[];
  onFailure: RadarFailureMode;
}
export interface RadarScanContext {
  users: readonly NearbyUser[];
  samples: readonly NearbyUser[];
  onFailure: RadarFailureMode;
  /** The failed scan's message, for the error view. */
  error: string | null;
}
export type RadarScanEvent = { type: 'SCAN_AGAIN' };

const FALLBACK_ERROR = 'Failed to fetch nearby users';

export const radarScanMachine = setup({
  types: {
    input: {} as RadarScanInput,
    context: {} as RadarScanContext,
    events: {} as RadarScanEvent,
  },
  actors: {
    // Provided by the screen (GET /users/radar); failing loudly here shows a forgotten .provide().
    scanNearby: actorNotProvided<NearbyUser[], void>('radar-scan machine', 'scanNearby'),
  },
  actions: {
    forgetUsers: assign({ users: [], error: null }),
    showSamples: assign(({ context }) => ({ users: context.samples })),
  },
  guards: {
    fallsBackToSamples: ({ context }) => context.onFailure === 'samples',
  },
  delays: {
    /** SPEC section 9: the radar scans after a 2 second delay. */
    RADAR_SCAN_DELAY: 2000,
  },
}).createMachine({
  id: 'radarScan',
  description:
    'The radar: "Scanning for nearby users..." with the sweep for 2 seconds, then the nearby users. A failed fetch shows the ' +
    '5 sample users (SPEC) or, where the screen asks for it, the error view "Error Scanning Radar". Scan Again and Try Again rescan.',
  context: ({ input }) => ({ users: [], samples: input.samples, onFailure: input.onFailure, error: null }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The sweep turns for the 2 second scan delay before the request goes out.',
      entry: 'forgetUsers',
      after: { RADAR_SCAN_DELAY: 'fetching' },
    },
    fetching: {
      description: 'Still "Scanning for nearby users..." while GET /users/radar answers.',
      invoke: {
        id: 'scanNearby',
        src: 'scanNearby',
        onDone: { target: 'shown', actions: assign(({ event }) => ({ users: event.output })) },
        onError: [
          { guard: 'fallsBackToSamples', target: 'sampled', actions: 'showSamples' },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              error: event.error instanceof Error && event.error.message ? event.error.message : FALLBACK_ERROR,
            })),
          },
        ],
      },
    },
    shown: {
      description: 'Dots on the canvas and the list (View, Call); Scan Again rescans.',
      on: { SCAN_AGAIN: 'waiting' },
    },
    sampled: {
      description: 'The fetch failed: the 5 sample users are shown as if found; Scan Again rescans.',
      on: { SCAN_AGAIN: 'waiting' },
    },
    failed: {
      description: '"Error Scanning Radar" with Try Again.',
      on: { SCAN_AGAIN: 'waiting' },
    },
  },
});

export type RadarScanSnapshot = SnapshotFrom<typeof radarScanMachine>;

export const selectIsScanning = (snapshot: RadarScanSnapshot) => snapshot.matches('waiting') || snapshot.matches('fetching');
