import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaForwarder } from '../../server/live/media/forwarder';
import { serveRpc } from './live-rpc';

// The live bench's forwarder process (forked by bench/lib/live-load.ts),
// answering the coordinator's publish / subscribe / answer calls over IPC.
// With werift it is an Orbit API server as production runs one (buildApp with
// its default live settings, an embedded database, listening on loopback),
// and the calls go to that server's own forwarder (app.live.forwarder), so the
// forwarding shares the process with everything else the API keeps running
// (its database's worker thread, the realtime channel, the sweeps). With
// Janus this process only holds the API session and the bench reads Janus's
// own process.
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

/** A forwarder and how to let go of everything that holds it. */
interface HostedForwarder {
  forwarder: MediaForwarder;
  close: () => Promise<void>;
}

const BENCH_JWT_SECRET = 'orbit-bench-secret-not-for-production-0123456789';

/** Orbit's API server on an in-memory database, listening, and the werift forwarder inside it. */
async function weriftInApiServer(): Promise<HostedForwarder> {
  // Loaded on demand: the Janus run's process holds none of the app (nor werift's forwarding code).
  const [{ buildApp }, { openDatabase }] = await Promise.all([import('../../server/app'), import('../../server/db/client')]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-bench-live-'));
  const app = await buildApp({ config: { jwtSecret: BENCH_JWT_SECRET, mfaSecretKey: 'bench-mfa-key-not-used-for-anything-real', dataDir, databaseUrl: undefined }, database: await openDatabase({ inMemory: true }) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    forwarder: app.live.forwarder,
    // app.close() closes the forwarder with the server.
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function build(kind: string | undefined, janusUrl: string | undefined): Promise<HostedForwarder> {
  if (kind === 'werift') return weriftInApiServer();
  if (kind === 'janus') {
    if (!janusUrl) throw new Error('the janus forwarder needs the Janus WebSocket URL');
    const forwarder = await (await import('../../server/live/media/janus-forwarder')).createJanusForwarder({ url: janusUrl });
    return { forwarder, close: () => forwarder.close() };
  }
  throw new Error(`unknown forwarder ${String(kind)}`);
}

serveRpc<ForwarderMethods>(async () => {
  const { forwarder, close } = await build(process.argv[2], process.argv[3]);
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
    tearDown: close,
  };
});
