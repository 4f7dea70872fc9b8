import { fromCallback, fromPromise, type CallbackActorLogic, type PromiseActorLogic } from 'xstate';
import type { LiveChatMessage } from '../../../contract/live';
import type { LiveChatRequest } from '../../../machines/live/host.machine';
import type { LiveWatchEvent, WatchRequest } from '../../../machines/live/viewer.machine';

/**
 * A simulated viewer's side for tests only: the live viewer machine's actors
 * with no server and no media. Watching plays after a short delay, the test
 * drives everything else the subscription would report (`send`: a drop, the
 * stream's end, a mute), and chat is echoed back as the server would
 * broadcast it. Issue 39: the spec's simulated audience never appears on a
 * real stream, so nothing in src/ may use this.
 */

export interface SimulatedWatchOptions {
  /** How long until the picture plays (0: at once; null: never, the test sends MEDIA.PLAYING). */
  playDelayMs?: number | null;
  viewer?: { id: string; name: string };
  now?: () => Date;
}

export interface SimulatedWatch {
  actors: {
    watch: CallbackActorLogic<LiveWatchEvent, WatchRequest>;
    sendChat: PromiseActorLogic<void, LiveChatRequest>;
  };
  /** Says something to the machine as the subscription would; throws when nothing is watching. */
  send(event: LiveWatchEvent): void;
  readonly watching: boolean;
  /** Streams watched (`live:watch`) and left (`live:leave`, the watch's cleanup), in order. */
  readonly watched: readonly string[];
  readonly left: readonly string[];
  readonly chat: readonly LiveChatMessage[];
}

export function createSimulatedWatch(options: SimulatedWatchOptions = {}): SimulatedWatch {
  const playDelayMs = options.playDelayMs === undefined ? 300 : options.playDelayMs;
  const viewer = options.viewer ?? { id: 'viewer', name: 'Viewer' };
  const now = options.now ?? (() => new Date());
  const watched: string[] = [];
  const left: string[] = [];
  const chat: LiveChatMessage[] = [];
  let sendBack: ((event: LiveWatchEvent) => void) | null = null;

  return {
    actors: {
      watch: fromCallback<LiveWatchEvent, WatchRequest>(({ input, sendBack: send }) => {
        watched.push(input.streamId);
        sendBack = send;
        const playing = playDelayMs === null ? null : setTimeout(() => send({ type: 'MEDIA.PLAYING' }), playDelayMs);
        return () => {
          if (playing !== null) clearTimeout(playing);
          if (sendBack === send) sendBack = null;
          left.push(input.streamId);
        };
      }),
      sendChat: fromPromise<void, LiveChatRequest>(({ input }) => {
        chat.push({ id: `chat-${chat.length + 1}`, user: viewer.name, userId: viewer.id, message: input.text, timestamp: now().toISOString() });
        return Promise.resolve();
      }),
    },
    send(event) {
      if (!sendBack) throw new Error(`Nothing is watching to hear ${event.type}`);
      sendBack(event);
    },
    get watching() {
      return sendBack !== null;
    },
    watched,
    left,
    chat,
  };
}
