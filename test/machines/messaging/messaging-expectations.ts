import type { AnyEventObject } from 'xstate';

/**
 * The Messages screen's behaviour written out independently of the machine:
 * given the events of a path, what the member must see. The model test
 * compares the running machine with this after every step.
 */

export type ExpectedChat = 'loading' | 'failed' | 'nothingSelected' | 'loadingThread' | 'threadFailed' | 'chatting' | 'unmatching' | 'ended';

export interface ExpectedMessages {
  chat: ExpectedChat;
  selectedId: string | null;
  view: 'list' | 'chat';
  draft: string;
  /**
   * What the screen asked of the member's outbox, in order (the outbox courier sends from it): `restart` as it opens,
   * `add <id> <peer> <text>` for a message written, `retry <id>` for "Not sent · Retry", `drop <peer>` when a conversation ends.
   */
  outbox: string[];
  typing: boolean;
  ended: string[];
  notice: string | null;
}

const THREAD: readonly ExpectedChat[] = ['chatting', 'unmatching', 'ended'];

type Tracking = ExpectedMessages;

function statusOf(event: AnyEventObject): number {
  return (event.error as { status?: number } | undefined)?.status ?? 0;
}

function open(state: Tracking, id: string): void {
  state.selectedId = id;
  state.view = 'chat';
  state.draft = '';
  state.notice = null;
  state.typing = false;
  state.chat = 'loadingThread';
}

/** The conversation with `peerId` ended: what was still to go to them leaves the outbox, and their open chat says so. */
function end(state: Tracking, peerId: string): void {
  if (!state.ended.includes(peerId)) state.ended.push(peerId);
  state.outbox.push(`drop ${peerId}`);
  // (A chat still loading finds out when it has loaded.)
  if (peerId === state.selectedId && state.chat === 'chatting') state.chat = 'ended';
}

export function expectedMessages(events: readonly AnyEventObject[]): ExpectedMessages {
  const state: Tracking = {
    chat: 'loading',
    selectedId: null,
    view: 'list',
    draft: '',
    // Opening the screen gives what had stopped trying a fresh start.
    outbox: ['restart'],
    typing: false,
    ended: [],
    notice: null,
  };
  for (const event of events) {
    switch (event.type) {
      case 'xstate.init':
        break;
      case 'xstate.done.actor.loadConversations': {
        const ids = event.output as string[];
        // SPEC: the first conversation is selected on load (the list still shows first on a phone).
        if (ids[0]) {
          open(state, ids[0]);
          state.view = 'list';
        } else state.chat = 'nothingSelected';
        break;
      }
      case 'xstate.error.actor.loadConversations':
        state.chat = 'failed';
        break;
      case 'RETRY':
        state.chat = 'loading';
        break;
      case 'SELECT':
        open(state, String(event.conversationId));
        break;
      case 'BACK_TO_LIST':
        state.view = 'list';
        break;
      case 'xstate.done.actor.loadThread':
        state.chat = state.ended.includes(state.selectedId ?? '') ? 'ended' : 'chatting';
        break;
      case 'xstate.error.actor.loadThread':
        if (statusOf(event) === 403) {
          end(state, state.selectedId ?? '');
          state.chat = 'ended';
        } else state.chat = 'threadFailed';
        break;
      case 'DRAFT.CHANGE':
        state.draft = String(event.text);
        break;
      case 'SEND': {
        // SPEC section 5: whitespace-only text is ignored.
        if (state.chat !== 'chatting' || state.draft.trim() === '') break;
        state.outbox.push(`add ${String(event.id)} ${state.selectedId ?? ''} ${state.draft.trim()}`);
        state.draft = '';
        state.notice = null;
        break;
      }
      case 'OUTBOX.REFUSED': {
        // Refused: the text goes back into the composer of its open chat (nothing lost), and the chat says why.
        if (event.peerId === state.selectedId) state.draft = state.draft === '' ? String(event.text) : `${String(event.text)}\n${state.draft}`;
        state.notice = String(event.message);
        break;
      }
      case 'RETRY_SEND':
        state.outbox.push(`retry ${String(event.id)}`);
        break;
      case 'TYPING':
        if (event.peerId === state.selectedId) state.typing = true;
        break;
      case 'MESSAGE.RECEIVED':
        if (event.peerId === state.selectedId && event.fromThem) state.typing = false;
        break;
      case 'CONVERSATION.ENDED':
        end(state, String(event.peerId));
        if (event.peerId === state.selectedId && ['loadingThread', 'unmatching', 'threadFailed'].includes(state.chat)) state.chat = 'ended';
        break;
      case 'UNMATCH':
        state.chat = 'unmatching';
        state.typing = false;
        break;
      case 'xstate.done.actor.unmatch':
        end(state, state.selectedId ?? '');
        state.notice = String(event.output);
        state.chat = 'ended';
        break;
      case 'xstate.error.actor.unmatch':
        state.notice = (event.error as Error).message;
        state.chat = 'chatting';
        break;
      case 'DISMISS_NOTICE':
        state.notice = null;
        break;
      case 'BLOCKED':
        end(state, String(event.userId));
        Object.assign(state, { selectedId: null, view: 'list', draft: '', notice: null, typing: false, chat: 'nothingSelected' });
        break;
      default:
        if (event.type.startsWith('xstate.after.TYPING_VISIBLE.')) state.typing = false;
        else if (!event.type.startsWith('xstate.after.TYPING_THROTTLE.')) throw new Error(`No expectation for ${event.type}`);
    }
    if (!THREAD.includes(state.chat) && state.chat !== 'loadingThread') state.typing = false;
    if (state.chat !== 'chatting') state.typing = false;
  }
  return state;
}
