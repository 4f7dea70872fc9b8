import type { FastifyBaseLogger } from 'fastify';
import type { RTCPeerConnectionConfig, RtpPacket } from 'werift';
import { MediaForwarderError, type MediaForwarder } from './forwarder';
import { descriptionProblem, withAnnouncedCandidates } from './werift-sdp';
import { WeriftSource, type MediaKind } from './werift-source';
import { WeriftSubscription } from './werift-subscription';

/**
 * The embedded media forwarder (LIVE_MEDIA=werift, the default): werift peer
 * connections in this process, one answering each host and one offering to
 * each viewer, the host's RTP packets written to every viewer of the stream
 * as they arrive, never decoded or re-encoded.
 */

export interface WeriftForwarderOptions {
  /** The address browsers reach this machine on when it sits behind a one-to-one NAT: added as a candidate beside the local ones. */
  announcedIp?: string;
  /** The UDP ports ICE may bind (min < max), for a firewall. */
  portRange?: [number, number];
  log?: FastifyBaseLogger;
}

/** Gathering host candidates takes milliseconds; this bounds a machine whose interfaces misbehave. */
const GATHER_LIMIT_MS = 10_000;

interface Stream {
  source: WeriftSource;
  subscriptions: Map<string, WeriftSubscription>;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createWeriftForwarder(options: WeriftForwarderOptions = {}): MediaForwarder {
  const { announcedIp, portRange, log } = options;
  const streams = new Map<string, Stream>();
  const subscriptions = new Map<string, WeriftSubscription>();
  const lostListeners: Array<(streamId: string) => void> = [];
  let closed = false;

  // Never a STUN server (werift's default is a public one): host candidates, plus the announced address.
  const peerConfig: Partial<RTCPeerConnectionConfig> = { iceServers: [], ...(portRange ? { icePortRange: portRange } : {}) };
  const announce = (sdp: string) => (announcedIp ? withAnnouncedCandidates(sdp, announcedIp) : sdp);

  function assertOpen(): void {
    if (closed) throw new MediaForwarderError('unavailable', 'the media forwarder is closed');
  }

  function checkDescription(sdp: string): void {
    const problem = descriptionProblem(sdp);
    if (problem) throw new MediaForwarderError('bad-description', problem);
  }

  function forwardPacket(source: WeriftSource, kind: MediaKind, packet: RtpPacket): void {
    const stream = streams.get(source.streamId);
    if (!stream || stream.source !== source) return;
    for (const subscription of stream.subscriptions.values()) subscription.forward(source, kind, packet);
  }

  function requestKeyframe(streamId: string): void {
    streams.get(streamId)?.source.requestKeyframe();
  }

  function sourceLost(source: WeriftSource, why: string): void {
    if (source.retired) return;
    source.retired = true;
    if (streams.get(source.streamId)?.source !== source) return;
    log?.warn({ streamId: source.streamId, why }, 'live media: the host connection was lost');
    for (const listener of lostListeners) {
      try {
        listener(source.streamId);
      } catch (error) {
        log?.error({ err: error, streamId: source.streamId }, 'live media: a source-lost listener threw');
      }
    }
  }

  function watchSource(source: WeriftSource): void {
    source.connection.connectionStateChange.subscribe((state) => {
      // A replacing source's viewers (kept from the old one) need a keyframe from it.
      if (state === 'connected' && (streams.get(source.streamId)?.subscriptions.size ?? 0) > 0) source.requestKeyframe();
      if (state === 'failed' || state === 'closed') sourceLost(source, `connection ${state}`);
    });
    // A browser closing its connection (or its tab) says so in DTLS (close_notify), which werift's connection
    // state does not reflect: without this, the loss shows only when ICE consent expires, 30 s later.
    for (const transport of source.connection.dtlsTransports) {
      transport.onStateChange.subscribe((state) => {
        if (state === 'closed' || state === 'failed') sourceLost(source, `DTLS ${state}`);
      });
    }
  }

  async function dropSubscription(subscription: WeriftSubscription): Promise<void> {
    if (subscriptions.get(subscription.id) === subscription) subscriptions.delete(subscription.id);
    const stream = streams.get(subscription.streamId);
    if (stream?.subscriptions.get(subscription.id) === subscription) stream.subscriptions.delete(subscription.id);
    await subscription.close().catch((error: unknown) => log?.warn({ err: error }, 'live media: closing a subscription failed'));
  }

  return {
    kind: 'werift',

    async publish(streamId, offerSdp) {
      assertOpen();
      checkDescription(offerSdp);
      let opened: { source: WeriftSource; answerSdp: string };
      try {
        opened = await WeriftSource.open(streamId, offerSdp, peerConfig, GATHER_LIMIT_MS, forwardPacket);
      } catch (error) {
        if (error instanceof MediaForwarderError) throw error;
        throw new MediaForwarderError('bad-description', `the offer could not be used: ${errorMessage(error)}`);
      }
      const { source, answerSdp } = opened;
      if (closed) {
        await source.close();
        throw new MediaForwarderError('unavailable', 'the media forwarder is closed');
      }
      watchSource(source);
      const previous = streams.get(streamId);
      if (previous) {
        // Republished: the viewers' connections stay and carry the new source's packets where its codecs match.
        streams.set(streamId, { source, subscriptions: previous.subscriptions });
        await previous.source.close().catch(() => undefined);
        log?.info({ streamId, viewers: previous.subscriptions.size }, 'live media: source replaced');
      } else {
        streams.set(streamId, { source, subscriptions: new Map() });
        log?.info({ streamId }, 'live media: source published');
      }
      return announce(answerSdp);
    },

    async subscribe(streamId, subscriptionId) {
      assertOpen();
      const stream = streams.get(streamId);
      if (!stream) throw new MediaForwarderError('not-published', `stream ${streamId} is not published`);
      const existing = subscriptions.get(subscriptionId);
      if (existing) await dropSubscription(existing);
      let opened: { subscription: WeriftSubscription; offerSdp: string };
      try {
        opened = await WeriftSubscription.open(subscriptionId, stream.source, peerConfig, GATHER_LIMIT_MS, () => requestKeyframe(streamId));
      } catch (error) {
        throw new MediaForwarderError('unavailable', `no connection for the viewer: ${errorMessage(error)}`);
      }
      const { subscription, offerSdp } = opened;
      // Unpublished (or the whole forwarder closed) while the offer was gathered.
      const current = streams.get(streamId);
      if (closed || !current) {
        await subscription.close();
        throw new MediaForwarderError('not-published', `stream ${streamId} is not published`);
      }
      const raced = subscriptions.get(subscriptionId);
      if (raced) await dropSubscription(raced);
      subscriptions.set(subscriptionId, subscription);
      current.subscriptions.set(subscriptionId, subscription);
      return announce(offerSdp);
    },

    async answer(subscriptionId, answerSdp) {
      assertOpen();
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new MediaForwarderError('unknown-subscription', `no subscription ${subscriptionId}`);
      checkDescription(answerSdp);
      try {
        await subscription.answer(answerSdp);
      } catch (error) {
        throw new MediaForwarderError('bad-description', `the answer could not be used: ${errorMessage(error)}`);
      }
    },

    async unsubscribe(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (subscription) await dropSubscription(subscription);
    },

    async unpublish(streamId) {
      const stream = streams.get(streamId);
      if (!stream) return;
      streams.delete(streamId);
      const ending = [...stream.subscriptions.values()];
      for (const subscription of ending) subscriptions.delete(subscription.id);
      await Promise.allSettled([stream.source.close(), ...ending.map((subscription) => subscription.close())]);
      log?.info({ streamId, viewers: ending.length }, 'live media: source unpublished');
    },

    onSourceLost(listener) {
      lostListeners.push(listener);
    },

    counts() {
      return { sources: streams.size, subscriptions: subscriptions.size };
    },

    async close() {
      closed = true;
      const ending = [...streams.values()];
      const orphans = [...subscriptions.values()];
      streams.clear();
      subscriptions.clear();
      await Promise.allSettled([
        ...ending.map((stream) => stream.source.close()),
        ...orphans.map((subscription) => subscription.close()),
      ]);
    },
  };
}
