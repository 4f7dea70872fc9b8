import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { actorNotProvided } from './actor-not-provided';

/** SPEC section 3 Conversation; `timestamp` is an ISO date-time. */
export interface Conversation {
  id: string;
  name: string;
  avatar: string;
  lastMessage: string;
  timestamp: string;
  unread: number;
  isOnline: boolean;
}

/** SPEC section 3 Chat message (messages screen); `timestamp` is an ISO date-time. */
export interface ChatMessage {
  id: string;
  sender: string;
  content: string;
  timestamp: string;
  isOwn: boolean;
}

export interface MessagingInput {
  /** `/messages?with=<userId>`: the person whose conversation opens first. */
  withUserId: string | null;
}

export type MessagingView = 'list' | 'chat';

export interface MessagingContext {
  withUserId: string | null;
  conversations: Conversation[];
  selectedId: string | null;
  /** Which of the two views a phone shows; wider screens show both. */
  view: MessagingView;
  thread: ChatMessage[];
  draft: string;
  /** Numbers the messages this screen creates, so ids stay unique. */
  sentCount: number;
}

export interface ThreadRequest {
  conversation: Conversation;
}
export interface ReplyRequest {
  conversation: Conversation;
  /** What the user just said. */
  message: ChatMessage;
}

export type MessagingEvent =
  | { type: 'RETRY' }
  | { type: 'SELECT'; conversationId: string }
  | { type: 'BACK_TO_LIST' }
  | { type: 'DRAFT.CHANGE'; text: string }
  /** `at`: when the user sent it (ISO), read from the screen's clock. */
  | { type: 'SEND'; at: string }
  /** The member blocked the person of the open conversation (Report or block); the server has ended the match. */
  | { type: 'BLOCKED'; userId: string };

/** SPEC section 9: the messaging auto-reply delay. */
export const AUTO_REPLY_DELAY_MS = 2000;

/** The conversation the thread belongs to; only called where one is selected. */
function selectedConversation(context: MessagingContext): Conversation {
  const found = context.conversations.find((conversation) => conversation.id === context.selectedId);
  if (!found) throw new Error('messaging machine: no conversation is selected');
  return found;
}

function withPreview(conversations: Conversation[], id: string, message: ChatMessage): Conversation[] {
  return conversations.map((conversation) =>
    conversation.id === id ? { ...conversation, lastMessage: message.content, timestamp: message.timestamp } : conversation,
  );
}

/** The `with` person's conversation when it was loaded, else the first one (SPEC: the first is selected on load). */
function initialSelection(conversations: Conversation[], withUserId: string | null): string | null {
  const requested = withUserId === null ? undefined : conversations.find((conversation) => conversation.id === withUserId);
  return requested?.id ?? conversations[0]?.id ?? null;
}

