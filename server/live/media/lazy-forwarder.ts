import type { FastifyBaseLogger } from 'fastify';
import { MediaForwarderError, type MediaForwarder } from './forwarder';

/** How long a failed start (Janus not reachable) is remembered before the next use tries again. */
const RETRY_AFTER_MS = 5_000;

/**
 * A forwarder started on first need and started again after a failure, so
 * the server comes up while Janus is down (going live answers 503 until it is
 * back) instead of refusing to start. Listeners given before the forwarder
 * exists are handed to it once it does. `warmUp` starts it ahead of need (at
 * server start); a failure there is only logged.
 */
export function lazyForwarder(
  kind: MediaForwarder['kind'],
  start: () => Promise<MediaForwarder>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): MediaForwarder & { warmUp(): void } {
  const sourceLostListeners: Array<(streamId: string) => void> = [];
  let started: MediaForwarder | null = null;
  let starting: Promise<MediaForwarder> | null = null;
  let failedAt = 0;
  let closed = false;

  const forwarder = (): Promise<MediaForwarder> => {
    if (closed) return Promise.reject(new MediaForwarderError('unavailable', 'The media forwarder is closed'));
    if (started) return Promise.resolve(started);
    if (starting) return starting;
    if (Date.now() - failedAt < RETRY_AFTER_MS) return Promise.reject(new MediaForwarderError('unavailable', 'The media forwarder could not be started'));
    starting = start().then(
      (made) => {
        starting = null;
        if (closed) {
          void made.close();
          throw new MediaForwarderError('unavailable', 'The media forwarder is closed');
        }
        for (const listener of sourceLostListeners) made.onSourceLost(listener);
        started = made;
        return made;
      },
      (error: unknown) => {
        starting = null;
        failedAt = Date.now();
        log.warn({ err: error }, 'the live media forwarder could not be started');
        throw error instanceof MediaForwarderError ? error : new MediaForwarderError('unavailable', 'The media forwarder could not be started');
      },
    );
    return starting;
  };

  // Nothing to let go of when nothing was started: unsubscribing and unpublishing then succeed quietly.
  const ifStarted = async (work: (made: MediaForwarder) => Promise<void>): Promise<void> => {
    if (started) await work(started);
  };

  return {
    kind,
    publish: async (streamId, offerSdp) => (await forwarder()).publish(streamId, offerSdp),
    subscribe: async (streamId, subscriptionId) => (await forwarder()).subscribe(streamId, subscriptionId),
    answer: async (subscriptionId, answerSdp) => (await forwarder()).answer(subscriptionId, answerSdp),
    unsubscribe: (subscriptionId) => ifStarted((made) => made.unsubscribe(subscriptionId)),
    unpublish: (streamId) => ifStarted((made) => made.unpublish(streamId)),
    onSourceLost(listener) {
      sourceLostListeners.push(listener);
      started?.onSourceLost(listener);
    },
    counts: () => started?.counts() ?? { sources: 0, subscriptions: 0 },
    async close() {
      closed = true;
      const pending = starting;
      if (started) await started.close();
      else if (pending) await pending.then((made) => made.close()).catch(() => {});
    },
    warmUp() {
      forwarder().catch(() => {});
    },
  };
}
