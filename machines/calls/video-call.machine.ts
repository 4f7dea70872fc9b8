import { assertEvent, assign, sendTo, setup, type SnapshotFrom } from 'xstate';
import { CALL_RING_MS, type CallEndReason } from '../../contract/calls';
import { actorNotProvided, callbackActorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

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

/** Which side of the call this tab is: the one who pressed Video Call, or the one who pressed Answer. */
export type CallRole = 'caller' | 'callee';

export interface VideoCallInput {
  role: CallRole;
  /** The call's id: made by the caller's tab (a UUID), or the `call` of the callee's /video-call link. */
  callId: string;
  /** The other member. */
  peerId: string;
  /** A seeded demo person: the spec's simulated call (no invite, simulated link and quality). */
  demo: boolean;
}

/** Why the server would not place or hand over the call (the command answer's status and message). */
export interface CallRefusal {
  status: number;
  message: string;
}

export interface VideoCallContext {
  role: CallRole;
  callId: string;
  peerId: string;
  demo: boolean;
  media: CallMedia | null;
  problem: MediaProblem | null;
  muted: boolean;
  cameraOff: boolean;
  cameraIndex: number;
  elapsedSeconds: number;
  quality: CallQuality;
  /** The other side's microphone and camera, as their tab reports them. */
  remoteMuted: boolean;
  remoteCameraOff: boolean;
  /** The call got to connected at least once (its length is then worth showing). */
  wasConnected: boolean;
  /** Why the call ended; null while it runs, and when the server refused it (see `refusal`). */
  endReason: CallEndReason | null;
  /** A refused invite or answer: the server's message. */
  refusal: string | null;
  /** The connected length: the server's figure when it ended the call, else the local timer; null when it never connected. */
  seconds: number | null;
}

/**
 * Where the member goes once the call is over: back to the chat with the other
 * member (issue 51), unless there is none to go back to: the match ended (a
 * block), the server refused the call, or it was a demo person's simulated one.
 */
export const leavesToChat = (context: Pick<VideoCallContext, 'demo' | 'endReason'>): boolean =>
  !context.demo && context.endReason !== null && context.endReason !== 'blocked';

export type CallScreenEvent =
  | { type: 'TOGGLE_MUTE' }
  | { type: 'TOGGLE_CAMERA' }
  | { type: 'SWITCH_CAMERA' }
  | { type: 'CONTINUE_AUDIO_ONLY' }
  | { type: 'END' }
  /** "How was it?" -> Report: the ended screen stays (no redirect) while the member reports. */
  | { type: 'REVIEW' }
  /** Leave the ended screen now. */
  | { type: 'LEAVE' };

/** What the `signals` actor tells the machine about this call, from the server. */
export type CallSignalsEvent =
  | { type: 'RINGING' }
  | { type: 'ANSWERED' }
  | { type: 'REMOTE_ENDED'; reason: CallEndReason; seconds: number | null };

/** What the `link` actor (the peer connection) tells the machine. */
export type CallLinkEvent =
  | { type: 'LINK_CONNECTED' }
  /** ICE disconnected or failed. */
  | { type: 'LINK_INTERRUPTED' }
  | { type: 'REMOTE_MEDIA'; muted: boolean; cameraOff: boolean };

/** What the machine asks of the `link` actor. */
export type CallLinkCommand = { type: 'RESTART_ICE' } | { type: 'SEND_MEDIA_STATE'; muted: boolean; cameraOff: boolean };

export type VideoCallEvent = CallScreenEvent | CallSignalsEvent | CallLinkEvent;

export interface CallSignalsRequest {
  callId: string;
}
export interface CallLinkRequest {
  callId: string;
  /** Perfect negotiation: the callee is the polite side. */
  polite: boolean;
}
export interface InviteRequest {
  callId: string;
  peerId: string;
}
export interface AnswerRequest {
  callId: string;
}
export interface HangUpRequest {
  callId: string;
  /** `lost`: this tab gave up on a lost connection. Before an answer the caller's hang-up is a cancel. */
  reason: 'hung-up' | 'lost';
}

/** SPEC sections 4 and 9: call timings, and the limits of a real call. */
export const CALL_DELAYS = {
  /** Demo calls: the spec's simulated connect. */
  CONNECT_DELAY: 2000,
  TICK: 1000,
  QUALITY_REFRESH: 10_000,
  END_REDIRECT_DELAY: 2000,
  /** The caller's own safety net if the server's no-answer never arrives. */
  RING_LIMIT: CALL_RING_MS + 5000,
  /** Answered, but the media never connected. */
  CONNECT_LIMIT: 20_000,
  /** An interrupted connection tries an ICE restart this long before the call counts as lost. */
  RECONNECT_GRACE: 15_000,
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

const REFUSAL_FALLBACK = 'The call could not be started';

/** The message of a refused invite or answer (a CallRefusal, or any Error). */
export function refusalMessage(error: unknown): string {
  return errorMessage(error, REFUSAL_FALLBACK);
}

export const videoCallMachine = setup({
  types: {
    input: {} as VideoCallInput,
    context: {} as VideoCallContext,
    events: {} as VideoCallEvent,
  },
  actors: {
    /** The local camera and microphone (getUserMedia). */
    startMedia: actorNotProvided<CallMedia, CallMediaRequest>('video call machine', 'startMedia'),
    switchCamera: actorNotProvided<void, CameraSwitchRequest>('video call machine', 'switchCamera'),
    /** The connection's quality, from its own statistics (simulated at random for demo calls). */
    measureQuality: actorNotProvided<CallQuality, void>('video call machine', 'measureQuality'),
    /** The server's news about this call (ringing, answered, ended), for the whole call. */
    signals: callbackActorNotProvided<CallSignalsEvent, CallSignalsRequest>('video call machine', 'signals'),
    /** The peer connection to the other tab: sends CallLinkEvents, takes CallLinkCommands. */
    link: callbackActorNotProvided<CallLinkCommand, CallLinkRequest>('video call machine', 'link'),
    /** Places the call (call:invite); rejects with a CallRefusal. */
    invite: actorNotProvided<void, InviteRequest>('video call machine', 'invite'),
    /** Takes the call in this tab (call:answer); rejects with a CallRefusal (answered elsewhere, over). */
    answer: actorNotProvided<void, AnswerRequest>('video call machine', 'answer'),
  },
  actions: {
    // Effects the screen injects with `.provide()`.
    /** Tells the server this tab ends the call (call:hangup). */
    hangUp: (_, _params: HangUpRequest) => {},
    setMicrophoneEnabled: (_, _params: { enabled: boolean }) => {},
    setCameraEnabled: (_, _params: { enabled: boolean }) => {},
    releaseMedia: () => {},
    leaveCall: (_, _params: { peerId: string; toChat: boolean }) => {},
    restartIce: sendTo('link', { type: 'RESTART_ICE' } satisfies CallLinkCommand),
    shareMediaState: sendTo('link', ({ context }) => ({ type: 'SEND_MEDIA_STATE', muted: context.muted, cameraOff: context.cameraOff }) satisfies CallLinkCommand),
    adoptMedia: assign((_, params: { media: CallMedia }) => ({ media: params.media, problem: null })),
    noteProblem: assign((_, params: MediaProblem) => ({ problem: params })),
    toggleMute: assign(({ context }) => ({ muted: !context.muted })),
    toggleCamera: assign(({ context }) => ({ cameraOff: !context.cameraOff })),
    useNextCamera: assign(({ context }) => ({ cameraIndex: nextCameraIndex(context) })),
    countSecond: assign(({ context }) => ({ elapsedSeconds: context.elapsedSeconds + 1 })),
    setQuality: assign((_, params: { quality: CallQuality }) => ({ quality: params.quality })),
    markConnected: assign({ wasConnected: true }),
    adoptRemoteMedia: assign(({ event }) => {
      assertEvent(event, 'REMOTE_MEDIA');
      return { remoteMuted: event.muted, remoteCameraOff: event.cameraOff };
    }),
    /** This tab ended the call (or gave up on it): its own timer is the length. */
    endAs: assign(({ context }, params: { reason: CallEndReason }) => ({
      endReason: params.reason,
      seconds: context.wasConnected ? context.elapsedSeconds : null,
    })),
    adoptRemoteEnd: assign(({ event }) => {
      assertEvent(event, 'REMOTE_ENDED');
      return { endReason: event.reason, seconds: event.seconds };
    }),
    noteRefusal: assign((_, params: { error: unknown }) => ({ refusal: refusalMessage(params.error) })),
  },
  guards: {
    isDemo: ({ context }) => context.demo,
    isCaller: ({ context }) => context.role === 'caller',
    /** The callee's tab opened from Answer: the call rings on the server until this tab answers it. */
    awaitsOurAnswer: ({ context }) => context.role === 'callee' && !context.demo,
    hasVideo: ({ context }) => context.media?.hasVideo === true,
    hasAnotherCamera: ({ context }) => context.media?.hasVideo === true && context.media.cameraCount > 1,
    cameraWasTheProblem: ({ context }) => context.problem?.device === 'camera',
  },
  delays: CALL_DELAYS,
}).createMachine({
  id: 'videoCall',
  description:
    'A video call between two matched members, either side: the local camera and microphone start, the caller invites ' +
    'and hears it ring, the callee answers, the browsers connect directly; the elapsed timer runs and the quality is ' +
    'measured every 10 seconds; a lost connection is retried; either side ends it for both, and 2 seconds later the member ' +
    'is back in their chat with the other member (Discover, /users, when there is no chat to go back to). Demo people get the spec\'s simulated call (connected after 2 seconds).',
  context: ({ input }) => ({
    role: input.role,
    callId: input.callId,
    peerId: input.peerId,
    demo: input.demo,
    media: null,
    problem: null,
    muted: false,
    cameraOff: false,
    cameraIndex: 0,
    elapsedSeconds: 0,
    quality: 'good',
    remoteMuted: false,
    remoteCameraOff: false,
    wasConnected: false,
    endReason: null,
    refusal: null,
    seconds: null,
  }),
  initial: 'startingMedia',
  states: {
    startingMedia: {
      description: "Asking the browser for the camera and microphone ('Starting your camera and microphone...').",
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
      on: { END: endBeforeMedia() },
    },
    mediaBlocked: {
      description:
        'The camera was refused or is missing: a message says so and offers audio only or ending the call. ' +
        'When the microphone fails too, only ending is left.',
      on: {
        CONTINUE_AUDIO_ONLY: { guard: 'cameraWasTheProblem', target: 'startingAudio' },
        END: endBeforeMedia(),
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
      on: { END: endBeforeMedia() },
    },
    call: {
      description:
        "Local media is live and the server's news about the call comes in; mute and camera off disable the tracks, " +
        'End ends the call for both. The other side ending it (declined, no answer, busy, unavailable, hung up, blocked, lost) ends it here too.',
      invoke: { id: 'signals', src: 'signals', input: ({ context }) => ({ callId: context.callId }) },
      initial: 'opening',
      on: {
        TOGGLE_MUTE: {
          actions: ['toggleMute', { type: 'setMicrophoneEnabled', params: ({ context }) => ({ enabled: !context.muted }) }],
        },
        TOGGLE_CAMERA: {
          guard: 'hasVideo',
          actions: ['toggleCamera', { type: 'setCameraEnabled', params: ({ context }) => ({ enabled: !context.cameraOff }) }],
        },
        END: [
          { guard: 'isDemo', target: 'ended', actions: { type: 'endAs', params: { reason: 'hung-up' } } },
          {
            target: 'ended',
            actions: [
              { type: 'hangUp', params: ({ context }) => ({ callId: context.callId, reason: 'hung-up' as const }) },
              { type: 'endAs', params: { reason: 'hung-up' } },
            ],
          },
        ],
        REMOTE_ENDED: { target: 'ended', actions: 'adoptRemoteEnd' },
      },
      states: {
        opening: {
          description: 'Chooses how this tab joins: a demo call connects on its own, the caller invites, the callee answers; never rests here.',
          always: [{ guard: 'isDemo', target: 'demoConnecting' }, { guard: 'isCaller', target: 'inviting' }, { target: 'answering' }],
        },
        inviting: {
          description: "'Calling…': the invite is on its way; the server may refuse it (not matched, too many calls, a call already open).",
          invoke: {
            id: 'invite',
            src: 'invite',
            input: ({ context }) => ({ callId: context.callId, peerId: context.peerId }),
            onDone: { target: 'placed' },
            onError: { target: '#videoCall.ended', actions: { type: 'noteRefusal', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            // The server's news may overtake the invite's answer.
            RINGING: { target: 'placed.ringing' },
            ANSWERED: { target: 'joined' },
            END: cancelBeforeAnswer(),
          },
        },
        placed: {
          description:
            "The call is placed and not answered yet. The server ends it after the ring time; RING_LIMIT, counted once from here, is the caller's own safety net.",
          after: { RING_LIMIT: giveUpRinging() },
          on: {
            ANSWERED: { target: 'joined' },
            END: cancelBeforeAnswer(),
          },
          initial: 'calling',
          states: {
            calling: {
              description: "'Calling…': waiting for the other member's Orbit to ring.",
              on: { RINGING: { target: 'ringing' } },
            },
            ringing: {
              description: "'Ringing…': the other member's Orbit is ringing.",
            },
          },
        },
        answering: {
          description: "'Connecting...': the callee's tab takes the call; another tab may have taken it first, or the caller may have given up.",
          invoke: {
            id: 'answer',
            src: 'answer',
            input: ({ context }) => ({ callId: context.callId }),
            onDone: { target: 'joined' },
            onError: { target: '#videoCall.ended', actions: { type: 'noteRefusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        demoConnecting: {
          description: "A demo call (a seeded demo person): 'Connecting...' for CONNECT_DELAY, as the spec's simulation does.",
          after: { CONNECT_DELAY: { target: 'joined.connected' } },
        },
        joined: {
          description: 'Both sides are in the call: the peer connection to the other tab runs (the callee is the polite side), and each side shows what the other muted or turned off.',
          invoke: { id: 'link', src: 'link', input: ({ context }) => ({ callId: context.callId, polite: context.role === 'callee' }) },
          initial: 'connecting',
          on: {
            REMOTE_MEDIA: { actions: 'adoptRemoteMedia' },
            // Here the other side is told too.
            TOGGLE_MUTE: {
              actions: ['toggleMute', { type: 'setMicrophoneEnabled', params: ({ context }) => ({ enabled: !context.muted }) }, 'shareMediaState'],
            },
            TOGGLE_CAMERA: {
              guard: 'hasVideo',
              actions: ['toggleCamera', { type: 'setCameraEnabled', params: ({ context }) => ({ enabled: !context.cameraOff }) }, 'shareMediaState'],
            },
          },
          states: {
            connecting: {
              description: "'Connecting...': offers, answers and candidates go between the two tabs; not connected within CONNECT_LIMIT, the call is lost.",
              after: { CONNECT_LIMIT: giveUpOnLink() },
              on: {
                LINK_CONNECTED: { target: 'connected', actions: 'shareMediaState' },
                LINK_INTERRUPTED: { actions: 'restartIce' },
              },
            },
            connected: {
              description: "'Connected': the other member's video large, one's own small, the timer counting mm:ss and the quality label.",
              type: 'parallel',
              entry: 'markConnected',
              on: { LINK_INTERRUPTED: { target: 'reconnecting' } },
              states: {
                timer: {
                  description: 'The elapsed time since the call connected.',
                  initial: 'running',
                  states: {
                    running: {
                      description: 'Counts one second per TICK, shown as mm:ss.',
                      after: { TICK: { target: 'running', reenter: true, actions: 'countSecond' } },
                    },
                  },
                },
                quality: {
                  description: "The quality label (good, fair or poor), from the connection's own statistics.",
                  initial: 'steady',
                  states: {
                    steady: {
                      description: 'The quality label shows; it is measured again after QUALITY_REFRESH.',
                      after: { QUALITY_REFRESH: { target: 'measuring' } },
                    },
                    measuring: {
                      description: 'Reading the connection quality; the last label stays meanwhile.',
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
                  description: 'Which of the local cameras sends.',
                  initial: 'steady',
                  states: {
                    steady: {
                      description: 'Switch camera is enabled only with a second camera.',
                      on: { SWITCH_CAMERA: { guard: 'hasAnotherCamera', target: 'switching' } },
                    },
                    switching: {
                      description: 'Opening the next camera the browser reported (the peer connection follows it).',
                      invoke: {
                        id: 'switchCamera',
                        src: 'switchCamera',
                        input: ({ context }) => ({ cameraIndex: nextCameraIndex(context) }),
                        onDone: { target: 'steady', actions: 'useNextCamera' },
                        // The old camera keeps running; nothing changed for the member.
                        onError: { target: 'steady' },
                      },
                    },
                  },
                },
              },
            },
            reconnecting: {
              description: "'Reconnecting…': the connection dropped; an ICE restart is tried (again on each new drop); not back within RECONNECT_GRACE, the call is lost.",
              entry: 'restartIce',
              after: { RECONNECT_GRACE: giveUpOnLink() },
              on: {
                LINK_CONNECTED: { target: 'connected', actions: 'shareMediaState' },
                LINK_INTERRUPTED: { actions: 'restartIce' },
              },
            },
          },
        },
      },
    },
    ended: {
      description:
        "The call is over: why (CALL_END_TEXTS, or the server's refusal), its length when it connected, \"How was it?\" with Report; " +
        'every local track is stopped. The chat (or Discover) opens after END_REDIRECT_DELAY.',
      entry: 'releaseMedia',
      after: { END_REDIRECT_DELAY: { target: 'left' } },
      on: {
        REVIEW: { target: 'reviewing' },
        LEAVE: { target: 'left' },
      },
    },
    reviewing: {
      description: 'The member chose Report under "How was it?": the ended screen stays until they leave.',
      on: { LEAVE: { target: 'left' } },
    },
    left: {
      description: 'Back in the chat with the other member (/messages?with=…); on Discover (/users) after a block, a refused call or a demo call.',
      type: 'final',
      entry: { type: 'leaveCall', params: ({ context }) => ({ peerId: context.peerId, toChat: leavesToChat(context) }) },
    },
  },
});

/** END before the local media started: only a callee's tab has a ringing call to end; a caller has invited nobody yet. */
function endBeforeMedia() {
  return [
    {
      guard: 'awaitsOurAnswer' as const,
      target: '#videoCall.ended',
      actions: [
        { type: 'hangUp' as const, params: ({ context }: { context: VideoCallContext }) => ({ callId: context.callId, reason: 'hung-up' as const }) },
        { type: 'endAs' as const, params: { reason: 'hung-up' as const } },
      ],
    },
    { target: '#videoCall.ended', actions: { type: 'endAs' as const, params: { reason: 'cancelled' as const } } },
  ];
}

/** The caller's END before an answer: the server counts the hang-up as a cancel. */
function cancelBeforeAnswer() {
  return {
    target: '#videoCall.ended',
    actions: [
      { type: 'hangUp' as const, params: ({ context }: { context: VideoCallContext }) => ({ callId: context.callId, reason: 'hung-up' as const }) },
      { type: 'endAs' as const, params: { reason: 'cancelled' as const } },
    ],
  };
}

/** Nobody answered and the server never said so: the caller ends it as not answered. */
function giveUpRinging() {
  return {
    target: '#videoCall.ended',
    actions: [
      { type: 'hangUp' as const, params: ({ context }: { context: VideoCallContext }) => ({ callId: context.callId, reason: 'hung-up' as const }) },
      { type: 'endAs' as const, params: { reason: 'no-answer' as const } },
    ],
  };
}

/** The media never connected, or did not come back: this tab gives up and says so. */
function giveUpOnLink() {
  return {
    target: '#videoCall.ended',
    actions: [
      { type: 'hangUp' as const, params: ({ context }: { context: VideoCallContext }) => ({ callId: context.callId, reason: 'lost' as const }) },
      { type: 'endAs' as const, params: { reason: 'lost' as const } },
    ],
  };
}

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
