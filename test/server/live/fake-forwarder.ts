import { MediaForwarderError, type MediaForwarder } from '../../../server/live/media/forwarder';

/** A complete-looking session description: what the service accepts before a forwarder reads it. */
export function fakeDescription(label: string): string {
  return `v=0\r\no=- ${label.length} 2 IN IP4 10.213.0.1\r\ns=${label}\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\n`;
}

/** An offer the fake reads as malformed, as a real forwarder would fail to parse one. */
export const UNREADABLE_OFFER = fakeDescription('unreadable');

/**
 * An in-memory MediaForwarder for the server's rules: it keeps which sources
 * and subscriptions exist and what was asked of it, with no media at all.
 * The real forwarders have their own suite (test/live-media).
 */
export class FakeForwarder implements MediaForwarder {
  readonly kind = 'werift' as const;
  readonly sources = new Map<string, string>();
  /** Subscription id (a socket id) → stream id. */
  readonly subscriptions = new Map<string, string>();
  readonly answers = new Map<string, string>();
  readonly unpublished: string[] = [];
  readonly unsubscribed: string[] = [];
  /** The next publish throws this (an unexpected failure of the media side). */
  failNextPublish: Error | null = null;
  private readonly sourceLostListeners: Array<(streamId: string) => void> = [];

  publish(streamId: string, offerSdp: string): Promise<string> {
    if (this.failNextPublish) {
      const error = this.failNextPublish;
      this.failNextPublish = null;
      return Promise.reject(error);
    }
    if (offerSdp === UNREADABLE_OFFER) return Promise.reject(new MediaForwarderError('bad-description', 'cannot parse the offer'));
    // Publishing again replaces the source; its subscriptions go with the old one.
    this.dropSubscriptionsOf(streamId);
    this.sources.set(streamId, offerSdp);
    return Promise.resolve(fakeDescription(`answer-${streamId}`));
  }

  subscribe(streamId: string, subscriptionId: string): Promise<string> {
    if (!this.sources.has(streamId)) return Promise.reject(new MediaForwarderError('not-published', `${streamId} has no source`));
    this.subscriptions.set(subscriptionId, streamId);
    return Promise.resolve(fakeDescription(`offer-${subscriptionId}`));
  }

  answer(subscriptionId: string, answerSdp: string): Promise<void> {
    if (!this.subscriptions.has(subscriptionId)) return Promise.reject(new MediaForwarderError('unknown-subscription', `${subscriptionId} is unknown`));
    this.answers.set(subscriptionId, answerSdp);
    return Promise.resolve();
  }

  unsubscribe(subscriptionId: string): Promise<void> {
    if (this.subscriptions.delete(subscriptionId)) this.unsubscribed.push(subscriptionId);
    return Promise.resolve();
  }

  unpublish(streamId: string): Promise<void> {
    if (this.sources.delete(streamId)) this.unpublished.push(streamId);
    this.dropSubscriptionsOf(streamId);
    return Promise.resolve();
  }

  onSourceLost(listener: (streamId: string) => void): void {
    this.sourceLostListeners.push(listener);
  }

  /** The host's media connection dies without an unpublish. */
  loseSource(streamId: string): void {
    this.sources.delete(streamId);
    this.dropSubscriptionsOf(streamId);
    for (const listener of this.sourceLostListeners) listener(streamId);
  }

  counts(): { sources: number; subscriptions: number } {
    return { sources: this.sources.size, subscriptions: this.subscriptions.size };
  }

  subscriptionsTo(streamId: string): string[] {
    return [...this.subscriptions].filter(([, stream]) => stream === streamId).map(([subscriptionId]) => subscriptionId);
  }

  close(): Promise<void> {
    this.sources.clear();
    this.subscriptions.clear();
    return Promise.resolve();
  }

  private dropSubscriptionsOf(streamId: string): void {
    for (const subscriptionId of this.subscriptionsTo(streamId)) this.subscriptions.delete(subscriptionId);
  }
}
