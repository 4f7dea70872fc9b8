import { assign, setup, type SnapshotFrom } from 'xstate';
import { actorNotProvided } from './actor-not-provided';

/** What the local camera and microphone turned out to be. */
export interface CallMedia {
  hasVideo: boolean;
  hasAudio: boolean;
  /** Video inputs the browser reports; switching needs at least two. */
  cameraCount: number;
}

export interface CallMediaRequest {
  video: boolean;
}

export interface CameraSwitchRequest {
  cameraIndex: number;
}

export type CallQuality = 'good' | 'fair' | 'poor';

/** Why the local media could not start: refused, absent, or anything else. */
export type MediaProblemKind = 'denied' | 'missing' | 'unavailable';
export interface MediaProblem {
  device: 'camera' | 'microphone';
  kind: MediaProblemKind;
}

export interface VideoCallContext {
  media: CallMedia | null;
  problem: MediaProblem | null;
  muted: boolean;
  cameraOff: boolean;
  cameraIndex: number;
  elapsedSeconds: number;
  quality: CallQuality;
}

export type VideoCallEvent =
  | { type: 'TOGGLE_MUTE' }
  | { type: 'TOGGLE_CAMERA' }
  | { type: 'SWITCH_CAMERA' }
  | { type: 'CONTINUE_AUDIO_ONLY' }
  | { type: 'END' };

/** SPEC sections 4 and 9: call timings. */
export const CALL_DELAYS = {
  CONNECT_DELAY: 2000,
  TICK: 1000,
  QUALITY_REFRESH: 10_000,
  END_REDIRECT_DELAY: 2000,
} as const;

const MEDIA_ERROR_KINDS: Record<string, MediaProblemKind> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  PermissionDeniedError: 'denied',
  NotFoundError: 'missing',
  DevicesNotFoundError: 'missing',
  OverconstrainedError: 'missing',
};

/** Reads a getUserMedia failure (a DOMException, or anything carrying `kind`) as one of three kinds. */
export function mediaProblemKind(error: unknown): MediaProblemKind {
  if (typeof error !== 'object' || error === null) return 'unavailable';
  const { kind, name } = error as { kind?: unknown; name?: unknown };
  if (kind === 'denied' || kind === 'missing' || kind === 'unavailable') return kind;
  return (typeof name === 'string' && MEDIA_ERROR_KINDS[name]) || 'unavailable';
}

