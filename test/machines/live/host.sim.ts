import { fromCallback, fromPromise, type CallbackActorLogic, type PromiseActorLogic } from 'xstate';
import type { LiveChatMessage } from '../../../contract/live';
import type { LiveChatRequest, LiveHostLinkEvent, PublishRequest, PublishResult, StreamRequest } from '../../../machines/live/host.machine';

/**
 * A simulated broadcast for tests only: the live stream machine's on-air
 * actors with no server and no media. Publishing connects after a short
 * delay, the host link is driven by the test (`send`), chat is echoed back
 * as the server would broadcast it, and ending succeeds. Issue 39: the
 * spec's simulated audience never appears on a real stream, so nothing in
 * src/ may use this; the screen provides real actors.
 */

export const SIMULATED_STREAM_ID = '5a1c0de0-0000-4000-8000-0000000011fe';

export interface SimulatedBroadcastOptions {
  streamId?: string;
  /** How long publishing and republishing take (0: at once). */
  connectDelayMs?: number;
  /** The host as their chat messages name them. */
  host?: { id: string; name: string };
  now?: () => Date;
}

export interface SimulatedBroadcast {
  actors: {
    publish: PromiseActorLogic<PublishResult, PublishRequest>;
    republish: PromiseActorLogic<void, StreamRequest>;
    hostLink: CallbackActorLogic<LiveHostLinkEvent, StreamRequest>;
    sendChat: PromiseActorLogic<void, LiveChatRequest>;
    endStream: PromiseActorLogic<void, StreamRequest>;
  };
  /** Says something to the machine as the connection or the server would; throws when the stream is not on air. */
  send(event: LiveHostLinkEvent): void;
  /** Whether the host link runs (the stream is on air and claimed). */
  readonly linked: boolean;
  /** What was published (titles), republished and ended (stream ids), in order. */
  readonly published: readonly string[];
  readonly republished: readonly string[];
  readonly ended: readonly string[];
  /** The chat as the server would have broadcast it. */
  readonly chat: readonly LiveChatMessage[];
}

/** Resolves after `ms` (at once for 0), or rejects when the invocation is stopped first. */
export function waitOrStop(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('Stopped'));
    });
  });
}

export function createSimulatedBroadcast(options: SimulatedBroadcastOptions = {}): SimulatedBroadcast {
  const streamId = options.streamId ?? SIMULATED_STREAM_ID;
  const connectDelayMs = options.connectDelayMs ?? 300;
  const host = options.host ?? { id: 'host', name: 'You' };
  const now = options.now ?? (() => new Date());
  const published: string[] = [];
  const republished: string[] = [];
  const ended: string[] = [];
  const chat: LiveChatMessage[] = [];
  let sendBack: ((event: LiveHostLinkEvent) => void) | null = null;

  return {
    actors: {
      publish: fromPromise<PublishResult, PublishRequest>(async ({ input, signal }) => {
        await waitOrStop(connectDelayMs, signal);
        published.push(input.title);
        return { streamId };
      }),
      republish: fromPromise<void, StreamRequest>(async ({ input, signal }) => {
        await waitOrStop(connectDelayMs, signal);
        republished.push(input.streamId);
      }),
      hostLink: fromCallback<LiveHostLinkEvent, StreamRequest>(({ sendBack: send }) => {
        sendBack = send;
        return () => {
          if (sendBack === send) sendBack = null;
        };
      }),
      sendChat: fromPromise<void, LiveChatRequest>(({ input }) => {
        chat.push({ id: `chat-${chat.length + 1}`, user: host.name, userId: host.id, message: input.text, timestamp: now().toISOString() });
        return Promise.resolve();
      }),
      endStream: fromPromise<void, StreamRequest>(({ input }) => {
        ended.push(input.streamId);
        return Promise.resolve();
      }),
    },
    send(event) {
      if (!sendBack) throw new Error(`The stream is not on air to hear ${event.type}`);
      sendBack(event);
    },
    get linked() {
      return sendBack !== null;
    },
    published,
    republished,
    ended,
    chat,
  };
}