export const messagingMachine = setup({
  types: {
    input: {} as MessagingInput,
    context: {} as MessagingContext,
    events: {} as MessagingEvent,
  },
  actors: {
    loadConversations: actorNotProvided<Conversation[], MessagingInput>('messaging machine', 'loadConversations'),
    loadThread: actorNotProvided<ChatMessage[], ThreadRequest>('messaging machine', 'loadThread'),
    composeReply: actorNotProvided<ChatMessage, ReplyRequest>('messaging machine', 'composeReply'),
  },
  actions: {
    adoptConversations: assign(({ context }, params: { conversations: Conversation[] }) => {
      const selectedId = initialSelection(params.conversations, context.withUserId);
      return {
        conversations: params.conversations.map((conversation) => (conversation.id === selectedId ? { ...conversation, unread: 0 } : conversation)),
        selectedId,
        // A phone opens on the list, unless a link asked for one person's chat.
        view: context.withUserId !== null && selectedId === context.withUserId ? 'chat' : 'list',
      };
    }),
    select: assign(({ context, event }) => {
      assertEvent(event, 'SELECT');
      return {
        selectedId: event.conversationId,
        view: 'chat' as const,
        thread: [],
        draft: '',
        conversations: context.conversations.map((conversation) =>
          conversation.id === event.conversationId ? { ...conversation, unread: 0 } : conversation,
        ),
      };
    }),
    showList: assign({ view: 'list' as const }),
    dropBlockedConversation: assign(({ context, event }) => {
      assertEvent(event, 'BLOCKED');
      return {
        conversations: context.conversations.filter((conversation) => conversation.id !== event.userId),
        selectedId: null,
        view: 'list' as const,
        thread: [],
        draft: '',
      };
    }),
    adoptThread: assign((_, params: { thread: ChatMessage[] }) => ({ thread: params.thread })),
    forgetThread: assign({ thread: [] }),
    updateDraft: assign(({ event }) => {
      assertEvent(event, 'DRAFT.CHANGE');
      return { draft: event.text };
    }),
    appendOwnMessage: assign(({ context, event }) => {
      assertEvent(event, 'SEND');
      const sentCount = context.sentCount + 1;
      const message: ChatMessage = { id: `sent-${sentCount}`, sender: 'You', content: context.draft.trim(), timestamp: event.at, isOwn: true };
      return {
        sentCount,
        draft: '',
        thread: [...context.thread, message],
        conversations: withPreview(context.conversations, selectedConversation(context).id, message),
      };
    }),
    appendReply: assign(({ context }, params: { reply: ChatMessage }) => {
      const sentCount = context.sentCount + 1;
      const reply: ChatMessage = { ...params.reply, id: `reply-${sentCount}`, isOwn: false };
      return {
        sentCount,
        thread: [...context.thread, reply],
        conversations: withPreview(context.conversations, selectedConversation(context).id, reply),
      };
    }),
  },
  guards: {
    loadedAny: (_, params: { conversations: Conversation[] }) => params.conversations.length > 0,
    // SPEC section 5: whitespace-only text is ignored.
    draftHasText: ({ context }) => context.draft.trim() !== '',
    isKnownConversation: ({ context, event }) =>
      event.type === 'SELECT' && context.conversations.some((conversation) => conversation.id === event.conversationId),
  },
  delays: {
    AUTO_REPLY_DELAY: AUTO_REPLY_DELAY_MS,
  },
}).createMachine({
  id: 'messaging',
  description:
    'The Messages screen. It loads the conversation list, opens one conversation at a time, and sends messages; ' +
    "2 seconds after the user's latest message the selected contact answers 'Thanks for your message!'. Blocking the " +
    'person (Report or block) removes their conversation and goes back to the list.',
  context: ({ input }) => ({
    withUserId: input.withUserId,
    conversations: [],
    selectedId: null,
    view: 'list',
    thread: [],
    draft: '',
    sentCount: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the conversations (one per match, or the sample ones); skeleton rows show.',
      invoke: {
        id: 'loadConversations',
        src: 'loadConversations',
        input: ({ context }) => ({ withUserId: context.withUserId }),
        onDone: [
          {
            guard: { type: 'loadedAny', params: ({ event }) => ({ conversations: event.output }) },
            target: 'ready.loadingThread',
            actions: { type: 'adoptConversations', params: ({ event }) => ({ conversations: event.output }) },
          },
          {
            target: 'ready.nothingSelected',
            actions: { type: 'adoptConversations', params: ({ event }) => ({ conversations: event.output }) },
          },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      description: "The list could not be loaded: an error panel with 'Try Again'.",
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      description: 'The list is shown; a phone shows either the list or the chat.',
      on: {
        SELECT: { guard: 'isKnownConversation', target: '.loadingThread', actions: 'select' },
        BACK_TO_LIST: { actions: 'showList' },
        // Whatever the chat was doing (a pending reply included) ends with the conversation.
        BLOCKED: { target: '.nothingSelected', actions: 'dropBlockedConversation' },
      },
      initial: 'nothingSelected',
      states: {
        nothingSelected: {
          description: "'No conversation selected' and 'Select a conversation to start messaging'.",
        },
        loadingThread: {
          description: 'Opening the selected conversation: its header shows, the thread is loading.',
          invoke: {
            id: 'loadThread',
            src: 'loadThread',
            input: ({ context }) => ({ conversation: selectedConversation(context) }),
            onDone: { target: 'chatting', actions: { type: 'adoptThread', params: ({ event }) => ({ thread: event.output }) } },
            onError: { target: 'threadFailed', actions: 'forgetThread' },
          },
        },
        threadFailed: {
          description: "The conversation's messages could not be loaded: a message with 'Try Again' (re-selects it).",
        },
        chatting: {
          description: 'The thread, newest at the bottom, and the composer.',
          initial: 'idle',
          on: {
            'DRAFT.CHANGE': { actions: 'updateDraft' },
            // Each message restarts the wait, so a burst of messages gets one answer.
            SEND: { guard: 'draftHasText', target: '.awaitingReply', reenter: true, actions: 'appendOwnMessage' },
          },
          states: {
            idle: { description: 'Nothing is pending.' },
            awaitingReply: {
              description: 'The user has spoken; the contact answers after AUTO_REPLY_DELAY.',
              after: { AUTO_REPLY_DELAY: { target: 'composingReply' } },
            },
            composingReply: {
              description: 'Fetching the contact’s answer from the (simulated) messaging service.',
              invoke: {
                id: 'composeReply',
                src: 'composeReply',
                input: ({ context }) => {
                  const message = context.thread.findLast((entry) => entry.isOwn);
                  if (!message) throw new Error('messaging machine: a reply was requested before any message was sent');
                  return { conversation: selectedConversation(context), message };
                },
                onDone: { target: 'idle', actions: { type: 'appendReply', params: ({ event }) => ({ reply: event.output }) } },
                // A lost answer is not the user's problem: the thread simply has no reply.
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },
  },
});

export type MessagingSnapshot = SnapshotFrom<typeof messagingMachine>;

export const selectSelectedConversation = (snapshot: MessagingSnapshot): Conversation | null =>
  snapshot.context.conversations.find((conversation) => conversation.id === snapshot.context.selectedId) ?? null;
