import { assign, setup, type SnapshotFrom } from 'xstate';
import type { NearbyUser } from '../../contract/discovery';
import { errorMessage } from '../error-message';

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
/**
 * The scan's own state: the phase (the machine's state), what a failure
 * shows, and its words. The people found live in the query cache
 * (radarQueryOptions); the samples are the client's, not the server's.
 */
export interface RadarScanContext {
  samples: readonly NearbyUser[];
  onFailure: RadarFailureMode;
  /** The failed scan's message, for the error view. */
  error: string | null;
}
export type RadarScanEvent =
  | { type: 'SCAN_AGAIN' }
  /** The query cache holds the answer to the scan the machine asked for. */
  | { type: 'FOUND' }
  /** GET /users/radar failed (or the visitor has no radar to ask). */
  | { type: 'FAILED'; error: unknown };

const FALLBACK_ERROR = 'Failed to fetch nearby users';

export const radarScanMachine = setup({
  types: {
    input: {} as RadarScanInput,
    context: {} as RadarScanContext,
    events: {} as RadarScanEvent,
  },
  actions: {
    // The effect the screen injects; the machine stays pure.
    /** GET /users/radar afresh (never a cached answer): the screen refetches the scan's query. */
    scan: () => {},
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
  context: ({ input }) => ({ samples: input.samples, onFailure: input.onFailure, error: null }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The sweep turns for the 2 second scan delay before the request goes out.',
      entry: assign({ error: null }),
      after: { RADAR_SCAN_DELAY: 'fetching' },
    },
    fetching: {
      description: 'Still "Scanning for nearby users..." while GET /users/radar answers.',
      entry: 'scan',
      on: {
        FOUND: 'shown',
        FAILED: [
          { guard: 'fallsBackToSamples', target: 'sampled' },
          { target: 'failed', actions: assign(({ event }) => ({ error: errorMessage(event.error, FALLBACK_ERROR) })) },
        ],
      },
    },
    shown: {
      description: 'The people found, from the query cache: dots on the canvas and the list (View, Call); Scan Again rescans.',
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
