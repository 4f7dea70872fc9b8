import { createSyntheticPublisher, createSyntheticViewer, type PublisherStats, type SyntheticPublisher, type SyntheticViewer } from '../../test/support/werift-peer';
import { serveRpc } from './live-rpc';

// The live bench's client processes (forked by bench/lib/live-load.ts): the
// werift publisher (test/support/werift-peer.ts, synthetic VP8 and audio at a
// set rate) in one process, the counting viewers in another, so the
// publisher keeps its clock while the viewers load their core, and both can
// be read apart from the forwarder in /proc.
//   node --import tsx live-clients.ts publisher <fps> <packets per frame> <packet bytes>
//   node --import tsx live-clients.ts viewers <headers|decrypt>
//
// Counting from the headers: SRTP encrypts an RTP packet's payload but not
// its header, and a viewer counts frames from the header alone (the marker
// bit and the timestamp). With `headers`, each viewer's connection skips
// SRTP's decryption and authentication once it is connected (everything
// else, ICE, DTLS, RTCP, stays werift's), so a viewer costs a fraction of
// what the forwarder spends on it and the clients' core is not what runs
// out first. `decrypt` keeps werift's full receive path.

export type PublisherMethods = {
  offer: { params: null; result: string };
  accept: { params: { answerSdp: string }; result: null };
  stats: { params: null; result: PublisherStats };
};

/** What a viewer had received when read: video frames (marker bit), video packets, audio packets. */
export interface ViewerCounters {
  frames: number;
  videoPackets: number;
  audio: number;
}

export type ViewersMethods = {
  /** Answers a forwarder's offer for a new viewer. */
  add: { params: { subscriptionId: string; offerSdp: string }; result: string };
  /** Resolves once the viewer's first frame arrived; rejects after the timeout. */
  firstFrame: { params: { subscriptionId: string; timeoutMs: number }; result: null };
  /** Every viewer's counters, in the order they were added. */
  counters: { params: null; result: ViewerCounters[] };
};

async function publisherHandlers(fps: number, packetsPerFrame: number, packetBytes: number) {
  const publisher: SyntheticPublisher = await createSyntheticPublisher({ frameRate: fps, packetsPerFrame, packetBytes, audio: true });
  return {
    handlers: {
      offer: () => Promise.resolve(publisher.offerSdp),
      accept: async ({ answerSdp }: { answerSdp: string }) => {
        await publisher.accept(answerSdp, 15_000);
        return null;
      },
      stats: () => Promise.resolve(publisher.stats()),
    },
    tearDown: () => publisher.close(),
  };
}

/** Lets a connected viewer's packets through without SRTP decryption: the RTP header a viewer counts from is sent in the clear. */
function countFromHeaders(viewer: SyntheticViewer): void {
  for (const transport of viewer.connection.dtlsTransports) {
    if (transport.srtpStarted) transport.srtp.decrypt = (packet) => packet;
  }
}

function viewersHandlers(decrypt: boolean) {
  const viewers = new Map<string, SyntheticViewer>();
  const viewer = (subscriptionId: string) => {
    const found = viewers.get(subscriptionId);
    if (!found) throw new Error(`no viewer ${subscriptionId}`);
    return found;
  };
  return {
    handlers: {
      add: async ({ subscriptionId, offerSdp }: { subscriptionId: string; offerSdp: string }) => {
        const created = await createSyntheticViewer();
        viewers.set(subscriptionId, created);
        if (!decrypt) {
          // SRTP starts as DTLS completes, just before the connection counts as connected.
          created.connection.connectionStateChange.subscribe((state) => {
            if (state === 'connected') countFromHeaders(created);
          });
        }
        return created.answer(offerSdp);
      },
      firstFrame: async ({ subscriptionId, timeoutMs }: { subscriptionId: string; timeoutMs: number }) => {
        const watched = viewer(subscriptionId);
        if (watched.stats().frames > 0) return null;
        try {
          await watched.waitForFrames(1, timeoutMs);
        } catch (error) {
          // Say how far the viewer got: never connected, or connected and no media.
          const { connectionState, iceConnectionState } = watched.connection;
          throw new Error(`${error instanceof Error ? error.message : String(error)} (connection ${connectionState}, ICE ${iceConnectionState}, ${watched.stats().videoPackets} video packets)`, { cause: error });
        }
        return null;
      },
      counters: () =>
        Promise.resolve(
          [...viewers.values()].map((watched): ViewerCounters => {
            const stats = watched.stats();
            return { frames: stats.frames, videoPackets: stats.videoPackets, audio: stats.audioPackets };
          }),
        ),
    },
    tearDown: async () => {
      await Promise.allSettled([...viewers.values()].map((watched) => watched.close()));
    },
  };
}

const [mode, ...numbers] = process.argv.slice(2);
if (mode === 'publisher') {
  const [fps, packetsPerFrame, packetBytes] = numbers.map(Number);
  serveRpc<PublisherMethods>(() => publisherHandlers(fps ?? 30, packetsPerFrame ?? 5, packetBytes ?? 1000));
} else {
  serveRpc<ViewersMethods>(() => Promise.resolve(viewersHandlers(numbers[0] === 'decrypt')));
}
