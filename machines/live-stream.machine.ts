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

/** Chat from other viewers since the last report (the machine gives each its id). */
export type ViewerChat = Array<Omit<LiveChatMessage, 'id'>>;

/** What the audience services are asked: the stream and its current count. */
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
  /** How often the viewer count is refreshed. */
  VIEWER_COUNT_REFRESH: 3000,
  /** How often chat from viewers is fetched. */
  VIEWER_CHAT_REFRESH: 4000,
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
    /** The viewer count; simulated until a real streaming service exists. */
    countViewers: actorNotProvided<number, AudienceRequest>('live stream machine', 'countViewers'),
    /** Chat from viewers since the last fetch; simulated likewise. */
    fetchViewerChat: actorNotProvided<ViewerChat, AudienceRequest>('live stream machine', 'fetchViewerChat'),
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
    adoptViewerCount: assign(({ context }, params: { viewers: number }) => {
      const viewers = Math.max(0, Math.round(params.viewers));
      return { viewers, peakViewers: Math.max(context.peakViewers, viewers) };
    }),
    adoptViewerChat: assign(({ context }, params: { messages: ViewerChat }) => {
      const incoming = params.messages.map((message, index) => ({ ...message, id: `chat-${context.chatCount + index + 1}` }));
      return { chatCount: context.chatCount + incoming.length, chat: keepRecent([...context.chat, ...incoming]) };
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
    'Going live: set a title with the camera previewing, go live (the viewer count refreshes every 3 seconds, ' +
    'viewers\' chat every 4), ' +
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
            // No alert yet: the preview explains the problem in place. The SPEC's alert is for the stream that fails (Go Live).
            onError: { target: 'previewFailed', actions: 'forgetMedia' },
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
        viewerCount: {
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Showing the viewer count until the next refresh.',
              after: { VIEWER_COUNT_REFRESH: { target: 'counting' } },
            },
            counting: {
              description: 'Asking the (simulated) audience service how many are watching.',
              invoke: {
                id: 'countViewers',
                src: 'countViewers',
                input: ({ context }) => ({ title: context.title.trim(), viewers: context.viewers }),
                onDone: { target: 'waiting', actions: { type: 'adoptViewerCount', params: ({ event }) => ({ viewers: event.output }) } },
                onError: { target: 'waiting' },
              },
            },
          },
        },
        viewerChat: {
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Showing the chat until viewers\' new messages are fetched.',
              after: { VIEWER_CHAT_REFRESH: { target: 'fetching' } },
            },
            fetching: {
              description: 'Fetching what viewers said since the last time.',
              invoke: {
                id: 'fetchViewerChat',
                src: 'fetchViewerChat',
                input: ({ context }) => ({ title: context.title.trim(), viewers: context.viewers }),
                onDone: { target: 'waiting', actions: { type: 'adoptViewerChat', params: ({ event }) => ({ messages: event.output }) } },
                onError: { target: 'waiting' },
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
