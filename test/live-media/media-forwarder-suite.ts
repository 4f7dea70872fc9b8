import { networkInterfaces } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaForwarderError, type MediaForwarder, type MediaForwarderErrorCode } from '../../server/live/media/forwarder';
import {
  createSyntheticPublisher,
  createSyntheticViewer,
  type PublisherOptions,
  type SyntheticPublisher,
  type SyntheticViewer,
} from '../support/werift-peer';
import { skipUnlessCi } from '../../scripts/lib/ci-requirement.mjs';
import { TEST_HOST_ADDRESSES, TEST_HOST_UNAVAILABLE_ENV } from '../../scripts/test-host-network.mjs';

/**
 * The conformance suite every MediaForwarder passes (werift here, Janus in
 * janus.test.ts): werift clients play the host (synthetic VP8 and audio) and
 * the viewers, and the forwarder must pass their frames through, ask the
 * host for keyframes for late joiners, and end what it is told to.
 *
 * It runs inside a test host (`node scripts/in-test-host.mjs …`): neither
 * werift nor Janus gathers candidates on loopback, so the suite needs the
 * h0/h1 interfaces; without them it skips and says why (under CI it fails).
 */

/** Share of the frames sent that every viewer must receive. */
const DELIVERY_MIN = 0.95;
/** How long delivery is measured. */
const DELIVERY_WINDOW_MS = 2_000;
/** A late joiner's picture must begin within this (the PLI path), far below the host's natural keyframe interval. */
const LATE_JOINER_KEYFRAME_MS = 1_000;
const LONG_KEYFRAME_INTERVAL_MS = 10_000;
const CONNECT_LIMIT_MS = 10_000;
/** Lets frames in flight arrive before counting. */
const SETTLE_MS = 300;


