/**
 * Orbit's one interface for live-stream media: a selective forwarding unit
 * that takes one host's media in and sends it, never re-encoded, to each
 * viewer. Two implementations pass the same suite (test/live-media): werift
 * in this process (the default) and Janus's VideoRoom (LIVE_MEDIA=janus).
 *
 * Every session description is complete (non-trickle): it carries all of its
 * side's ICE candidates, so one exchange sets a connection up.
 */
export interface MediaForwarder {
  /** Which implementation, for logs, the health answer and the bench. */
  readonly kind: 'werift' | 'janus';
  /**
   * The host's offer in, the forwarder's answer out. Publishing again for a
   * stream that has a source replaces that source (the host's connection
   * failed and they published afresh); viewers then subscribe again.
   */
  publish(streamId: string, offerSdp: string): Promise<string>;
  /**
   * A viewer's subscription to a stream (the id is the caller's, unique per
   * viewer socket): the forwarder's offer out, answered with `answer`. The
   * forwarder asks the source for a keyframe as the subscription starts, so
   * a late joiner has a picture at once. Throws MediaForwarderError
   * 'not-published' when the stream has no source.
   */
  subscribe(streamId: string, subscriptionId: string): Promise<string>;
  /** The viewer's answer to the offer `subscribe` gave. */
  answer(subscriptionId: string, answerSdp: string): Promise<void>;
  /** Ends one viewer's subscription; unknown ids are ignored. */
  unsubscribe(subscriptionId: string): Promise<void>;
  /** Ends the stream's source and every subscription to it; unknown ids are ignored. */
  unpublish(streamId: string): Promise<void>;
  /** Told when a source's media connection failed or closed without `unpublish` (the host's tab died). */
  onSourceLost(listener: (streamId: string) => void): void;
  /** Sources and subscriptions open now. */
  counts(): { sources: number; subscriptions: number };
  /** Closes every connection (and the Janus session); the forwarder is unusable after. */
  close(): Promise<void>;
}

export type MediaForwarderErrorCode = 'not-published' | 'unknown-subscription' | 'bad-description' | 'unavailable';

/** What a forwarder throws for an expected failure; the live service maps it to a 4xx or 503. */
export class MediaForwarderError extends Error {
  constructor(
    readonly code: MediaForwarderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'MediaForwarderError';
  }
}
