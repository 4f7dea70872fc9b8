import { afterEach, describe, expect, it } from 'vitest';
import type { MediaForwarder } from '../../server/live/media/forwarder';
import { createWeriftForwarder } from '../../server/live/media/werift-forwarder';
import { createSyntheticPublisher, createSyntheticViewer, type SyntheticPublisher, type SyntheticViewer } from '../support/werift-peer';
import { skipUnlessCi } from '../../scripts/lib/ci-requirement.mjs';
import { describeMediaForwarder, whyNoTestHost } from './media-forwarder-suite';

// The embedded forwarder (LIVE_MEDIA=werift) against the shared suite.
describeMediaForwarder('werift', () => createWeriftForwarder());

// What werift does beyond the interface's promise: a viewer's connection outlives a republish.
const REPUBLISHING = 'werift forwarder: republishing';
describe.skipIf(skipUnlessCi(REPUBLISHING, whyNoTestHost()))(REPUBLISHING, () => {
  const peers: Array<SyntheticPublisher | SyntheticViewer> = [];
  let forwarder: MediaForwarder | undefined;

  afterEach(async () => {
    await Promise.allSettled(peers.splice(0).map((peer) => peer.close()));
    await forwarder?.close();
  });

  async function goLive(target: MediaForwarder, streamId: string): Promise<SyntheticPublisher> {
    const publisher = await createSyntheticPublisher({ keyframeIntervalMs: 10_000 });
    peers.push(publisher);
    await publisher.accept(await target.publish(streamId, publisher.offerSdp));
    return publisher;
  }

  it("keeps a viewer's subscription and carries the new host's frames to it, starting with a keyframe", async () => {
    forwarder = createWeriftForwarder();
    const first = await goLive(forwarder, 'stream-kept');
    const viewer = await createSyntheticViewer();
    peers.push(viewer);
    await forwarder.answer('kept-viewer', await viewer.answer(await forwarder.subscribe('stream-kept', 'kept-viewer')));
    await viewer.connected();
    await viewer.waitForFrames(10, 10_000);

    const keyframe = viewer.waitForKeyframe(5_000);
    const second = await goLive(forwarder, 'stream-kept');
    await first.close();
    await keyframe;
    await viewer.waitForFrames(30, 5_000);
    expect(forwarder.counts()).toEqual({ sources: 1, subscriptions: 1 });
    expect(second.stats().framesSent).toBeGreaterThanOrEqual(30);
  });
});
