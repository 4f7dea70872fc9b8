import type { AnyEventObject } from 'xstate';

/**
 * The Messages screen's behaviour written out independently of the machine:
 * given the events of a path, what the member must see. The model test
 * compares the running machine with this after every step.
 */

export type ExpectedChat = 'loading' | 'failed' | 'nothingSelected' | 'loadingThread' | 'threadFailed' | 'chatting' | 'unmatching' | 'ended';

export interface ExpectedEntry {
  id: string;
  peerId: string;
  text: string;
  /** 'sending' while it goes out or waits for the connection; 'failed' shows "Not sent · Retry". */
  status: 'pending' | 'failed';
}

export interface ExpectedMessages {
  chat: ExpectedChat;
  selectedId: string | null;
  view: 'list' | 'chat';
  draft: string;
  outbox: ExpectedEntry[];
  /** Whether a send is on its way right now. */
  sending: boolean;
  online: boolean;
  typing: boolean;
  ended: string[];
  notice: string | null;
}

/** Tries a message gets before "Not sent · Retry" (the product's choice: three). */
const TRIES = 3;
const THREAD: readonly ExpectedChat[] = ['chatting', 'unmatching', 'ended'];

interface Tracking extends ExpectedMessages {
  attempts: Map<string, number>;
  waiting: boolean;
  /** The message on its way; it may have left the outbox meanwhile (its conversation ended). */
  inFlight: ExpectedEntry | null;
}

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

/** The conversation with `peerId` ended: what was still to go to them cannot go any more, and their open chat says so. */
function end(state: Tracking, peerId: string): void {
  if (!state.ended.includes(peerId)) state.ended.push(peerId);
  state.outbox = state.outbox.filter((entry) => entry.peerId !== peerId);
  // (A chat still loading finds out when it has loaded.)
  if (peerId === state.selectedId && state.chat === 'chatting') state.chat = 'ended';
}

/** The first message still to go, if any may go now. */
function nextToSend(state: Tracking): ExpectedEntry | undefined {
  return state.online && !state.sending && !state.waiting ? state.outbox.find((entry) => entry.status === 'pending') : undefined;
}

export function expectedMessages(events: readonly AnyEventObject[]): ExpectedMessages {
  const state: Tracking = {
    chat: 'loading',
    selectedId: null,
    view: 'list',
    draft: '',
    outbox: [],
    sending: false,
    online: true,
    typing: false,
    ended: [],
    notice: null,
    attempts: new Map(),
    waiting: false,
    inFlight: null,
  };
  const inOutbox = (entry: ExpectedEntry) => state.outbox.find((candidate) => candidate.id === entry.id);
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
        state.outbox.push({ id: String(event.id), peerId: state.selectedId ?? '', text: state.draft.trim(), status: 'pending' });
        state.draft = '';
        state.notice = null;
        break;
      }
      case 'xstate.done.actor.sendMessage': {
        const entry = state.inFlight;
        state.outbox = state.outbox.filter((candidate) => candidate.id !== entry?.id);
        state.sending = false;
        break;
      }
      case 'xstate.error.actor.sendMessage': {
        const flying = state.inFlight;
        if (!flying) throw new Error('A send failed with nothing being sent');
        state.sending = false;
        const status = statusOf(event);
        const entry = inOutbox(flying);
        if (status === 403) end(state, flying.peerId);
        // Gone from the outbox meanwhile (its conversation ended): nothing more to do with it.
        else if (!entry) break;
        else if ([400, 404, 429].includes(status)) {
          // Refused: the text goes back into the composer (nothing lost), and the chat says why.
          state.outbox = state.outbox.filter((candidate) => candidate !== entry);
          state.draft = state.draft === '' ? entry.text : `${entry.text}\n${state.draft}`;
          state.notice = (event.error as Error).message;
        } else {
          const tries = (state.attempts.get(entry.id) ?? 0) + 1;
          state.attempts.set(entry.id, tries);
          if (tries < TRIES) state.waiting = true;
          else entry.status = 'failed';
        }
        break;
      }
      case 'RETRY_SEND':
        for (const entry of state.outbox) if (entry.id === event.id) entry.status = 'pending';
        state.attempts.set(String(event.id), 0);
        state.waiting = false;
        break;
      case 'CONNECTION.LOST':
        state.online = false;
        break;
      case 'CONNECTION.BACK':
        state.online = true;
        state.waiting = false;
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
        else if (event.type.startsWith('xstate.after.SEND_RETRY_DELAY.')) state.waiting = false;
        else if (!event.type.startsWith('xstate.after.TYPING_THROTTLE.')) throw new Error(`No expectation for ${event.type}`);
    }
    if (!THREAD.includes(state.chat) && state.chat !== 'loadingThread') state.typing = false;
    if (state.chat !== 'chatting') state.typing = false;
    // The outbox sends whenever something is due and the connection is up (the list must have loaded).
    const next = state.chat !== 'loading' && state.chat !== 'failed' ? nextToSend(state) : undefined;
    if (next) {
      state.sending = true;
      state.inFlight = { ...next };
    }
  }
  const { attempts: _attempts, waiting: _waiting, inFlight: _inFlight, ...expected } = state;
  return expected;
}
