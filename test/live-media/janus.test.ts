import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MediaForwarderError, type MediaForwarder } from '../../server/live/media/forwarder';
import { createJanusForwarder } from '../../server/live/media/janus-forwarder';
import { skipUnlessCi } from '../../scripts/lib/ci-requirement.mjs';
import { createSyntheticPublisher, createSyntheticViewer, type SyntheticPublisher, type SyntheticViewer } from '../support/werift-peer';
import { janusMissingReason, startTestJanus, type TestJanus } from './janus-host';
import { describeMediaForwarder, whyNoTestHost } from './media-forwarder-suite';

// The Janus forwarder (LIVE_MEDIA=janus) against the shared suite, on a
// private Janus started for this file: VideoRoom and WebSockets only,
// candidates on h0 of the test host. Then what only Janus has: its API
// secret, its full-trickle mode, and Janus going away and coming back.
// Skips, saying why, without /usr/bin/janus (apt-get install janus) or
// outside a test host; under CI, fails instead.

const CONNECT_LIMIT_MS = 10_000;
const cannotRun = () => whyNoTestHost() ?? janusMissingReason() ?? undefined;

let janus: TestJanus | null = null;

beforeAll(async () => {
  if (cannotRun()) return;
  janus = await startTestJanus({ iface: 'h0', rtpPorts: [41_000, 41_499] });
});

afterAll(async () => {
  await janus?.stop();
});

describeMediaForwarder(
  'janus',
  () => {
    if (!janus) throw new Error('the test Janus is not running');
    return createJanusForwarder({ url: janus.url });
  },
  { unavailable: () => janusMissingReason() ?? undefined },
);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a rejection, but it resolved'),
    (error: unknown) => error,
  );
}

const JANUS_ONLY = 'Janus forwarder: API secret, full trickle, Janus going away';
describe.skipIf(skipUnlessCi(JANUS_ONLY, cannotRun()))(JANUS_ONLY, () => {
  const API_SECRET = 'orbit-test-janus-secret';
  // Janus in full-trickle mode may send a description before its candidates (then trickled); the forwarder must still hand
  // out complete ones. With one interface Janus has usually gathered before it writes the SDP, so the merging of trickled
  // candidates is also tested on its own (janus-candidates.test.ts).
  let secured: TestJanus | null = null;
  const forwarders: MediaForwarder[] = [];
  const peers: Array<SyntheticPublisher | SyntheticViewer> = [];

  beforeAll(async () => {
    secured = await startTestJanus({ iface: 'h0', rtpPorts: [41_500, 41_999], apiSecret: API_SECRET, fullTrickle: true });
  });

  afterEach(async () => {
    await Promise.allSettled(peers.splice(0).map((peer) => peer.close()));
    await Promise.allSettled(forwarders.splice(0).map((forwarder) => forwarder.close()));
  });

  afterAll(async () => {
    await secured?.stop();
  });

  async function forwarderOn(url: string, apiSecret = API_SECRET): Promise<MediaForwarder> {
    const forwarder = await createJanusForwarder({ url, apiSecret, reconnectDelayMs: 200 });
    forwarders.push(forwarder);
    return forwarder;
  }

  it("refuses a wrong API secret, and a Janus that is not there, as 'unavailable'", async () => {
    if (!secured) throw new Error('the secured Janus is not running');
    const wrongSecret = await rejection(createJanusForwarder({ url: secured.url, apiSecret: 'not-the-secret' }));
    expect(wrongSecret).toBeInstanceOf(MediaForwarderError);
    expect((wrongSecret as MediaForwarderError).code).toBe('unavailable');
    const nobody = await rejection(createJanusForwarder({ url: 'ws://127.0.0.1:9' }));
    expect(nobody).toBeInstanceOf(MediaForwarderError);
    expect((nobody as MediaForwarderError).code).toBe('unavailable');
  });

  it('hands out complete descriptions with Janus in full-trickle mode, and the media flows', async () => {
    if (!secured) throw new Error('the secured Janus is not running');
    const forwarder = await forwarderOn(secured.url);
    const publisher = await createSyntheticPublisher();
    peers.push(publisher);
    const answer = await forwarder.publish('stream-trickled', publisher.offerSdp);
    expect(answer).toMatch(/^a=candidate:.* typ host/m);
    await publisher.accept(answer, CONNECT_LIMIT_MS);

    const viewer = await createSyntheticViewer();
    peers.push(viewer);
    const offer = await forwarder.subscribe('stream-trickled', 'viewer-trickled');
    expect(offer).toMatch(/^a=candidate:.* typ host/m);
    await forwarder.answer('viewer-trickled', await viewer.answer(offer));
    await viewer.connected(CONNECT_LIMIT_MS);
    await viewer.waitForFrames(10, CONNECT_LIMIT_MS);
  });

  it('reports every source lost when Janus goes away, answers unavailable, and works again once Janus is back', async () => {
    if (!secured) throw new Error('the secured Janus is not running');
    const { wsPort } = secured;
    const forwarder = await forwarderOn(secured.url);
    const lost: string[] = [];
    forwarder.onSourceLost((streamId) => lost.push(streamId));
    const publisher = await createSyntheticPublisher();
    peers.push(publisher);
    await publisher.accept(await forwarder.publish('stream-janus-gone', publisher.offerSdp), CONNECT_LIMIT_MS);

    await secured.stop();
    await expect.poll(() => lost, { timeout: 5_000 }).toEqual(['stream-janus-gone']);
    expect(forwarder.counts()).toEqual({ sources: 0, subscriptions: 0 });
    const refused = await rejection(forwarder.publish('stream-while-gone', publisher.offerSdp));
    expect((refused as MediaForwarderError).code).toBe('unavailable');

    secured = await startTestJanus({ iface: 'h0', wsPort, rtpPorts: [41_500, 41_999], apiSecret: API_SECRET, fullTrickle: true });
    const again = await createSyntheticPublisher();
    peers.push(again);
    await expect
      .poll(
        () =>
          forwarder.publish('stream-after-restart', again.offerSdp).then(
            () => true,
            () => false,
          ),
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    expect(forwarder.counts().sources).toBe(1);
  });
});
