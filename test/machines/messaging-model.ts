import type { AnyEventObject } from 'xstate';
import { messagingMachine, type MessagingSnapshot } from '../../machines/messaging.machine';
import { createModel, doneEvent, errorEvent } from '../support/model';

/**
 * The messaging model: two conversations, the realtime signals as the
 * `watchRealtime` callback actor sends them, the server's answers to sends,
 * and the limits that keep its paths few enough to walk.
 */

export const ANA = 'c-ana';
export const BEN = 'c-ben';
export const PEOPLE = [ANA, BEN];
export const AT = new Date(2026, 2, 10, 12, 0, 0).toISOString();

export const BLANK = '   ';
export const HELLO = 'Hello there';

/** A refused call as the API client reports it: an Error with the HTTP status. */
export function failedCall(status: number, message: string): Error & { status: number } {
  return Object.assign(new Error(message), { status });
}
export const OFFLINE = failedCall(0, 'Message not sent');
export const RATE_LIMITED = failedCall(429, 'You are sending messages too fast. Try again in a moment.');
export const TOO_LONG = failedCall(400, 'Messages can be up to 2,000 characters');
export const ENDED = failedCall(403, 'This conversation has ended. You can no longer message each other.');
export const UNMATCHED = 'You unmatched. The conversation has ended for both of you.';

const sends = (snapshot: MessagingSnapshot) => snapshot.context.outbox.length;
const chatting = (snapshot: MessagingSnapshot) => snapshot.matches({ ready: { chat: 'chatting' } });

