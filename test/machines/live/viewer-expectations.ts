import type { AnyEventObject } from 'xstate';
import type { LiveWatchEndReason } from '../../../contract/live';

/**
 * A viewer's side of a live stream written out independently of the
 * machine (issue 39, docs/LIVE-STREAMS.md): given the events of a path,
 * where the viewer must be, what the stream page has to show (the picture's
 * state, the chat input, the mute notice, the failure or the end) and which
 * actors must be running.
 */

export type WatchPhase = 'connecting' | 'playing' | 'interrupted' | 'failed' | 'ended' | 'left';

export const CONNECT_FAILED = "Couldn't connect to the stream.";
export const CONNECTION_LOST = 'The connection to the stream was lost.';
export const CHAT_FALLBACK = "Couldn't send your message.";

export interface ExpectedWatch {
  phase: WatchPhase;
  chatDraft: string;
  chatError: string | null;
  mutedUntil: number | null;
  /** The page shows the mute notice and disables the chat input. */
  muted: boolean;
  sendingChat: boolean;
  endReason: LiveWatchEndReason | null;
  failure: string | null;
  /** The invoked actors that must be running now, by name. */
  running: string[];
  /** How often watching began (the first time, and each Try again). */
  watches: number;
}

const WATCHING: readonly WatchPhase[] = ['connecting', 'playing', 'interrupted'];

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
};

export function expectedWatch(events: readonly AnyEventObject[]): ExpectedWatch {
  const watch: ExpectedWatch = {
    phase: 'connecting',
    chatDraft: '',
    chatError: null,
    mutedUntil: null,
    muted: false,
    sendingChat: false,
    endReason: null,
    failure: null,
    running: [],
    watches: 1,
  };
  const watching = () => WATCHING.includes(watch.phase);
  const stopWatching = (phase: WatchPhase) => {
    watch.phase = phase;
    watch.sendingChat = false;
    watch.muted = false;
  };
  const fail = (message: string) => {
    stopWatching('failed');
    watch.failure = message;
  };

  for (const event of events) {
    const { type } = event;
    const timer = type.startsWith('xstate.after.') ? type.split('.')[2] : null;
    if (type === 'xstate.init') continue;
    if (type === 'MEDIA.PLAYING') {
      if (watch.phase === 'connecting' || watch.phase === 'interrupted') watch.phase = 'playing';
    } else if (type === 'MEDIA.INTERRUPTED') {
      if (watch.phase === 'playing') watch.phase = 'interrupted';
    } else if (type === 'MEDIA.RESTORED') {
      if (watch.phase === 'interrupted') watch.phase = 'playing';
    } else if (timer === 'CONNECT_LIMIT') {
      if (watch.phase === 'connecting') fail(CONNECT_FAILED);
    } else if (timer === 'RECONNECT_LIMIT') {
      if (watch.phase === 'interrupted') fail(CONNECTION_LOST);
    } else if (type === 'WATCH.REFUSED') {
      if (watching()) fail(String(event.message));
    } else if (type === 'STREAM.ENDED') {
      if (!watching()) continue;
      stopWatching('ended');
      watch.endReason = event.reason as LiveWatchEndReason;
    } else if (type === 'MUTED') {
      if (!watching()) continue;
      watch.muted = true;
      watch.mutedUntil = event.until as number;
    } else if (timer === 'MUTE_LEFT') {
      if (!watching()) continue;
      watch.muted = false;
      watch.mutedUntil = null;
    } else if (type === 'CHAT.CHANGE') {
      if (!watching()) continue;
      watch.chatDraft = String(event.text);
      watch.chatError = null;
    } else if (type === 'CHAT.SEND') {
      // Blank messages and anything while muted are not sent; one message at a time.
      if (!watching() || watch.sendingChat || watch.muted || watch.chatDraft.trim() === '') continue;
      watch.sendingChat = true;
      watch.chatError = null;
    } else if (type === 'xstate.done.actor.sendChat') {
      watch.sendingChat = false;
      watch.chatDraft = '';
    } else if (type === 'xstate.error.actor.sendChat') {
      watch.sendingChat = false;
      watch.chatError = messageOf(event.error, CHAT_FALLBACK);
    } else if (type === 'RETRY') {
      if (watch.phase !== 'failed') continue;
      watch.phase = 'connecting';
      watch.failure = null;
      watch.chatError = null;
      watch.watches += 1;
      // A mute that has not run out still holds.
      watch.muted = watch.mutedUntil !== null;
    } else if (type === 'LEAVE') {
      if (watch.phase !== 'left') stopWatching('left');
    } else {
      throw new Error(`No expectation for ${type}`);
    }
  }
  const running: string[] = [];
  if (watching()) running.push('watch');
  if (watch.sendingChat) running.push('sendChat');
  watch.running = running.sort();
  return watch;
}