/** Why the media suite cannot run in this process, or undefined when the test host's interfaces are here. */
export function whyNoTestHost(): string | undefined {
  const h0 = networkInterfaces().h0 ?? [];
  if (h0.some((address) => address.address === TEST_HOST_ADDRESSES.h0)) return undefined;
  const reason = process.env[TEST_HOST_UNAVAILABLE_ENV];
  return reason
    ? `no test host: ${reason}`
    : 'no test host (interface h0 with 10.213.0.1): run it with `node scripts/in-test-host.mjs npx vitest run --project media`, as root with unshare';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function expectForwarderError(promise: Promise<unknown>, code: MediaForwarderErrorCode): Promise<void> {
  const error: unknown = await promise.then(
    () => new Error(`expected MediaForwarderError '${code}', but it resolved`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaForwarderError);
  expect((error as MediaForwarderError).code).toBe(code);
}

export interface MediaForwarderSuiteOptions {
  /** Why this implementation cannot run here (e.g. no Janus binary), or undefined; skips with that reason (under CI, fails). */
  unavailable?: () => string | undefined;
}

export function describeMediaForwarder(
  name: string,
  makeForwarder: () => Promise<MediaForwarder> | MediaForwarder,
  options: MediaForwarderSuiteOptions = {},
): void {
  const title = `MediaForwarder conformance: ${name}`;
  describe.skipIf(skipUnlessCi(title, whyNoTestHost() ?? options.unavailable?.()))(title, () => {
    let forwarder: MediaForwarder;
    const publishers: SyntheticPublisher[] = [];
    const viewers: SyntheticViewer[] = [];
    let subscriptionCounter = 0;

    beforeEach(async () => {
      forwarder = await makeForwarder();
    });

    afterEach(async () => {
      await Promise.allSettled([...publishers.splice(0).map((peer) => peer.close()), ...viewers.splice(0).map((peer) => peer.close())]);
      await forwarder.close();
    });

    /** A host publishing `streamId`, connected and sending. */
    async function goLive(streamId: string, publisherOptions: PublisherOptions = {}): Promise<SyntheticPublisher> {
      const publisher = await createSyntheticPublisher(publisherOptions);
      publishers.push(publisher);
      const answer = await forwarder.publish(streamId, publisher.offerSdp);
      await publisher.accept(answer, CONNECT_LIMIT_MS);
      return publisher;
    }

    /** A viewer subscribed to `streamId` and connected; resolves with its subscription id. */
    async function watch(streamId: string): Promise<{ viewer: SyntheticViewer; subscriptionId: string }> {
      subscriptionCounter += 1;
      const subscriptionId = `viewer-${subscriptionCounter}`;
      const viewer = await createSyntheticViewer();
      viewers.push(viewer);
      const offer = await forwarder.subscribe(streamId, subscriptionId);
      await forwarder.answer(subscriptionId, await viewer.answer(offer));
      await viewer.connected(CONNECT_LIMIT_MS);
      return { viewer, subscriptionId };
    }

    /** Frames sent over the window and frames each viewer received of them. */
    async function measureDelivery(publisher: SyntheticPublisher, watching: SyntheticViewer[]) {
      await Promise.all(watching.map((viewer) => viewer.waitForFrames(1, CONNECT_LIMIT_MS)));
      const sentBefore = publisher.stats().framesSent;
      const receivedBefore = watching.map((viewer) => viewer.stats().frames);
      await sleep(DELIVERY_WINDOW_MS);
      const sent = publisher.stats().framesSent - sentBefore;
      await sleep(SETTLE_MS);
      const received = watching.map((viewer, index) => viewer.stats().frames - (receivedBefore[index] ?? 0));
      return { sent, received };
    }

    it('publishes: the answer is complete (candidates, video and audio) and counts one source', async () => {
      const publisher = await createSyntheticPublisher();
      publishers.push(publisher);
      const answer = await forwarder.publish('stream-answer', publisher.offerSdp);
      expect(answer).toMatch(/^v=0/);
      expect(answer).toMatch(/^m=video /m);
      expect(answer).toMatch(/^m=audio /m);
      expect(answer).toMatch(/^a=candidate:.* typ host/m);
      await publisher.accept(answer, CONNECT_LIMIT_MS);
      expect(forwarder.counts()).toEqual({ sources: 1, subscriptions: 0 });
    });

    it(`a viewer receives at least ${DELIVERY_MIN * 100}% of the host's frames`, async () => {
      const publisher = await goLive('stream-one-viewer');
      const { viewer } = await watch('stream-one-viewer');
      expect(forwarder.counts()).toEqual({ sources: 1, subscriptions: 1 });
      const { sent, received } = await measureDelivery(publisher, [viewer]);
      expect(sent).toBeGreaterThan(30);
      expect(received[0]).toBeGreaterThanOrEqual(Math.floor(sent * DELIVERY_MIN));
      // Audio passes too.
      expect(viewer.stats().audioPackets).toBeGreaterThan(0);
    });

    it('two viewers both receive the frames', async () => {
      const publisher = await goLive('stream-two-viewers');
      const [first, second] = await Promise.all([watch('stream-two-viewers'), watch('stream-two-viewers')]);
      expect(forwarder.counts()).toEqual({ sources: 1, subscriptions: 2 });
      const { sent, received } = await measureDelivery(publisher, [first.viewer, second.viewer]);
      for (const count of received) expect(count).toBeGreaterThanOrEqual(Math.floor(sent * DELIVERY_MIN));
    });

    it(`a late joiner gets a keyframe within ${LATE_JOINER_KEYFRAME_MS} ms although the host's keyframes are ${LONG_KEYFRAME_INTERVAL_MS / 1000} s apart`, async () => {
      const publisher = await goLive('stream-late-joiner', { keyframeIntervalMs: LONG_KEYFRAME_INTERVAL_MS });
      const early = await watch('stream-late-joiner');
      await early.viewer.waitForKeyframe(CONNECT_LIMIT_MS);
      // Well past any keyframe the first subscription brought about, and past the PLI throttle.
      await sleep(1_500);
      const keyframesBefore = publisher.stats().keyframesSent;
      const { viewer } = await watch('stream-late-joiner');
      const connectedAt = Date.now();
      const keyframeAt = viewer.stats().firstKeyframeAt ?? (await viewer.waitForKeyframe(LATE_JOINER_KEYFRAME_MS + 500));
      expect(keyframeAt - connectedAt).toBeLessThanOrEqual(LATE_JOINER_KEYFRAME_MS);
      expect(publisher.stats().pliReceived).toBeGreaterThan(0);
      expect(publisher.stats().keyframesSent).toBeGreaterThan(keyframesBefore);
    });

    it("a viewer's own keyframe request reaches the host", async () => {
      const publisher = await goLive('stream-viewer-pli', { keyframeIntervalMs: LONG_KEYFRAME_INTERVAL_MS });
      const { viewer } = await watch('stream-viewer-pli');
      await viewer.waitForKeyframe(CONNECT_LIMIT_MS);
      await sleep(1_000);
      const keyframe = viewer.waitForKeyframe(LATE_JOINER_KEYFRAME_MS + 500);
      await viewer.requestKeyframe();
      await keyframe;
      expect(publisher.stats().keyframesSent).toBeGreaterThanOrEqual(2);
    });

    it('unsubscribe stops delivery to that viewer and the count drops; unknown ids are ignored', async () => {
      await goLive('stream-unsubscribe');
      const leaving = await watch('stream-unsubscribe');
      const staying = await watch('stream-unsubscribe');
      await Promise.all([leaving.viewer.waitForFrames(5, CONNECT_LIMIT_MS), staying.viewer.waitForFrames(5, CONNECT_LIMIT_MS)]);
      await forwarder.unsubscribe(leaving.subscriptionId);
      await forwarder.unsubscribe('no-such-subscription');
      expect(forwarder.counts()).toEqual({ sources: 1, subscriptions: 1 });
      await sleep(SETTLE_MS);
      const framesAfterLeaving = leaving.viewer.stats().frames;
      await staying.viewer.waitForFrames(20, CONNECT_LIMIT_MS);
      expect(leaving.viewer.stats().frames).toBe(framesAfterLeaving);
      await expectForwarderError(forwarder.answer(leaving.subscriptionId, 'v=0'), 'unknown-subscription');
    });

    it('unpublish ends every subscription to the stream, and the stream cannot be subscribed to any more', async () => {
      const publisher = await goLive('stream-unpublish');
      const first = await watch('stream-unpublish');
      const second = await watch('stream-unpublish');
      await first.viewer.waitForFrames(5, CONNECT_LIMIT_MS);
      await forwarder.unpublish('stream-unpublish');
      await forwarder.unpublish('no-such-stream');
      expect(forwarder.counts()).toEqual({ sources: 0, subscriptions: 0 });
      await sleep(SETTLE_MS);
      const framesAfterEnd = [first.viewer.stats().frames, second.viewer.stats().frames];
      const sentAfterEnd = publisher.stats().framesSent;
      await sleep(1_000);
      expect(publisher.stats().framesSent).toBeGreaterThan(sentAfterEnd);
      expect([first.viewer.stats().frames, second.viewer.stats().frames]).toEqual(framesAfterEnd);
      await expectForwarderError(forwarder.subscribe('stream-unpublish', 'after-end'), 'not-published');
    });

    it("subscribing to a stream that is not published throws 'not-published'", async () => {
      await expectForwarderError(forwarder.subscribe('stream-nobody', 'viewer-nobody'), 'not-published');
      expect(forwarder.counts()).toEqual({ sources: 0, subscriptions: 0 });
    });

    it("garbage descriptions throw 'bad-description' and the forwarder keeps working", async () => {
      await expectForwarderError(forwarder.publish('stream-garbage', 'this is not SDP'), 'bad-description');
      await expectForwarderError(forwarder.publish('stream-garbage', 'v=0\r\nm=video banana\r\n'), 'bad-description');
      expect(forwarder.counts()).toEqual({ sources: 0, subscriptions: 0 });
      await goLive('stream-garbage');
      subscriptionCounter += 1;
      const subscriptionId = `garbage-${subscriptionCounter}`;
      await forwarder.subscribe('stream-garbage', subscriptionId);
      await expectForwarderError(forwarder.answer(subscriptionId, 'not an answer'), 'bad-description');
      await expectForwarderError(forwarder.answer('no-such-subscription', 'v=0'), 'unknown-subscription');
      const { viewer } = await watch('stream-garbage');
      await viewer.waitForFrames(10, CONNECT_LIMIT_MS);
    });

    it('publishing again replaces the source: one source, and a new subscription gets the new host', async () => {
      const lost: string[] = [];
      forwarder.onSourceLost((streamId) => lost.push(streamId));
      const first = await goLive('stream-republish');
      await watch('stream-republish');
      const second = await goLive('stream-republish');
      expect(forwarder.counts().sources).toBe(1);
      await first.close();
      const { viewer } = await watch('stream-republish');
      await viewer.waitForFrames(10, CONNECT_LIMIT_MS);
      expect(second.stats().framesSent).toBeGreaterThan(10);
      // The replaced source closing is not the stream's source being lost.
      await sleep(1_000);
      expect(lost).toEqual([]);
    });

    it('onSourceLost fires when the host goes away without unpublish', async () => {
      const lost: string[] = [];
      forwarder.onSourceLost((streamId) => lost.push(streamId));
      const publisher = await goLive('stream-lost');
      await watch('stream-lost');
      await publisher.close();
      await expect.poll(() => lost, { timeout: 40_000, interval: 250 }).toEqual(['stream-lost']);
    });
  });
}
