import type { AnyEventObject } from 'xstate';
import { messagingMachine, type MessagingSnapshot } from '../../../machines/messaging/messaging.machine';
import { createModel, doneEvent, errorEvent } from '../../support/model';

/**
 * The messaging model: two conversations, the realtime signals as the
 * `watchRealtime` callback actor sends them, the outbox's refusals as
 * `watchOutbox` sends them, and the limits that keep its paths few enough to walk.
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
export const RATE_LIMITED = 'You are sending messages too fast. Try again in a moment.';
export const ENDED = failedCall(403, 'This conversation has ended. You can no longer message each other.');
export const UNMATCHED = 'You unmatched. The conversation has ended for both of you.';

const chatting = (snapshot: MessagingSnapshot) => snapshot.matches({ ready: 'chatting' });

export const messagingModel = createModel(messagingMachine, {
  input: { withUserId: null },
  fromActors: {
    TYPING: 'watchRealtime',
    'MESSAGE.RECEIVED': 'watchRealtime',
    'CONVERSATION.ENDED': 'watchRealtime',
    'OUTBOX.REFUSED': 'watchOutbox',
  },
  events: {
    'xstate.done.actor.loadConversations': [doneEvent('loadConversations', PEOPLE), doneEvent('loadConversations', [])],
    'xstate.error.actor.loadConversations': [errorEvent('loadConversations', new Error('Failed to load conversations'))],
    'xstate.done.actor.loadThread': [doneEvent('loadThread', undefined)],
    'xstate.error.actor.loadThread': [errorEvent('loadThread', OFFLINE), errorEvent('loadThread', ENDED)],
    'xstate.done.actor.unmatch': [doneEvent('unmatch', UNMATCHED)],
    'xstate.error.actor.unmatch': [errorEvent('unmatch', failedCall(500, 'Failed to unmatch'))],
    SELECT: PEOPLE.map((id) => ({ type: 'SELECT', conversationId: id })),
    'DRAFT.CHANGE': [BLANK, HELLO].map((text) => ({ type: 'DRAFT.CHANGE', text })),
    SEND: [{ type: 'SEND', id: 'm-1', at: AT }],
    RETRY_SEND: [{ type: 'RETRY_SEND', id: 'm-1' }],
    // The server refused what the member sent to Ana, for the chat that is open and for one that is not.
    'OUTBOX.REFUSED': [{ type: 'OUTBOX.REFUSED', peerId: ANA, text: HELLO, message: RATE_LIMITED }],
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
      ended: snapshot.context.endedIds,
      notice: snapshot.context.notice,
    }),
  // Keeps the paths few: a message is written to the first conversation only, and handing it to the
  // outbox, retrying it or having it refused happen in its chat; everything else (moving between
  // conversations, typing, ending) is explored with nothing being written.
  filterEvents: (snapshot, event: AnyEventObject) => {
    const { selectedId, draft, endedIds, notice, view } = snapshot.context;
    const typingShown = snapshot.matches({ ready: { chatting: { typing: 'typing' } } });
    const cooling = snapshot.matches({ ready: { chatting: { composer: 'cooling' } } });
    const calm = draft === '' && notice === null && !cooling && !typingShown;
    const fromTest = !event.type.startsWith('xstate.');
    // While a timer runs, only what the timer is about happens (timers of different lengths would multiply the paths).
    if (fromTest && typingShown && !['TYPING', 'MESSAGE.RECEIVED'].includes(event.type)) return false;
    if (fromTest && cooling && event.type !== 'SEND') return false;
    if (event.type === 'TYPING' && typingShown && event.peerId !== ANA) return false;
    switch (event.type) {
      case 'SELECT':
        // Moving between conversations (and 'Try Again' after a failed thread).
        return calm && (event.conversationId === selectedId) === snapshot.matches({ ready: 'threadFailed' });
      case 'BACK_TO_LIST':
        return calm && view === 'chat';
      case 'DRAFT.CHANGE':
        return calm && selectedId === ANA && endedIds.length === 0 && chatting(snapshot);
      case 'SEND':
        return draft !== '';
      case 'RETRY_SEND':
        return calm && selectedId === ANA && chatting(snapshot);
      case 'OUTBOX.REFUSED':
        // Into an empty composer or before what was typed since, in Ana's open chat; or while Ben's is open.
        return notice === null && chatting(snapshot) && !cooling && !typingShown && (selectedId === ANA ? draft === '' || draft === HELLO : calm);
      case 'TYPING':
        return chatting(snapshot) && draft === '' && notice === null && (event.peerId === ANA || calm);
      case 'MESSAGE.RECEIVED':
        return typingShown && draft === '';
      case 'CONVERSATION.ENDED':
        if (endedIds.includes(String(event.peerId)) || selectedId !== ANA) return false;
        return calm;
      case 'UNMATCH':
        return calm;
      case 'BLOCKED':
        return calm && selectedId === ANA && (chatting(snapshot) || snapshot.matches({ ready: 'ended' }));
      case 'DISMISS_NOTICE':
        return notice !== null;
      default:
        return true;
    }
  },
});