export const messagingModel = createModel(messagingMachine, {
  input: { withUserId: null, outbox: [], online: true },
  fromActors: {
    'CONNECTION.LOST': 'watchRealtime',
    'CONNECTION.BACK': 'watchRealtime',
    TYPING: 'watchRealtime',
    'MESSAGE.RECEIVED': 'watchRealtime',
    'CONVERSATION.ENDED': 'watchRealtime',
  },
  events: {
    'xstate.done.actor.loadConversations': [doneEvent('loadConversations', PEOPLE), doneEvent('loadConversations', [])],
    'xstate.error.actor.loadConversations': [errorEvent('loadConversations', new Error('Failed to load conversations'))],
    'xstate.done.actor.loadThread': [doneEvent('loadThread', undefined)],
    'xstate.error.actor.loadThread': [errorEvent('loadThread', OFFLINE), errorEvent('loadThread', ENDED)],
    'xstate.done.actor.sendMessage': [doneEvent('sendMessage', undefined)],
    'xstate.error.actor.sendMessage': [OFFLINE, RATE_LIMITED, TOO_LONG, ENDED].map((error) => errorEvent('sendMessage', error)),
    'xstate.done.actor.unmatch': [doneEvent('unmatch', UNMATCHED)],
    'xstate.error.actor.unmatch': [errorEvent('unmatch', failedCall(500, 'Failed to unmatch'))],
    SELECT: PEOPLE.map((id) => ({ type: 'SELECT', conversationId: id })),
    'DRAFT.CHANGE': [BLANK, HELLO].map((text) => ({ type: 'DRAFT.CHANGE', text })),
    SEND: [{ type: 'SEND', id: 'm-1', at: AT }],
    RETRY_SEND: [{ type: 'RETRY_SEND', id: 'm-1' }],
    BLOCKED: [{ type: 'BLOCKED', userId: ANA }],
    TYPING: PEOPLE.map((id) => ({ type: 'TYPING', peerId: id })),
    'MESSAGE.RECEIVED': [{ type: 'MESSAGE.RECEIVED', peerId: ANA, fromThem: true }],
    'CONVERSATION.ENDED': PEOPLE.map((id) => ({ type: 'CONVERSATION.ENDED', peerId: id })),
  },
  describeEvent: (event) => {
    if (event.type === 'DRAFT.CHANGE') return `type ${JSON.stringify(event.text)}`;
    if (event.type === 'SELECT') return `SELECT ${String(event.conversationId)}`;
    if (['TYPING', 'CONVERSATION.ENDED', 'MESSAGE.RECEIVED'].includes(event.type)) return `${event.type} ${String(event.peerId)}`;
    if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
    if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
    if (event.type.startsWith('xstate.error.actor.')) {
      const status = (event.error as { status?: number }).status;
      return `${event.type.slice('xstate.error.actor.'.length)} fails ${String(status ?? '')}`.trim();
    }
    return event.type;
  },
  stateKey: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      selectedId: snapshot.context.selectedId,
      view: snapshot.context.view,
      draft: snapshot.context.draft,
      outbox: snapshot.context.outbox.map((entry) => [entry.id, entry.status, entry.attempts]),
      online: snapshot.context.online,
      ended: snapshot.context.endedIds,
      notice: snapshot.context.notice,
    }),
  // Keeps the paths few: a message is written to the first conversation only, one at a time, and
  // while it is on its way only what concerns it happens; everything else (moving between
  // conversations, typing, ending, the connection) is explored with nothing being written.
  filterEvents: (snapshot, event: AnyEventObject) => {
    const { selectedId, draft, outbox, online, endedIds, notice, view } = snapshot.context;
    const calm =
      draft === '' &&
      outbox.length === 0 &&
      notice === null &&
      online &&
      !snapshot.matches({ ready: { chat: { chatting: { composer: 'cooling' } } } }) &&
      !snapshot.matches({ ready: { chat: { chatting: { typing: 'typing' } } } });
    const typingShown = snapshot.matches({ ready: { chat: { chatting: { typing: 'typing' } } } });
    const cooling = snapshot.matches({ ready: { chat: { chatting: { composer: 'cooling' } } } });
    const waiting = snapshot.matches({ ready: { outbox: 'waiting' } });
    const fromTest = !event.type.startsWith('xstate.');
    // While a timer runs, only what the timer is about happens (timers of different lengths would multiply the paths).
    if (fromTest && typingShown && !['TYPING', 'MESSAGE.RECEIVED'].includes(event.type)) return false;
    if (fromTest && cooling && event.type !== 'SEND') return false;
    if (fromTest && waiting && event.type !== 'CONNECTION.BACK' && event.type !== 'CONNECTION.LOST') return false;
    if (event.type === 'TYPING' && typingShown && event.peerId !== ANA) return false;
    switch (event.type) {
      case 'SELECT':
        // Moving between conversations (and 'Try Again' after a failed thread).
        return calm && (event.conversationId === selectedId) === snapshot.matches({ ready: { chat: 'threadFailed' } });
      case 'BACK_TO_LIST':
        return calm && view === 'chat';
      case 'DRAFT.CHANGE':
        return calm && selectedId === ANA && endedIds.length === 0 && chatting(snapshot) && (event.text === HELLO || sends(snapshot) === 0);
      case 'SEND':
        return draft !== '' && outbox.length === 0;
      case 'RETRY_SEND':
        return online && outbox.some((entry) => entry.status === 'failed');
      case 'CONNECTION.LOST':
        return online && (outbox.length > 0 || (calm && chatting(snapshot)));
      case 'CONNECTION.BACK':
        return !online;
      case 'TYPING':
        return chatting(snapshot) && draft === '' && outbox.length === 0 && notice === null && online && (event.peerId === ANA || calm);
      case 'MESSAGE.RECEIVED':
        return snapshot.matches({ ready: { chat: { chatting: { typing: 'typing' } } } }) && draft === '';
      case 'CONVERSATION.ENDED':
        if (endedIds.includes(String(event.peerId)) || selectedId !== ANA) return false;
        return event.peerId === ANA ? calm || outbox.length > 0 : calm;
      case 'UNMATCH':
        return calm;
      case 'BLOCKED':
        return calm && selectedId === ANA && (chatting(snapshot) || snapshot.matches({ ready: { chat: 'ended' } }));
      case 'DISMISS_NOTICE':
        return notice !== null && outbox.length === 0;
      default:
        return true;
    }
  },
});
