import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { LIVE_HOST_GRACE_MS, LIVE_TITLE_BLANK_MESSAGE, type LiveEndReason } from '../../contract/live';
import { actorNotProvided, callbackActorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

// The chat's shape is the contract's; screens that show it import it from here or from there.
export type { LiveChatMessage } from '../../contract/live';

export interface StreamMedia {
  hasVideo: boolean;
  hasAudio: boolean;
}

export interface StreamMediaRequest {
  video: boolean;
}

/** What `publish` is asked: go live with this (trimmed) title from the local tracks. */
export interface PublishRequest {
  title: string;
}
/** What `publish` answers once the forwarder's connection is up. */
export interface PublishResult {
  streamId: string;
}
/** The stream an on-air actor works on (hostLink, republish, endStream). */
export interface StreamRequest {
  streamId: string;
}
export interface LiveChatRequest {
  streamId: string;
  text: string;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled';
export interface ShareRequest {
  title: string;
  streamId: string;
}

export interface LiveStreamContext {
  title: string;
  media: StreamMedia | null;
  muted: boolean;
  cameraOff: boolean;
  /** The server's id for the stream once published; null before. */
  streamId: string | null;
  chatDraft: string;
  /** Why the last chat message was refused (the server's words); null otherwise. */
  chatError: string | null;
  /** How the last Share ended, for its confirmation; null before any. */
  share: ShareOutcome | 'failed' | null;
  /** Why the stream ended; null until it has. */
  endReason: LiveEndReason | null;
  /** Why the last Go Live did not get on air (the server's words, or the time limit); null otherwise. */
  startError: string | null;
}

export type LiveStreamScreenEvent =
  | { type: 'TITLE.CHANGE'; title: string }
  /** The member chooses to set up a stream: only now is the camera asked for. */
  | { type: 'START_PREVIEW' }
  | { type: 'RETRY_PREVIEW' }
  | { type: 'GO_LIVE' }
  | { type: 'TOGGLE_MUTE' }
  | { type: 'TOGGLE_CAMERA' }
  | { type: 'CHAT.CHANGE'; text: string }
  /** Sends the draft; a blank one is ignored. */
  | { type: 'CHAT.SEND' }
  | { type: 'SHARE' }
  | { type: 'END_STREAM' }
  | { type: 'BACK_TO_PROFILE' };

/** What the `hostLink` actor (the host's peer connection and the realtime hub) tells the machine while on air. */
export type LiveHostLinkEvent =
  /** The media connection disconnected. */
  | { type: 'MEDIA.INTERRUPTED' }
  /** It is connected again. */
  | { type: 'MEDIA.RESTORED' }
  /** It failed: only a new connection helps. */
  | { type: 'MEDIA.FAILED' }
  /** `live:ended` for this stream: an admin ended it, a ban, a sign-out elsewhere. */
  | { type: 'STREAM.ENDED'; reason: LiveEndReason };

export type LiveStreamEvent = LiveStreamScreenEvent | LiveHostLinkEvent;

/** SPEC section 5. */
export const BLANK_TITLE_ALERT = LIVE_TITLE_BLANK_MESSAGE;
/** SPEC section 8: a stream failure alerts about camera and microphone permissions. */
export const MEDIA_PERMISSION_ALERT =
  'Could not access your camera and microphone. Please allow camera and microphone permissions in your browser and try again.';
/** Going live did not connect within PUBLISH_LIMIT. */
export const PUBLISH_TIMEOUT_MESSAGE = "Couldn't connect your stream. Check your connection and try again.";
/** A refused Go Live or chat message that carries no words of its own. */
export const GO_LIVE_FALLBACK_MESSAGE = "Couldn't start your stream. Please try again.";
export const CHAT_FALLBACK_MESSAGE = "Couldn't send your message.";

export const STREAM_DELAYS = {
  /** Go Live gives up when the stream is not connected by then. */
  PUBLISH_LIMIT: 15_000,
  /**
   * An interrupted connection gets this long to come back by itself before
   * the host publishes afresh: as long as the server keeps a stream whose
   * host is gone.
   */
  RECONNECT_LIMIT: LIVE_HOST_GRACE_MS,
  /** SPEC section 9: post-stream redirect. */
  END_REDIRECT_DELAY: 2000,
} as const;

export const liveStreamMachine = setup({
  types: {
    context: {} as LiveStreamContext,
    events: {} as LiveStreamEvent,
  },
  actors: {
    /** The local camera and microphone (getUserMedia). */
    startMedia: actorNotProvided<StreamMedia, StreamMediaRequest>('live stream machine', 'startMedia'),
    /**
     * Goes live: a peer connection from the local tracks, POST /live/streams
     * with the complete offer, the forwarder's answer set; resolves once
     * connected, rejects with the server's words (already live, unavailable).
     */
    publish: actorNotProvided<PublishResult, PublishRequest>('live stream machine', 'publish'),
    /** On air: claims the stream for this socket (`live:host`, again after each reconnect) and reports the connection and the stream's end. */
    hostLink: callbackActorNotProvided<LiveHostLinkEvent, StreamRequest>('live stream machine', 'hostLink'),
    /** A fresh peer connection and offer for the same stream (POST /live/streams/:id/publish); resolves once connected. */
    republish: actorNotProvided<void, StreamRequest>('live stream machine', 'republish'),
    /** `live:chat`; rejects with the server's words (too long, too fast). */
    sendChat: actorNotProvided<void, LiveChatRequest>('live stream machine', 'sendChat'),
    /** POST /live/streams/:id/end. */
    endStream: actorNotProvided<void, StreamRequest>('live stream machine', 'endStream'),
    /** The Web Share API, or copying the stream's link. */
    shareStream: actorNotProvided<ShareOutcome, ShareRequest>('live stream machine', 'shareStream'),
  },
  actions: {
    // Effects the screen injects with `.provide()`.
    alert: (_, _params: { message: string }) => {},
    setMicrophoneEnabled: (_, _params: { enabled: boolean }) => {},
    setCameraEnabled: (_, _params: { enabled: boolean }) => {},
    releaseMedia: () => {},
    /** Closes the stream's peer connection, if one is open. */
    closeStreamConnection: () => {},
    goToProfile: () => {},
    updateTitle: assign(({ event }) => {
      assertEvent(event, 'TITLE.CHANGE');
      return { title: event.title };
    }),
    adoptMedia: assign((_, params: { media: StreamMedia }) => ({ media: params.media })),
    forgetMedia: assign({ media: null }),
    clearStartError: assign({ startError: null }),
    noteStartError: assign((_, params: { message: string }) => ({ startError: params.message })),
    adoptStream: assign((_, params: PublishResult) => ({ streamId: params.streamId })),
    toggleMute: assign(({ context }) => ({ muted: !context.muted })),
    toggleCamera: assign(({ context }) => ({ cameraOff: !context.cameraOff })),
    updateChatDraft: assign(({ event }) => {
      assertEvent(event, 'CHAT.CHANGE');
      return { chatDraft: event.text, chatError: null };
    }),
    clearChatError: assign({ chatError: null }),
    chatSent: assign({ chatDraft: '', chatError: null }),
    // The draft stays so the host can send it again.
    noteChatError: assign((_, params: { message: string }) => ({ chatError: params.message })),
    noteShare: assign((_, params: { outcome: ShareOutcome | 'failed' }) => ({ share: params.outcome })),
    endAs: assign((_, params: { reason: LiveEndReason }) => ({ endReason: params.reason })),
  },
  guards: {
    titleIsBlank: ({ context }) => context.title.trim() === '',
    chatDraftHasText: ({ context }) => context.chatDraft.trim() !== '',
    hasVideo: ({ context }) => context.media?.hasVideo === true,
  },
  delays: STREAM_DELAYS,
}).createMachine({
  id: 'liveStream',
  description:
    'Going live: the camera stays off until the member sets up a stream; set a title with the camera previewing, go live (the stream is published to Orbit\'s media forwarder), ' +
    'stay on air through short connection drops, chat and share, then end the stream (or it is ended: by an admin, a ban, ' +
    'a lost connection); 2 seconds later the host is on their profile. The viewer count and the chat are server state, not here.',
  context: {
    title: '',
    media: null,
    muted: false,
    cameraOff: false,
    streamId: null,
    chatDraft: '',
    chatError: null,
    share: null,
    endReason: null,
    startError: null,
  },
  initial: 'setup',
  states: {
    setup: {
      description: 'The title field, the camera preview and Go Live.',
      initial: 'cameraOff',
      on: { 'TITLE.CHANGE': { actions: 'updateTitle' } },
      states: {
        cameraOff: {
          description: 'Opening Live asks nothing of the browser (issue 51): the camera and microphone stay off until the member sets up a stream.',
          on: { START_PREVIEW: { target: 'startingPreview' } },
        },
        startingPreview: {
          description: 'Asking the browser for the camera and microphone; Go Live waits.',
          invoke: {
            id: 'startMedia',
            src: 'startMedia',
            input: { video: true },
            onDone: { target: 'previewing', actions: { type: 'adoptMedia', params: ({ event }) => ({ media: event.output }) } },
            // No alert yet: the preview explains the problem in place. The SPEC's alert is for the stream that fails (Go Live).
            onError: { target: 'previewFailed', actions: 'forgetMedia' },
          },
        },
        previewing: {
          description: 'The live camera preview shows; Go Live needs a title. Why the last Go Live failed shows here too.',
          on: {
            GO_LIVE: [
              { guard: 'titleIsBlank', actions: { type: 'alert', params: { message: BLANK_TITLE_ALERT } } },
              { target: '#liveStream.connecting', actions: 'clearStartError' },
            ],
          },
        },
        previewFailed: {
          description: 'No camera or microphone: the preview explains it and offers to try again.',
          on: {
            RETRY_PREVIEW: { target: 'startingPreview' },
            GO_LIVE: [
              { guard: 'titleIsBlank', actions: { type: 'alert', params: { message: BLANK_TITLE_ALERT } } },
              { actions: { type: 'alert', params: { message: MEDIA_PERMISSION_ALERT } } },
            ],
          },
        },
      },
    },
    connecting: {
      description:
        "'Going live...': the stream is published (offer, the forwarder's answer, the connection up). A refusal or " +
        'PUBLISH_LIMIT without a connection goes back to the preview with the reason.',
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => ({ title: context.title.trim() }),
        onDone: { target: 'live', actions: { type: 'adoptStream', params: ({ event }) => event.output } },
        onError: {
          target: 'setup.previewing',
          actions: ['closeStreamConnection', { type: 'noteStartError', params: ({ event }) => ({ message: errorMessage(event.error, GO_LIVE_FALLBACK_MESSAGE) }) }],
        },
      },
      after: {
        PUBLISH_LIMIT: { target: 'setup.previewing', actions: ['closeStreamConnection', { type: 'noteStartError', params: { message: PUBLISH_TIMEOUT_MESSAGE } }] },
      },
    },
    live: {
      description:
        'On air: the viewer count and the chat (from the server), Share, End Stream, mute and camera toggle. The host ' +
        'link claims the stream on the realtime channel and reports the connection; the stream ending elsewhere ends it here.',
      type: 'parallel',
      invoke: { id: 'hostLink', src: 'hostLink', input: ({ context }) => ({ streamId: context.streamId ?? '' }) },
      on: {
        TOGGLE_MUTE: {
          actions: ['toggleMute', { type: 'setMicrophoneEnabled', params: ({ context }) => ({ enabled: !context.muted }) }],
        },
        TOGGLE_CAMERA: {
          guard: 'hasVideo',
          actions: ['toggleCamera', { type: 'setCameraEnabled', params: ({ context }) => ({ enabled: !context.cameraOff }) }],
        },
        'CHAT.CHANGE': { actions: 'updateChatDraft' },
        END_STREAM: { target: 'ending' },
        'STREAM.ENDED': {
          target: 'ended',
          actions: {
            type: 'endAs',
            params: ({ event }) => {
              assertEvent(event, 'STREAM.ENDED');
              return { reason: event.reason };
            },
          },
        },
      },
      states: {
        connection: {
          description: "The host's media connection to the forwarder.",
          initial: 'connected',
          states: {
            connected: {
              description: 'Media flows to the forwarder.',
              on: {
                'MEDIA.INTERRUPTED': { target: 'interrupted' },
                'MEDIA.FAILED': { target: 'republishing' },
              },
            },
            interrupted: {
              description: "'Reconnecting…': the connection dropped; it may come back by itself within RECONNECT_LIMIT, else the host publishes afresh.",
              after: { RECONNECT_LIMIT: { target: 'republishing' } },
              on: {
                'MEDIA.RESTORED': { target: 'connected' },
                'MEDIA.FAILED': { target: 'republishing' },
              },
            },
            republishing: {
              description:
                "'Reconnecting…': a fresh connection and offer for the same stream (viewers are told to watch again). " +
                'Refused, or not connected within PUBLISH_LIMIT, the stream is lost.',
              invoke: {
                id: 'republish',
                src: 'republish',
                input: ({ context }) => ({ streamId: context.streamId ?? '' }),
                onDone: { target: 'connected' },
                onError: { target: '#liveStream.ended', actions: { type: 'endAs', params: { reason: 'lost' as const } } },
              },
              after: { PUBLISH_LIMIT: { target: '#liveStream.ended', actions: { type: 'endAs', params: { reason: 'lost' as const } } } },
            },
          },
        },
        chat: {
          description: "The host's own chat messages (everyone's messages come from the server).",
          initial: 'idle',
          states: {
            idle: {
              description: 'Type and Send; a blank message is not sent. A refused message shows why.',
              // SPEC section 5: whitespace-only chat is not sent.
              on: { 'CHAT.SEND': { guard: 'chatDraftHasText', target: 'sending', actions: 'clearChatError' } },
            },
            sending: {
              description: 'The message is on its way (`live:chat`); it shows in the chat when the server sends it to everyone.',
              invoke: {
                id: 'sendChat',
                src: 'sendChat',
                input: ({ context }) => ({ streamId: context.streamId ?? '', text: context.chatDraft.trim() }),
                onDone: { target: 'idle', actions: 'chatSent' },
                onError: { target: 'idle', actions: { type: 'noteChatError', params: ({ event }) => ({ message: errorMessage(event.error, CHAT_FALLBACK_MESSAGE) }) } },
              },
            },
          },
        },
        share: {
          initial: 'idle',
          states: {
            idle: {
              description: 'Share is ready; the outcome of the last share shows as a confirmation.',
              on: { SHARE: { target: 'sharing' } },
            },
            sharing: {
              description: "The share sheet is open, or the stream's link is being copied.",
              invoke: {
                id: 'shareStream',
                src: 'shareStream',
                input: ({ context }) => ({ title: context.title.trim(), streamId: context.streamId ?? '' }),
                onDone: { target: 'idle', actions: { type: 'noteShare', params: ({ event }) => ({ outcome: event.output }) } },
                onError: { target: 'idle', actions: { type: 'noteShare', params: { outcome: 'failed' as const } } },
              },
            },
          },
        },
      },
    },
    ending: {
      description: "'Ending...': the server is told (POST /live/streams/:id/end); whatever it answers, the stream is over here.",
      invoke: {
        id: 'endStream',
        src: 'endStream',
        input: ({ context }) => ({ streamId: context.streamId ?? '' }),
        onDone: { target: 'ended', actions: { type: 'endAs', params: { reason: 'ended' as const } } },
        // The server ends a stream whose host is gone anyway (LIVE_HOST_GRACE_MS).
        onError: { target: 'ended', actions: { type: 'endAs', params: { reason: 'ended' as const } } },
      },
    },
    ended: {
      description: "'Stream ended' (and why, when not by the host) with 'Back to Profile'; the camera, the microphone and the connection are released.",
      entry: ['releaseMedia', 'closeStreamConnection'],
      on: { BACK_TO_PROFILE: { target: 'left' } },
      after: { END_REDIRECT_DELAY: { target: 'left' } },
    },
    left: {
      description: 'On the host’s own profile (/profile).',
      type: 'final',
      entry: 'goToProfile',
    },
  },
});

export type LiveStreamSnapshot = SnapshotFrom<typeof liveStreamMachine>;
