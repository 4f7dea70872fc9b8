import type { AnyEventObject } from 'xstate';
import { messagingMachine, type ChatMessage, type Conversation, type MessagingSnapshot } from '../../machines/messaging.machine';
import { createModel, doneEvent, errorEvent } from '../support/model';

/**
 * The messaging model: sample conversations, threads and replies, and the
 * limits that keep its paths few enough to walk on the real screen.
 */

// Local time, so 'Today' and 'Yesterday' are the same wherever the test runs.
export const BASE = new Date(2026, 2, 10, 12, 0, 0);
const at = (daysAgo: number, hours: number, minutes: number) => new Date(2026, 2, 10 - daysAgo, hours, minutes).toISOString();

export const ANA: Conversation = {
  id: 'c-ana',
  name: 'Ana Lima',
  avatar: '/api/media/avatar/ana-lima',
  lastMessage: 'See you soon',
  timestamp: at(0, 11, 0),
  unread: 2,
  isOnline: true,
};
export const BEN: Conversation = {
  id: 'c-ben',
  name: 'Ben Okoro',
  avatar: '/api/media/avatar/ben-okoro',
  lastMessage: 'Good night!',
  timestamp: at(1, 22, 0),
  unread: 0,
  isOnline: false,
};
export const PEOPLE = [ANA, BEN];

function threadWith(contact: Conversation): ChatMessage[] {
  return [
    { id: `${contact.id}-1`, sender: contact.name, content: 'Hey! How are you doing?', timestamp: at(1, 21, 0), isOwn: false },
    { id: `${contact.id}-2`, sender: 'You', content: "I'm great, thanks!", timestamp: at(0, 11, 30), isOwn: true },
    { id: `${contact.id}-3`, sender: contact.name, content: 'Video chat later?', timestamp: at(0, 11, 35), isOwn: false },
  ];
}
const replyFrom = (contact: Conversation): ChatMessage => ({
  id: 'reply',
  sender: contact.name,
  content: 'Thanks for your message!',
  timestamp: at(0, 12, 1),
  isOwn: false,
});

export const BLANK = '   ';
export const MULTILINE = 'Line one\nLine two';

export const sentByUser = (snapshot: MessagingSnapshot) => snapshot.context.thread.filter((message) => message.id.startsWith('sent-')).length;
const outputFor = (event: AnyEventObject) => (event as { output?: { sender?: string } | Array<{ sender: string }> }).output;

export const messagingModel = createModel(messagingMachine, {
  input: { withUserId: null },
  events: {
    'xstate.done.actor.loadConversations': [doneEvent('loadConversations', PEOPLE), doneEvent('loadConversations', [])],
    'xstate.error.actor.loadConversations': [errorEvent('loadConversations', new Error('Failed to load matches'))],
    'xstate.done.actor.loadThread': PEOPLE.map((person) => doneEvent('loadThread', threadWith(person))),
    'xstate.error.actor.loadThread': [errorEvent('loadThread', new Error('offline'))],
    'xstate.done.actor.composeReply': PEOPLE.map((person) => doneEvent('composeReply', replyFrom(person))),
    'xstate.error.actor.composeReply': [errorEvent('composeReply', new Error('offline'))],
    SELECT: PEOPLE.map((person) => ({ type: 'SELECT', conversationId: person.id })),
    'DRAFT.CHANGE': [BLANK, 'Hello there', MULTILINE].map((text) => ({ type: 'DRAFT.CHANGE', text })),
    SEND: [{ type: 'SEND', at: BASE.toISOString() }],
    BLOCKED: PEOPLE.map((person) => ({ type: 'BLOCKED', userId: person.id })),
  },
  describeEvent: (event) => {
    if (event.type === 'SEND') return 'SEND';
    if (event.type === 'DRAFT.CHANGE') return `type ${JSON.stringify(event.text)}`;
    if (event.type === 'SELECT') return `SELECT ${String(event.conversationId)}`;
    if (event.type === 'BLOCKED') return `BLOCKED ${String(event.userId)}`;
    if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
    if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
    if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} fails`;
    return event.type;
  },
  // What decides behaviour and what the user sees; message times are checked against the expectations instead.
  stateKey: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      selectedId: snapshot.context.selectedId,
      view: snapshot.context.view,
      draft: snapshot.context.draft,
      thread: snapshot.context.thread.map((message) => `${message.isOwn ? 'me' : 'them'}:${message.content}`),
      list: snapshot.context.conversations.map((conversation) => [conversation.unread, conversation.lastMessage]),
    }),
  // Keeps the paths few: messages are exchanged with the first conversation as
  // the screen opens; moving between conversations is explored before any is sent.
  filterEvents: (snapshot, event) => {
    const { selectedId, draft, view } = snapshot.context;
    const selectedName = PEOPLE.find((person) => person.id === selectedId)?.name;
    const untouched = draft === '' && sentByUser(snapshot) === 0;
    const settled = snapshot.matches({ ready: { chatting: 'idle' } }) || snapshot.matches({ ready: 'threadFailed' });
    switch (event.type) {
      case 'xstate.done.actor.loadThread':
        return (outputFor(event) as ChatMessage[])[0]?.sender === selectedName;
      case 'xstate.error.actor.loadThread':
        return view === 'list';
      case 'xstate.done.actor.composeReply':
        return (outputFor(event) as ChatMessage).sender === selectedName;
      case 'SELECT':
        // Re-selecting the same conversation is what 'Try Again' does after a failed thread.
        return untouched && settled && (event.conversationId === selectedId) === snapshot.matches({ ready: 'threadFailed' });
      case 'BACK_TO_LIST':
        return untouched && settled && view === 'chat';
      case 'DRAFT.CHANGE':
        if (draft !== '' || view !== 'list' || selectedId !== ANA.id) return false;
        if (event.text === MULTILINE) return sentByUser(snapshot) === 0;
        return event.text === BLANK ? sentByUser(snapshot) === 0 : sentByUser(snapshot) < 2;
      case 'SEND':
        return draft !== '';
      case 'BLOCKED':
        // Only the open chat's person can be blocked (from its header): once it has settled, and
        // once while its reply is pending, which the block must cancel.
        if ((event as { userId?: string }).userId !== selectedId) return false;
        return (
          (untouched && snapshot.matches({ ready: { chatting: 'idle' } })) ||
          (sentByUser(snapshot) === 1 && draft === '' && snapshot.matches({ ready: { chatting: 'awaitingReply' } }))
        );
      default:
        return true;
    }
  },
});

