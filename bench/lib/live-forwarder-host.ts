import type { MediaForwarder } from '../../server/live/media/forwarder';
import { serveRpc } from './live-rpc';

// The live bench's forwarder process (forked by bench/lib/live-load.ts):
// Orbit's MediaForwarder, built exactly as the server builds it, answering
// the coordinator's publish / subscribe / answer calls over IPC. With werift
// the forwarding happens here, so this process's CPU and memory are the
// forwarder's alone; with Janus this process only holds the API session and
// the bench reads Janus's own process.
//   node --import tsx live-forwarder-host.ts werift
//   node --import tsx live-forwarder-host.ts janus <ws url>

export type ForwarderKind = MediaForwarder['kind'];

export type ForwarderMethods = {
  publish: { params: { streamId: string; offerSdp: string }; result: string };
  subscribe: { params: { streamId: string; subscriptionId: string }; result: string };
  answer: { params: { subscriptionId: string; answerSdp: string }; result: null };
  unsubscribe: { params: { subscriptionId: string }; result: null };
  counts: { params: null; result: { sources: number; subscriptions: number } };
};

async function build(kind: string | undefined, janusUrl: string | undefined): Promise<MediaForwarder> {
  // Loaded on demand: the Janus run's process holds none of werift's forwarding code.
  if (kind === 'werift') return (await import('../../server/live/media/werift-forwarder')).createWeriftForwarder({});
  if (kind === 'janus') {
    if (!janusUrl) throw new Error('the janus forwarder needs the Janus WebSocket URL');
    return (await import('../../server/live/media/janus-forwarder')).createJanusForwarder({ url: janusUrl });
  }
  throw new Error(`unknown forwarder ${String(kind)}`);
}

serveRpc<ForwarderMethods>(async () => {
  const forwarder = await build(process.argv[2], process.argv[3]);
  return {
    handlers: {
      publish: ({ streamId, offerSdp }) => forwarder.publish(streamId, offerSdp),
      subscribe: ({ streamId, subscriptionId }) => forwarder.subscribe(streamId, subscriptionId),
      answer: async ({ subscriptionId, answerSdp }) => {
        await forwarder.answer(subscriptionId, answerSdp);
        return null;
      },
      unsubscribe: async ({ subscriptionId }) => {
        await forwarder.unsubscribe(subscriptionId);
        return null;
      },
      counts: () => Promise.resolve(forwarder.counts()),
    },
    tearDown: () => forwarder.close(),
  };
});
