import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { LIVE_HOST_GRACE_MS, type LiveWatchEndReason } from '../../contract/live';
import { actorNotProvided, callbackActorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';
import { CHAT_FALLBACK_MESSAGE, type LiveChatRequest } from './host.machine';

export interface LiveViewerInput {
  streamId: string;
  /**
   * The wall clock a mute's end (ms since the epoch, from the server) is read
   * against; the browser's by default. A test gives one that moves with its
   * simulated clock.
   */
  now?: () => number;
}

/** The stream the `watch` actor works on. */
export interface WatchRequest {
  streamId: string;
}

export interface LiveViewerContext {
  streamId: string;
  chatDraft: string;
  /** Why the last chat message was refused (the server's words); null otherwise. */
  chatError: string | null;
  /** Until when the host muted this viewer (ms since the epoch); null when free to chat. */
  mutedUntil: number | null;
  /** The wall clock from the input, for the time left of a mute. */
  now: () => number;
  /** Why watching ended; null while it goes on. */
  endReason: LiveWatchEndReason | null;
  /** Why watching failed (not connected, connection lost, or the server's refusal); null otherwise. */
  failure: string | null;
}

export type LiveViewerScreenEvent =
  | { type: 'CHAT.CHANGE'; text: string }
  /** Sends the draft; a blank one, or one while muted, is ignored. */
  | { type: 'CHAT.SEND' }
  | { type: 'RETRY' }
  | { type: 'LEAVE' };

/** What the `watch` actor (the subscription on the realtime channel and the peer connection) tells the machine. */
export type LiveWatchEvent =
  /** The host's video arrived (the connection is up). */
  | { type: 'MEDIA.PLAYING' }
  | { type: 'MEDIA.INTERRUPTED' }
  | { type: 'MEDIA.RESTORED' }
  /** `live:watch` was answered not ok (not found, ended, blocked, one's own stream): the server's words. */
  | { type: 'WATCH.REFUSED'; message: string }
  /** `live:ended`: the stream ended, or this viewer was removed. */
  | { type: 'STREAM.ENDED'; reason: LiveWatchEndReason }
  /** `live:muted` (or the chat's `mutedUntil` on opening): no chat until then, ms since the epoch. */
  | { type: 'MUTED'; until: number };

export type LiveViewerEvent = LiveViewerScreenEvent | LiveWatchEvent;

export const WATCH_CONNECT_FAILED_MESSAGE = "Couldn't connect to the stream.";
export const WATCH_CONNECTION_LOST_MESSAGE = 'The connection to the stream was lost.';

/** The viewer's fixed timers (MUTE_LEFT is worked out from the mute). */
export const WATCH_LIMITS = {
  /** Watching shows no picture by then: failed, with Try again. */
  CONNECT_LIMIT: 10_000,
  /**
   * An interrupted picture gets this long to come back: the server's grace
   * for a host whose connection is gone, and a little more for the host's
   * fresh connection to reach this viewer.
   */
  RECONNECT_LIMIT: LIVE_HOST_GRACE_MS + 5000,
} as const;

export const WATCH_DELAYS = {
  ...WATCH_LIMITS,
  /** Until the host's mute runs out (never negative). */
  MUTE_LEFT: ({ context }: { context: LiveViewerContext }) => Math.max(0, (context.mutedUntil ?? 0) - context.now()),
};

export const liveViewerMachine = setup({
  types: {
    input: {} as LiveViewerInput,
    context: {} as LiveViewerContext,
    events: {} as LiveViewerEvent,
  },
  actors: {
    /**
     * For the whole watching phase: `live:watch` (again after each realtime
     * reconnect and on `live:republished`), answers the forwarder's offer,
     * reports the picture, the stream's end and a mute; its cleanup sends
     * `live:leave` and closes the peer connection.
     */
    watch: callbackActorNotProvided<LiveWatchEvent, WatchRequest>('live viewer machine', 'watch'),
    /** `live:chat`; rejects with the server's words (muted, too fast, too long). */
    sendChat: actorNotProvided<void, LiveChatRequest>('live viewer machine', 'sendChat'),
  },
  actions: {
    updateChatDraft: assign(({ event }) => {
      assertEvent(event, 'CHAT.CHANGE');
      return { chatDraft: event.text, chatError: null };
    }),
    clearChatError: assign({ chatError: null }),
    chatSent: assign({ chatDraft: '', chatError: null }),
    // The draft stays so the viewer can send it again.
    noteChatError: assign((_, params: { message: string }) => ({ chatError: params.message })),
    adoptMute: assign(({ event }) => {
      assertEvent(event, 'MUTED');
      return { mutedUntil: event.until };
    }),
    forgetMute: assign({ mutedUntil: null }),
    noteFailure: assign((_, params: { message: string }) => ({ failure: params.message })),
    clearFailure: assign({ failure: null, chatError: null }),
    endAs: assign(({ event }) => {
      assertEvent(event, 'STREAM.ENDED');
      return { endReason: event.reason };
    }),
  },
  guards: {
    canChat: ({ context }) => context.chatDraft.trim() !== '' && context.mutedUntil === null,
    isMuted: ({ context }) => context.mutedUntil !== null,
  },
  delays: WATCH_DELAYS,
}).createMachine({
  id: 'liveViewer',
  description:
    'Watching a live stream at /live/{streamId}: the picture from Orbit\'s media forwarder within 10 seconds (or failed, with Try again), ' +
    'through short drops, the chat (silenced while the host has muted this viewer), until the stream ends or the viewer leaves. ' +
    'The viewer count and the chat messages are server state, not here.',
  context: ({ input }) => ({
    streamId: input.streamId,
    chatDraft: '',
    chatError: null,
    mutedUntil: null,
    now: input.now ?? (() => Date.now()),
    endReason: null,
    failure: null,
  }),
  initial: 'watching',
  states: {
    watching: {
      description: "Subscribed to the stream: the picture, the chat and the host's mute; the stream ending, or the server refusing, stops it.",
      type: 'parallel',
      invoke: { id: 'watch', src: 'watch', input: ({ context }) => ({ streamId: context.streamId }) },
      on: {
        LEAVE: { target: 'left' },
        'CHAT.CHANGE': { actions: 'updateChatDraft' },
        'STREAM.ENDED': { target: 'ended', actions: 'endAs' },
        'WATCH.REFUSED': {
          target: 'failed',
          actions: {
            type: 'noteFailure',
            params: ({ event }) => {
              assertEvent(event, 'WATCH.REFUSED');
              return { message: event.message };
            },
          },
        },
      },
      states: {
        media: {
          description: 'The picture from the forwarder.',
          initial: 'connecting',
          states: {
            connecting: {
              description: "'Connecting…': the forwarder's offer is answered; no picture within CONNECT_LIMIT and watching failed.",
              after: { CONNECT_LIMIT: { target: '#liveViewer.failed', actions: { type: 'noteFailure', params: { message: WATCH_CONNECT_FAILED_MESSAGE } } } },
              on: { 'MEDIA.PLAYING': { target: 'playing' } },
            },
            playing: {
              description: "The host's video plays.",
              on: { 'MEDIA.INTERRUPTED': { target: 'interrupted' } },
            },
            interrupted: {
              description:
                "'Reconnecting…': the picture stopped (a drop here, or the host publishing afresh); not back within RECONNECT_LIMIT and watching failed.",
              after: { RECONNECT_LIMIT: { target: '#liveViewer.failed', actions: { type: 'noteFailure', params: { message: WATCH_CONNECTION_LOST_MESSAGE } } } },
              on: {
                'MEDIA.RESTORED': { target: 'playing' },
                'MEDIA.PLAYING': { target: 'playing' },
              },
            },
          },
        },
        chat: {
          description: "The viewer's own chat messages (everyone's messages come from the server).",
          initial: 'idle',
          states: {
            idle: {
              description: 'Type and Send; a blank message, or any while muted, is not sent. A refused message shows why.',
              on: { 'CHAT.SEND': { guard: 'canChat', target: 'sending', actions: 'clearChatError' } },
            },
            sending: {
              description: 'The message is on its way (`live:chat`); it shows in the chat when the server sends it to everyone.',
              invoke: {
                id: 'sendChat',
                src: 'sendChat',
                input: ({ context }) => ({ streamId: context.streamId, text: context.chatDraft.trim() }),
                onDone: { target: 'idle', actions: 'chatSent' },
                onError: { target: 'idle', actions: { type: 'noteChatError', params: ({ event }) => ({ message: errorMessage(event.error, CHAT_FALLBACK_MESSAGE) }) } },
              },
            },
          },
        },
        mute: {
          description: "Whether the host muted this viewer (the chat input is disabled: 'The host muted you for 10 minutes').",
          initial: 'free',
          states: {
            free: {
              description: 'Free to chat (watching again after a failure keeps a mute that has not run out).',
              always: { guard: 'isMuted', target: 'muted' },
              on: { MUTED: { target: 'muted', actions: 'adoptMute' } },
            },
            muted: {
              description: 'Muted until mutedUntil; after MUTE_LEFT the viewer may chat again. A new mute restarts the count.',
              after: { MUTE_LEFT: { target: 'free', actions: 'forgetMute' } },
              on: { MUTED: { target: 'muted', reenter: true, actions: 'adoptMute' } },
            },
          },
        },
      },
    },
    failed: {
      description: "Watching stopped: no picture in time, the connection lost, or the server refused (the reason shows) with 'Try again'.",
      on: {
        RETRY: { target: 'watching', actions: 'clearFailure' },
        LEAVE: { target: 'left' },
      },
    },
    ended: {
      description: 'The stream ended, or this viewer was removed: "Stream ended", LIVE_WATCH_END_TEXTS[endReason] and "Back to Live".',
      on: { LEAVE: { target: 'left' } },
    },
    left: {
      description: 'The viewer left the stream page.',
      type: 'final',
    },
  },
});

export type LiveViewerSnapshot = SnapshotFrom<typeof liveViewerMachine>;
