import type { AnyEventObject } from 'xstate';
import type { ChatMessage, Conversation } from '../../machines/messaging.machine';

/**
 * SPEC's Messages behaviour written out independently of the machine: given
 * the events of a path, what the screen must show. The model test compares
 * the real screen with this after every step.
 */

export type ExpectedPhase =
  | 'loading'
  | 'failed'
  | 'nothingSelected'
  | 'loadingThread'
  | 'threadFailed'
  | 'idle'
  | 'awaitingReply'
  | 'composingReply';

export interface ExpectedBubble {
  own: boolean;
  content: string;
  /** Null for the user's own messages: they are stamped by the screen's clock. */
  timestamp: string | null;
}

export interface ExpectedMessages {
  phase: ExpectedPhase;
  conversations: Array<Pick<Conversation, 'id' | 'name' | 'unread' | 'lastMessage' | 'isOnline'>>;
  selectedId: string | null;
  view: 'list' | 'chat';
  bubbles: ExpectedBubble[];
  draft: string;
  /** Who the member last blocked: the notice above the screen names them. */
  blockedName: string | null;
}

const CHATTING: readonly ExpectedPhase[] = ['idle', 'awaitingReply', 'composingReply'];

function setPreview(state: ExpectedMessages, content: string): void {
  state.conversations = state.conversations.map((conversation) =>
    conversation.id === state.selectedId ? { ...conversation, lastMessage: content } : conversation,
  );
}

function select(state: ExpectedMessages, id: string): void {
  state.selectedId = id;
  state.view = 'chat';
  state.bubbles = [];
  state.draft = '';
  state.phase = 'loadingThread';
  state.conversations = state.conversations.map((conversation) => (conversation.id === id ? { ...conversation, unread: 0 } : conversation));
}

export function expectedMessages(events: readonly AnyEventObject[]): ExpectedMessages {
  const state: ExpectedMessages = { phase: 'loading', conversations: [], selectedId: null, view: 'list', bubbles: [], draft: '', blockedName: null };
  for (const event of events) {
    switch (event.type) {
      case 'xstate.init':
        break;
      case 'xstate.done.actor.loadConversations': {
        const list = event.output as Conversation[];
        state.conversations = list.map(({ id, name, unread, lastMessage, isOnline }) => ({ id, name, unread, lastMessage, isOnline }));
        // SPEC: the first conversation is selected on load.
        if (list[0]) select(state, list[0].id);
        else state.phase = 'nothingSelected';
        state.view = 'list';
        break;
      }
      case 'xstate.error.actor.loadConversations':
        state.phase = 'failed';
        break;
      case 'RETRY':
        state.phase = 'loading';
        break;
      case 'SELECT':
        select(state, String(event.conversationId));
        break;
      case 'BACK_TO_LIST':
        state.view = 'list';
        break;
      case 'xstate.done.actor.loadThread':
        state.bubbles = (event.output as ChatMessage[]).map((message) => ({ own: message.isOwn, content: message.content, timestamp: message.timestamp }));
        state.phase = 'idle';
        break;
      case 'xstate.error.actor.loadThread':
        state.phase = 'threadFailed';
        break;
      case 'DRAFT.CHANGE':
        state.draft = String(event.text);
        break;
      case 'SEND': {
        // SPEC section 5: whitespace-only text is ignored.
        const content = state.draft.trim();
        if (!CHATTING.includes(state.phase) || content === '') break;
        state.bubbles.push({ own: true, content, timestamp: null });
        setPreview(state, content);
        state.draft = '';
        state.phase = 'awaitingReply';
        break;
      }
      case 'xstate.done.actor.composeReply': {
        const reply = event.output as ChatMessage;
        state.bubbles.push({ own: false, content: reply.content, timestamp: reply.timestamp });
        setPreview(state, reply.content);
        state.phase = 'idle';
        break;
      }
      case 'xstate.error.actor.composeReply':
        state.phase = 'idle';
        break;
      case 'BLOCKED': {
        // Their conversation goes, with any reply still to come; the list shows, nothing selected.
        state.blockedName = state.conversations.find((conversation) => conversation.id === event.userId)?.name ?? null;
        state.conversations = state.conversations.filter((conversation) => conversation.id !== event.userId);
        Object.assign(state, { selectedId: null, view: 'list', bubbles: [], draft: '', phase: 'nothingSelected' });
        break;
      }
      default:
        if (event.type.startsWith('xstate.after.AUTO_REPLY_DELAY.')) {
          state.phase = 'composingReply';
          break;
        }
        throw new Error(`No expectation for ${event.type}`);
    }
  }
  return state;
}
