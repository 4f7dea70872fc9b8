import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { TYPING_THROTTLE_MS, TYPING_VISIBLE_MS } from '../../contract/realtime';
import { actorNotProvided, callbackActorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';
import { statusOf, type OutboxEntry } from './outbox';

export type { OutboxEntry } from './outbox';

export interface MessagingInput {
  /** `/messages?with=<userId>`: the person whose conversation opens first. */
  withUserId: string | null;
}

export type MessagingView = 'list' | 'chat';

/** What the open chat says above the composer: a refused send, or the end of the conversation. */
export interface ChatNotice {
  peerId: string;
  tone: 'error' | 'info';
  text: string;
}

export interface MessagingContext {
  withUserId: string | null;
  selectedId: string | null;
  /** Which of the two views a phone shows; wider screens show both. */
  view: MessagingView;
  draft: string;
  /** Conversations that ended while the screen was open (unmatch, block, either side). */
  endedIds: string[];
  notice: ChatNotice | null;
}

export interface ConversationsRequest {
  withUserId: string | null;
}
export interface ThreadRequest {
  peerId: string;
}
export interface UnmatchRequest {
  peerId: string;
}
/** How a refused call is told apart: its HTTP status (0 when the server was not reached) and message. */
export interface FailedCall {
  status: number;
  message: string;
}

/** What the realtime connection tells the screen (through the tab's hub). */
export type RealtimeSignal =
  | { type: 'TYPING'; peerId: string }
  /** `fromThem`: the other member wrote it (not the member in another tab). */
  | { type: 'MESSAGE.RECEIVED'; peerId: string; fromThem: boolean }
  | { type: 'CONVERSATION.ENDED'; peerId: string };

/** The server refused a message the outbox courier sent (too long, too fast): `message` says why. */
export type OutboxSignal = { type: 'OUTBOX.REFUSED'; peerId: string; text: string; message: string };

export type MessagingEvent =
  | RealtimeSignal
  | OutboxSignal
  | { type: 'RETRY' }
  | { type: 'SELECT'; conversationId: string }
  | { type: 'BACK_TO_LIST' }
  | { type: 'DRAFT.CHANGE'; text: string }
  /** `id`: made by the browser (crypto.randomUUID); `at`: when the member sent it (ISO). */
  | { type: 'SEND'; id: string; at: string }
  /** "Not sent · Retry" on a message that stopped trying. */
  | { type: 'RETRY_SEND'; id: string }
  /** The member confirmed Unmatch in the chat's dialog. */
  | { type: 'UNMATCH' }
  | { type: 'DISMISS_NOTICE' }
  /** The member blocked the person of the open conversation (Report or block); the server has ended the match. */
  | { type: 'BLOCKED'; userId: string };

function selected(context: MessagingContext): string {
  if (context.selectedId === null) throw new Error('messaging machine: no conversation is selected');
  return context.selectedId;
}

/**
 * The `with` person's conversation; without `with`, the first one (SPEC: the
 * first is selected on load). A `with` person the member has no conversation
 * with opens none: never someone else's chat in their place.
 */
function initialSelection(ids: readonly string[], withUserId: string | null): string | null {
  if (withUserId !== null) return ids.includes(withUserId) ? withUserId : null;
  return ids[0] ?? null;
}

export const messagingMachine = setup({
  types: {
    input: {} as MessagingInput,
    context: {} as MessagingContext,
    events: {} as MessagingEvent,
  },
  actors: {
    /** The conversations' ids, latest activity first (the list itself is in the query cache). */
    loadConversations: actorNotProvided<string[], ConversationsRequest>('messaging machine', 'loadConversations'),
    /** Makes sure the newest page of the conversation's messages is in the query cache. */
    loadThread: actorNotProvided<void, ThreadRequest>('messaging machine', 'loadThread'),
    /** Answers with the server's message (UNMATCHED_MESSAGE). */
    unmatch: actorNotProvided<string, UnmatchRequest>('messaging machine', 'unmatch'),
    /** The tab's realtime connection, as signals (status, typing, messages, ended conversations). */
    watchRealtime: callbackActorNotProvided<RealtimeSignal, void>('messaging machine', 'watchRealtime'),
    /** The member's outbox, as OUTBOX.REFUSED for each message the server refused (the outbox courier sends them). */
    watchOutbox: callbackActorNotProvided<OutboxSignal, void>('messaging machine', 'watchOutbox'),
  },
  actions: {
    // Effects the screen injects with `.provide()`; the machine itself stays pure.
    /** The outbox courier sends it from there, on whatever page the member is by then. */
    handToOutbox: (_, _params: { entry: OutboxEntry }) => {},
    /** "Not sent · Retry": the message tries again from the outbox. */
    retryInOutbox: (_, _params: { id: string }) => {},
    /** The conversation ended: what was still to go to them leaves the outbox. */
    dropFromOutbox: (_, _params: { peerId: string }) => {},
    /** The screen opens: what had stopped trying in the outbox tries afresh, as after a reload. */
    restartOutbox: () => {},
    /** "… is typing" for the other member (the machine sends it at most every TYPING_THROTTLE). */
    signalTyping: (_, _params: { peerId: string }) => {},
    adoptConversations: assign(({ context }, params: { ids: string[] }) => {
      const selectedId = initialSelection(params.ids, context.withUserId);
      // A phone opens on the list, unless a link asked for one person's chat.
      return { selectedId, view: context.withUserId !== null && selectedId === context.withUserId ? ('chat' as const) : ('list' as const) };
    }),
    select: assign(({ event }) => {
      assertEvent(event, 'SELECT');
      return { selectedId: event.conversationId, view: 'chat' as const, draft: '', notice: null };
    }),
    showList: assign({ view: 'list' as const }),
    dropBlockedConversation: assign(({ context, event }) => {
      assertEvent(event, 'BLOCKED');
      return {
        selectedId: null,
        view: 'list' as const,
        draft: '',
        notice: null,
        endedIds: context.endedIds.includes(event.userId) ? context.endedIds : [...context.endedIds, event.userId],
      };
    }),
    updateDraft: assign(({ event }) => {
      assertEvent(event, 'DRAFT.CHANGE');
      return { draft: event.text };
    }),
    clearDraft: assign({ draft: '', notice: null }),
    /**
     * The server refused the message (too long, too many too fast): the outbox has let it go, and its text goes
     * back into the composer, before anything typed since, so nothing is lost; the chat says why.
     */
    returnToDraft: assign(({ context, event }) => {
      assertEvent(event, 'OUTBOX.REFUSED');
      const open = event.peerId === context.selectedId;
      return {
        draft: open ? (context.draft === '' ? event.text : `${event.text}\n${context.draft}`) : context.draft,
        notice: { peerId: event.peerId, tone: 'error' as const, text: event.message },
      };
    }),
    markEnded: assign(({ context }, params: { peerId: string; notice?: string }) => ({
      endedIds: context.endedIds.includes(params.peerId) ? context.endedIds : [...context.endedIds, params.peerId],
      notice: params.notice ? { peerId: params.peerId, tone: 'info' as const, text: params.notice } : context.notice,
    })),
    showError: assign((_, params: { peerId: string; message: string }) => ({ notice: { peerId: params.peerId, tone: 'error' as const, text: params.message } })),
    dismissNotice: assign({ notice: null }),
  },
  guards: {
    loadedAny: (_, params: { ids: string[] }) => params.ids.length > 0,
    hasSelection: ({ context }) => context.selectedId !== null,
    // SPEC section 5: whitespace-only text is ignored.
    draftHasText: ({ context }) => context.draft.trim() !== '',
    typedSomething: ({ event }) => event.type === 'DRAFT.CHANGE' && event.text.trim() !== '',
    fromSelectedPeer: ({ context, event }) =>
      (event.type === 'TYPING' || event.type === 'CONVERSATION.ENDED') && event.peerId === context.selectedId,
    isSelectedPeerMessage: ({ context, event }) => event.type === 'MESSAGE.RECEIVED' && event.fromThem && event.peerId === context.selectedId,
    selectedHasEnded: ({ context }) => context.selectedId !== null && context.endedIds.includes(context.selectedId),
    /** 403: the match ended before (or while) the thread was asked for. */
    endedError: (_, params: { error: unknown }) => statusOf(params.error) === 403,
  },
  delays: {
    TYPING_VISIBLE: TYPING_VISIBLE_MS,
    TYPING_THROTTLE: TYPING_THROTTLE_MS,
  },
}).createMachine({
  id: 'messaging',
  description:
    "The Messages screen for a signed-in member: their conversations (one per match), one open at a time, and the messages both write, " +
    'pushed over the realtime connection. What the member sends is handed to the outbox kept in the browser, which the outbox courier ' +
    'sends (so it survives a reload and waits for the connection); the other member sees it, and their typing and read receipts come back the same way.',
  context: ({ input }) => ({
    withUserId: input.withUserId,
    selectedId: null,
    view: 'list',
    draft: '',
    endedIds: [],
    notice: null,
  }),
  entry: 'restartOutbox',
  invoke: [
    { id: 'watchRealtime', src: 'watchRealtime' },
    { id: 'watchOutbox', src: 'watchOutbox' },
  ],
  on: {
    'OUTBOX.REFUSED': { actions: 'returnToDraft' },
    RETRY_SEND: { actions: { type: 'retryInOutbox', params: ({ event }) => ({ id: event.id }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the conversations; skeleton rows show.',
      invoke: {
        id: 'loadConversations',
        src: 'loadConversations',
        input: ({ context }) => ({ withUserId: context.withUserId }),
        onDone: [
          {
            guard: { type: 'loadedAny', params: ({ event }) => ({ ids: event.output }) },
            target: 'ready',
            actions: { type: 'adoptConversations', params: ({ event }) => ({ ids: event.output }) },
          },
          { target: 'ready' },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      description: "The list could not be loaded: an error panel with 'Try Again'.",
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      description: 'The list is shown, and the chat in the right-hand pane (a phone shows either the list or the chat).',
      initial: 'choosing',
      on: {
        SELECT: { target: '.loadingThread', actions: 'select' },
        BACK_TO_LIST: { actions: 'showList' },
        // Whatever the chat was doing ends with the conversation.
        BLOCKED: { target: '.nothingSelected', actions: ['dropBlockedConversation', { type: 'dropFromOutbox', params: ({ event }) => ({ peerId: event.userId }) }] },
        'CONVERSATION.ENDED': [
          {
            guard: 'fromSelectedPeer',
            target: '.ended',
            actions: [{ type: 'markEnded', params: ({ event }) => ({ peerId: event.peerId }) }, { type: 'dropFromOutbox', params: ({ event }) => ({ peerId: event.peerId }) }],
          },
          { actions: [{ type: 'markEnded', params: ({ event }) => ({ peerId: event.peerId }) }, { type: 'dropFromOutbox', params: ({ event }) => ({ peerId: event.peerId }) }] },
        ],
        DISMISS_NOTICE: { actions: 'dismissNotice' },
      },
      states: {
        choosing: {
          description: 'Opens the conversation picked on load, if there is one; never rests here.',
          always: [{ guard: 'hasSelection', target: 'loadingThread' }, { target: 'nothingSelected' }],
        },
        nothingSelected: {
          description: "'No conversation selected' and 'Select a conversation to start messaging'.",
        },
        loadingThread: {
          description: 'Opening the selected conversation: its header shows, the newest messages are loading.',
          invoke: {
            id: 'loadThread',
            src: 'loadThread',
            input: ({ context }) => ({ peerId: selected(context) }),
            onDone: [{ guard: 'selectedHasEnded', target: 'ended' }, { target: 'chatting' }],
            onError: [
              {
                guard: { type: 'endedError', params: ({ event }) => ({ error: event.error }) },
                target: 'ended',
                actions: [{ type: 'markEnded', params: ({ context }) => ({ peerId: selected(context) }) }, { type: 'dropFromOutbox', params: ({ context }) => ({ peerId: selected(context) }) }],
              },
              { target: 'threadFailed' },
            ],
          },
        },
        threadFailed: {
          description: "The conversation's messages could not be loaded: a message with 'Try Again' (re-selects it).",
        },
        chatting: {
          description: 'The thread, newest at the bottom, and the composer; what arrives shows at once.',
          type: 'parallel',
          on: {
            SEND: {
              guard: 'draftHasText',
              actions: [
                {
                  type: 'handToOutbox',
                  params: ({ context, event }) => ({
                    entry: { id: event.id, peerId: selected(context), text: context.draft.trim(), createdAt: event.at, attempts: 0, status: 'pending' as const },
                  }),
                },
                'clearDraft',
              ],
            },
            UNMATCH: { target: 'unmatching' },
          },
          states: {
            typing: {
              description: "Whether '<name> is typing…' shows.",
              initial: 'quiet',
              states: {
                quiet: {
                  description: 'The other member is not typing (as far as anyone knows).',
                  on: { TYPING: { guard: 'fromSelectedPeer', target: 'typing' } },
                },
                typing: {
                  description: 'Shown until TYPING_VISIBLE after their last signal, or until their message arrives.',
                  after: { TYPING_VISIBLE: { target: 'quiet' } },
                  on: {
                    TYPING: { guard: 'fromSelectedPeer', target: 'typing', reenter: true },
                    'MESSAGE.RECEIVED': { guard: 'isSelectedPeerMessage', target: 'quiet' },
                  },
                },
              },
            },
            composer: {
              description: 'The draft; typing tells the other member, at most every TYPING_THROTTLE.',
              initial: 'ready',
              on: { 'DRAFT.CHANGE': { actions: 'updateDraft' } },
              states: {
                ready: {
                  description: 'The next keystroke with text tells the other member the member is typing.',
                  on: {
                    'DRAFT.CHANGE': {
                      guard: 'typedSomething',
                      target: 'cooling',
                      actions: ['updateDraft', { type: 'signalTyping', params: ({ context }) => ({ peerId: selected(context) }) }],
                    },
                  },
                },
                cooling: {
                  description: 'Told them a moment ago; keystrokes only change the draft until TYPING_THROTTLE has passed.',
                  after: { TYPING_THROTTLE: { target: 'ready' } },
                },
              },
            },
          },
        },
        unmatching: {
          description: 'Unmatch was confirmed: waiting for the server to end the match.',
          invoke: {
            id: 'unmatch',
            src: 'unmatch',
            input: ({ context }) => ({ peerId: selected(context) }),
            onDone: {
              target: 'ended',
              actions: [{ type: 'markEnded', params: ({ context, event }) => ({ peerId: selected(context), notice: event.output }) }, { type: 'dropFromOutbox', params: ({ context }) => ({ peerId: selected(context) }) }],
            },
            onError: {
              target: 'chatting',
              actions: {
                type: 'showError',
                params: ({ context, event }) => ({ peerId: selected(context), message: errorMessage(event.error, 'Failed to unmatch') }),
              },
            },
          },
        },
        ended: {
          description: 'The match ended (either side): the chat says so, its messages stay readable and the composer is disabled.',
        },
      },
    },
  },
});

export type MessagingSnapshot = SnapshotFrom<typeof messagingMachine>;

/** The open chat's phase, for the screen. */
export type ChatPhase = 'nothingSelected' | 'loadingThread' | 'threadFailed' | 'chatting' | 'unmatching' | 'ended';

export function selectChatPhase(snapshot: MessagingSnapshot): ChatPhase {
  if (snapshot.matches({ ready: 'loadingThread' })) return 'loadingThread';
  if (snapshot.matches({ ready: 'threadFailed' })) return 'threadFailed';
  if (snapshot.matches({ ready: 'chatting' })) return 'chatting';
  if (snapshot.matches({ ready: 'unmatching' })) return 'unmatching';
  if (snapshot.matches({ ready: 'ended' })) return 'ended';
  return 'nothingSelected';
}

export const selectIsTyping = (snapshot: MessagingSnapshot): boolean => snapshot.matches({ ready: { chatting: { typing: 'typing' } } });
