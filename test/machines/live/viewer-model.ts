import type { AnyEventObject } from 'xstate';
import {
  LIVE_CHAT_RATE_MESSAGE,
  LIVE_MUTE_MS,
  LIVE_OWN_STREAM_MESSAGE,
  LIVE_STREAM_ENDED_MESSAGE,
  LIVE_STREAM_NOT_FOUND_MESSAGE,
  type LiveWatchEndReason,
} from '../../../contract/live';
import { liveViewerMachine, type LiveViewerSnapshot } from '../../../machines/live/viewer.machine';
import { createModel, doneEvent, errorEvent } from '../../support/model';
import { refusal } from './host-model';

/**
 * The viewer's model: the picture connecting or not, playing, dropping and
 * coming back or not; the server refusing the watch or ending it for every
 * reason; the chat (blank, refused, sent); the host's mute, a second mute
 * and its running out, and a mute that outlives a failed connection. Each
 * thread is tried on its own from a playing stream, then left.
 */

export const STREAM_ID = '5a1c0de0-0000-4000-8000-0000000051ee';
export const CHAT_TEXT = 'Hello from the audience';
export const BLANK = '   ';

/**
 * The wall clock the mute is measured against, held still for the walk
 * (the test fixes Date.now to it); the simulated clock counts the timers.
 */
export const NOW = Date.UTC(2026, 10, 27, 20, 0, 0);
export const FIRST_MUTE = NOW + LIVE_MUTE_MS;
/** The host mutes again before the first one ran out. */
export const SECOND_MUTE = NOW + 2 * LIVE_MUTE_MS;

/** Events the `watch` actor brings (the subscription and the peer connection). */
export const FROM_WATCH = {
  'MEDIA.PLAYING': 'watch',
  'MEDIA.INTERRUPTED': 'watch',
  'MEDIA.RESTORED': 'watch',
  'WATCH.REFUSED': 'watch',
  'STREAM.ENDED': 'watch',
  MUTED: 'watch',
} as const;

const streamEnded = (reason: LiveWatchEndReason) => ({ type: 'STREAM.ENDED', reason });

function describeEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
  if (event.type === 'CHAT.CHANGE') return `chat ${JSON.stringify(event.text)}`;
  if (event.type === 'STREAM.ENDED') return `STREAM.ENDED ${String(event.reason)}`;
  if (event.type === 'WATCH.REFUSED') return `WATCH.REFUSED ${JSON.stringify(event.message)}`;
  if (event.type === 'MUTED') return `MUTED ${event.until === FIRST_MUTE ? 'for 10 minutes' : 'again, for 20'}`;
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
  if (event.type.startsWith('xstate.error.actor.')) {
    const message = (event as { error?: { message?: string } }).error?.message;
    return `${event.type.slice('xstate.error.actor.'.length)} fails (${message ? JSON.stringify(message) : 'no message'})`;
  }
  return event.type;
}

const mediaState = (snapshot: LiveViewerSnapshot) =>
  (['connecting', 'playing', 'interrupted'] as const).find((state) => snapshot.matches({ watching: { media: state } })) ?? null;

/** Nothing has happened to the chat or the mute yet. */
function quiet(snapshot: LiveViewerSnapshot): boolean {
  const { chatDraft, chatError, mutedUntil } = snapshot.context;
  return chatDraft === '' && chatError === null && mutedUntil === null && snapshot.matches({ watching: { chat: 'idle' } });
}

export const liveViewerModel = createModel(liveViewerMachine, {
  input: { streamId: STREAM_ID },
  fromActors: FROM_WATCH,
  describeEvent,
  events: {
    'WATCH.REFUSED': [LIVE_STREAM_NOT_FOUND_MESSAGE, LIVE_STREAM_ENDED_MESSAGE, LIVE_OWN_STREAM_MESSAGE].map((message) => ({ type: 'WATCH.REFUSED', message })),
    'STREAM.ENDED': (['ended', 'lost', 'admin', 'signed-out', 'banned', 'removed'] as const).map(streamEnded),
    MUTED: [FIRST_MUTE, SECOND_MUTE].map((until) => ({ type: 'MUTED', until })),
    'CHAT.CHANGE': [BLANK, CHAT_TEXT].map((text) => ({ type: 'CHAT.CHANGE', text })),
    'xstate.done.actor.sendChat': [doneEvent('sendChat', undefined)],
    'xstate.error.actor.sendChat': [refusal(LIVE_CHAT_RATE_MESSAGE), refusal('')].map((error) => errorEvent('sendChat', error)),
  },
  filterEvents: (snapshot, event) => {
    const media = mediaState(snapshot);
    const { chatDraft, chatError, mutedUntil, failure } = snapshot.context;
    // Once failed or ended: Try again (failed only) and leaving.
    if (media === null) return event.type === 'RETRY' || event.type === 'LEAVE';
    const muted = mutedUntil !== null;
    switch (event.type) {
      case 'MEDIA.PLAYING':
      case 'MEDIA.RESTORED':
        return true;
      case 'MEDIA.INTERRUPTED':
        // A drop from a quiet stream, and one while muted (to outlive the failure it leads to).
        return quiet(snapshot) || (muted && chatDraft === '');
      case 'WATCH.REFUSED':
        return media === 'connecting' && quiet(snapshot) && failure === null;
      case 'STREAM.ENDED':
        // Every reason from a playing stream; a lost host while the picture is down.
        return event.reason === 'lost' ? media === 'interrupted' && quiet(snapshot) : media === 'playing' && quiet(snapshot);
      case 'MUTED':
        // A first mute on a quiet playing stream; a second one on top of it.
        return media === 'playing' && chatDraft === '' && chatError === null && (muted ? event.until === SECOND_MUTE && mutedUntil === FIRST_MUTE : event.until === FIRST_MUTE && quiet(snapshot));
      case 'CHAT.CHANGE':
        // A draft on a quiet playing stream (or while muted, where Send does nothing); after a refusal, typed again.
        if (media !== 'playing') return false;
        if (muted) return chatDraft === '' && mutedUntil === FIRST_MUTE && event.text === CHAT_TEXT;
        return quiet(snapshot) || (chatError !== null && snapshot.matches({ watching: { chat: 'idle' } }) && event.text === CHAT_TEXT);
      case 'CHAT.SEND':
        return chatDraft !== '';
      case 'LEAVE':
        return quiet(snapshot) || muted;
      default:
        if (event.type.startsWith('xstate.after.CONNECT_LIMIT.')) return quiet(snapshot) || muted;
        if (event.type.startsWith('xstate.after.MUTE_LEFT.')) return chatDraft === '' && media === 'playing';
        return true;
    }
  },
});