export const videoCallMachine = setup({
  types: {
    context: {} as VideoCallContext,
    events: {} as VideoCallEvent,
  },
  actors: {
    /** The local camera and microphone (getUserMedia). */
    startMedia: actorNotProvided<CallMedia, CallMediaRequest>('video call machine', 'startMedia'),
    switchCamera: actorNotProvided<void, CameraSwitchRequest>('video call machine', 'switchCamera'),
    /** The connection's quality; simulated at random until a real call service exists. */
    measureQuality: actorNotProvided<CallQuality, void>('video call machine', 'measureQuality'),
  },
  actions: {
    // Effects the screen injects with `.provide()`.
    setMicrophoneEnabled: (_, _params: { enabled: boolean }) => {},
    setCameraEnabled: (_, _params: { enabled: boolean }) => {},
    releaseMedia: () => {},
    leaveCall: () => {},
    adoptMedia: assign((_, params: { media: CallMedia }) => ({ media: params.media, problem: null })),
    noteProblem: assign((_, params: MediaProblem) => ({ problem: params })),
    toggleMute: assign(({ context }) => ({ muted: !context.muted })),
    toggleCamera: assign(({ context }) => ({ cameraOff: !context.cameraOff })),
    useNextCamera: assign(({ context }) => ({ cameraIndex: nextCameraIndex(context) })),
    countSecond: assign(({ context }) => ({ elapsedSeconds: context.elapsedSeconds + 1 })),
    setQuality: assign((_, params: { quality: CallQuality }) => ({ quality: params.quality })),
  },
  guards: {
    hasVideo: ({ context }) => context.media?.hasVideo === true,
    hasAnotherCamera: ({ context }) => context.media?.hasVideo === true && context.media.cameraCount > 1,
    cameraWasTheProblem: ({ context }) => context.problem?.device === 'camera',
  },
  delays: CALL_DELAYS,
}).createMachine({
  id: 'videoCall',
  description:
    'A video call: the local camera and microphone start, the call connects after 2 seconds, the elapsed timer runs ' +
    'and the quality label is re-measured every 10 seconds; ending it goes back to Discover (/users) 2 seconds later.',
  context: {
    media: null,
    problem: null,
    muted: false,
    cameraOff: false,
    cameraIndex: 0,
    elapsedSeconds: 0,
    quality: 'good',
  },
  initial: 'startingMedia',
  states: {
    startingMedia: {
      description: 'Asking the browser for the camera and microphone.',
      invoke: {
        id: 'startMedia',
        src: 'startMedia',
        input: { video: true },
        onDone: { target: 'call', actions: { type: 'adoptMedia', params: ({ event }) => ({ media: event.output }) } },
        onError: {
          target: 'mediaBlocked',
          actions: { type: 'noteProblem', params: ({ event }) => ({ device: 'camera' as const, kind: mediaProblemKind(event.error) }) },
        },
      },
      on: { END: { target: 'ended' } },
    },
    mediaBlocked: {
      description:
        'The camera was refused or is missing: a message says so and offers audio only or ending the call. ' +
        'When the microphone fails too, only ending is left.',
      on: {
        CONTINUE_AUDIO_ONLY: { guard: 'cameraWasTheProblem', target: 'startingAudio' },
        END: { target: 'ended' },
      },
    },
    startingAudio: {
      description: 'Asking for the microphone alone.',
      invoke: {
        id: 'startAudio',
        src: 'startMedia',
        input: { video: false },
        onDone: { target: 'call', actions: { type: 'adoptMedia', params: ({ event }) => ({ media: event.output }) } },
        onError: {
          target: 'mediaBlocked',
          actions: { type: 'noteProblem', params: ({ event }) => ({ device: 'microphone' as const, kind: mediaProblemKind(event.error) }) },
        },
      },
      on: { END: { target: 'ended' } },
    },
    call: {
      description: 'Local media is live; mute and camera off disable the tracks, End hangs up.',
      initial: 'connecting',
      on: {
        TOGGLE_MUTE: {
          actions: ['toggleMute', { type: 'setMicrophoneEnabled', params: ({ context }) => ({ enabled: !context.muted }) }],
        },
        TOGGLE_CAMERA: {
          guard: 'hasVideo',
          actions: ['toggleCamera', { type: 'setCameraEnabled', params: ({ context }) => ({ enabled: !context.cameraOff }) }],
        },
        END: { target: 'ended' },
      },
      states: {
        connecting: {
          description: "'Connecting...' with the callee's picture.",
          after: { CONNECT_DELAY: { target: 'connected' } },
        },
        connected: {
          description: 'The call is on: the timer counts mm:ss and the quality label shows.',
          type: 'parallel',
          states: {
            timer: {
              initial: 'running',
              states: {
                running: {
                  description: 'Counts one second per TICK, shown as mm:ss.',
                  after: { TICK: { target: 'running', reenter: true, actions: 'countSecond' } },
                },
              },
            },
            quality: {
              initial: 'steady',
              states: {
                steady: {
                  description: 'The quality label shows; it is measured again after QUALITY_REFRESH.',
                  after: { QUALITY_REFRESH: { target: 'measuring' } },
                },
                measuring: {
                  description: 'Reading the connection quality (good, fair or poor); the last label stays meanwhile.',
                  invoke: {
                    id: 'measureQuality',
                    src: 'measureQuality',
                    onDone: { target: 'steady', actions: { type: 'setQuality', params: ({ event }) => ({ quality: event.output }) } },
                    onError: { target: 'steady' },
                  },
                },
              },
            },
            camera: {
              initial: 'steady',
              states: {
                steady: {
                  description: 'Switch camera is enabled only with a second camera.',
                  on: { SWITCH_CAMERA: { guard: 'hasAnotherCamera', target: 'switching' } },
                },
                switching: {
                  description: 'Opening the next camera the browser reported.',
                  invoke: {
                    id: 'switchCamera',
                    src: 'switchCamera',
                    input: ({ context }) => ({ cameraIndex: nextCameraIndex(context) }),
                    onDone: { target: 'steady', actions: 'useNextCamera' },
                    // The old camera keeps running; nothing changed for the user.
                    onError: { target: 'steady' },
                  },
                },
              },
            },
          },
        },
      },
    },
    ended: {
      description: "'Call ended' with the call's length; every local track is stopped.",
      entry: 'releaseMedia',
      after: { END_REDIRECT_DELAY: { target: 'left' } },
    },
    left: {
      description: 'Back on Discover (/users).',
      type: 'final',
      entry: 'leaveCall',
    },
  },
});

function nextCameraIndex(context: VideoCallContext): number {
  const count = context.media?.cameraCount ?? 1;
  return (context.cameraIndex + 1) % Math.max(count, 1);
}

export type VideoCallSnapshot = SnapshotFrom<typeof videoCallMachine>;

/** SPEC: the elapsed timer in mm:ss (minutes keep counting past 59). */
export function formatElapsed(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
