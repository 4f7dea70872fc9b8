import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { actorNotProvided } from './actor-not-provided';

export interface StreamMedia {
  hasVideo: boolean;
  hasAudio: boolean;
}

export interface StreamMediaRequest {
  video: boolean;
}

/** SPEC section 3: the live-stream chat message. `timestamp` is an ISO date-time. */
export interface LiveChatMessage {
  id: string;
  user: string;
  message: string;
  timestamp: string;
}

/** What the audience service reports each AUDIENCE_REFRESH. */
export interface AudienceUpdate {
  viewers: number;
  /** Chat from other viewers since the last report. */
  messages: Array<Omit<LiveChatMessage, 'id'>>;
}
export interface AudienceRequest {
  title: string;
  viewers: number;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled';
export interface ShareRequest {
  title: string;
}

export interface LiveStreamContext {
  title: string;
  media: StreamMedia | null;
  muted: boolean;
  cameraOff: boolean;
  viewers: number;
  peakViewers: number;
  chat: LiveChatMessage[];
  chatDraft: string;
  chatCount: number;
  /** How the last Share ended, for its confirmation; null before any. */
  share: ShareOutcome | 'failed' | null;
}

export type LiveStreamEvent =
  | { type: 'TITLE.CHANGE'; title: string }
  | { type: 'RETRY_PREVIEW' }
  | { type: 'GO_LIVE' }
  | { type: 'TOGGLE_MUTE' }
  | { type: 'TOGGLE_CAMERA' }
  | { type: 'CHAT.CHANGE'; text: string }
  /** `at`: when the streamer sent it (ISO), read from the screen's clock. */
  | { type: 'CHAT.SEND'; at: string }
  | { type: 'SHARE' }
  | { type: 'END_STREAM' }
  | { type: 'BACK_TO_PROFILE' };

/** SPEC section 5. */
export const BLANK_TITLE_ALERT = 'Please enter a stream title';
/** SPEC section 8: a stream failure alerts about camera and microphone permissions. */
export const MEDIA_PERMISSION_ALERT =
  'Could not access your camera and microphone. Please allow camera and microphone permissions in your browser and try again.';

/** The chat keeps this many recent messages, so a long stream does not grow without end. */
export const CHAT_HISTORY_LIMIT = 50;

export const STREAM_DELAYS = {
  /** How often the audience service reports viewers and their chat. */
  AUDIENCE_REFRESH: 3000,
  /** SPEC section 9: post-stream redirect. */
  END_REDIRECT_DELAY: 2000,
} as const;

const keepRecent = (chat: LiveChatMessage[]) => chat.slice(-CHAT_HISTORY_LIMIT);

export const liveStreamMachine = setup({
  types: {
    context: {} as LiveStreamContext,
    events: {} as LiveStreamEvent,
  },
  actors: {
    startMedia: actorNotProvided<StreamMedia, StreamMediaRequest>('live stream machine', 'startMedia'),
    /** Viewer count and viewers' chat; simulated until a real streaming service exists. */
    pollAudience: actorNotProvided<AudienceUpdate, AudienceRequest>('live stream machine', 'pollAudience'),
    /** The Web Share API, or copying the link. */
    shareStream: actorNotProvided<ShareOutcome, ShareRequest>('live stream machine', 'shareStream'),
  },
  actions: {
    // Effects the screen injects with `.provide()`.
    alert: (_, _params: { message: string }) => {},
    setMicrophoneEnabled: (_, _params: { enabled: boolean }) => {},
    setCameraEnabled: (_, _params: { enabled: boolean }) => {},
    releaseMedia: () => {},
    goToProfile: () => {},
    updateTitle: assign(({ event }) => {
      assertEvent(event, 'TITLE.CHANGE');
      return { title: event.title };
    }),
    adoptMedia: assign((_, params: { media: StreamMedia }) => ({ media: params.media })),
    forgetMedia: assign({ media: null }),
    toggleMute: assign(({ context }) => ({ muted: !context.muted })),
    toggleCamera: assign(({ context }) => ({ cameraOff: !context.cameraOff })),
    updateChatDraft: assign(({ event }) => {
      assertEvent(event, 'CHAT.CHANGE');
      return { chatDraft: event.text };
    }),
    appendOwnChat: assign(({ context, event }) => {
      assertEvent(event, 'CHAT.SEND');
      const chatCount = context.chatCount + 1;
      const message: LiveChatMessage = { id: `chat-${chatCount}`, user: 'You', message: context.chatDraft.trim(), timestamp: event.at };
      return { chatCount, chatDraft: '', chat: keepRecent([...context.chat, message]) };
    }),
    adoptAudience: assign(({ context }, params: { update: AudienceUpdate }) => {
      const viewers = Math.max(0, Math.round(params.update.viewers));
      const incoming = params.update.messages.map((message, index) => ({ ...message, id: `chat-${context.chatCount + index + 1}` }));
      return {
        viewers,
        peakViewers: Math.max(context.peakViewers, viewers),
        chatCount: context.chatCount + incoming.length,
        chat: keepRecent([...context.chat, ...incoming]),
      };
    }),
    noteShare: assign((_, params: { outcome: ShareOutcome | 'failed' }) => ({ share: params.outcome })),
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
    'Going live: set a title with the camera previewing, go live (viewers and chat arrive every 3 seconds), ' +
    'then end the stream; 2 seconds later the streamer is on their profile.',
  context: {
    title: '',
    media: null,
    muted: false,
    cameraOff: false,
    viewers: 0,
    peakViewers: 0,
    chat: [],
    chatDraft: '',
    chatCount: 0,
    share: null,
  },
  initial: 'setup',
  states: {
    setup: {
      description: 'The title field, the camera preview and Go Live.',
      initial: 'startingPreview',
      on: { 'TITLE.CHANGE': { actions: 'updateTitle' } },
      states: {
        startingPreview: {
          description: 'Asking the browser for the camera and microphone; Go Live waits.',
          invoke: {
            id: 'startMedia',
            src: 'startMedia',
            input: { video: true },
            onDone: { target: 'previewing', actions: { type: 'adoptMedia', params: ({ event }) => ({ media: event.output }) } },
            onError: { target: 'previewFailed', actions: ['forgetMedia', { type: 'alert', params: { message: MEDIA_PERMISSION_ALERT } }] },
          },
        },
        previewing: {
          description: 'The live camera preview shows; Go Live needs a title.',
          on: {
            GO_LIVE: [
              { guard: 'titleIsBlank', actions: { type: 'alert', params: { message: BLANK_TITLE_ALERT } } },
              { target: '#liveStream.live' },
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
    live: {
      description: 'On air: the viewer count, the chat, Share, End Stream, mute and camera toggle.',
      type: 'parallel',
      on: {
        TOGGLE_MUTE: {
          actions: ['toggleMute', { type: 'setMicrophoneEnabled', params: ({ context }) => ({ enabled: !context.muted }) }],
        },
        TOGGLE_CAMERA: {
          guard: 'hasVideo',
          actions: ['toggleCamera', { type: 'setCameraEnabled', params: ({ context }) => ({ enabled: !context.cameraOff }) }],
        },
        'CHAT.CHANGE': { actions: 'updateChatDraft' },
        // SPEC section 5: whitespace-only chat is not sent.
        'CHAT.SEND': { guard: 'chatDraftHasText', actions: 'appendOwnChat' },
        END_STREAM: { target: 'ended' },
      },
      states: {
        audience: {
          initial: 'watching',
          states: {
            watching: {
              description: 'Waiting for the next audience report.',
              after: { AUDIENCE_REFRESH: { target: 'polling' } },
            },
            polling: {
              description: 'Asking the (simulated) audience service for the viewer count and new chat.',
              invoke: {
                id: 'pollAudience',
                src: 'pollAudience',
                input: ({ context }) => ({ title: context.title.trim(), viewers: context.viewers }),
                onDone: { target: 'watching', actions: { type: 'adoptAudience', params: ({ event }) => ({ update: event.output }) } },
                onError: { target: 'watching' },
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
              description: 'The share sheet is open, or the link is being copied.',
              invoke: {
                id: 'shareStream',
                src: 'shareStream',
                input: ({ context }) => ({ title: context.title.trim() }),
                onDone: { target: 'idle', actions: { type: 'noteShare', params: ({ event }) => ({ outcome: event.output }) } },
                onError: { target: 'idle', actions: { type: 'noteShare', params: { outcome: 'failed' as const } } },
              },
            },
          },
        },
      },
    },
    ended: {
      description: "'Stream ended' with 'Back to Profile'; the camera and microphone are released.",
      entry: 'releaseMedia',
      on: { BACK_TO_PROFILE: { target: 'left' } },
      after: { END_REDIRECT_DELAY: { target: 'left' } },
    },
    left: {
      description: 'On the streamer’s own profile (/profile).',
      type: 'final',
      entry: 'goToProfile',
    },
  },
});

export type LiveStreamSnapshot = SnapshotFrom<typeof liveStreamMachine>;
