import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { concatBytes, splitMessages, TERMINATE_MESSAGE_TYPE, type PgliteWorkerData, type WorkerReply, type WorkerRequest } from './pglite-worker-protocol';

// The embedded PostgreSQL (PGlite, WebAssembly) in a worker thread of its own.
// The main thread speaks the ordinary PostgreSQL wire protocol to it through
// node-postgres (see pglite-worker-link.ts), so queries run here while the
// main thread keeps answering HTTP, and the app uses one driver for PGlite
// and for a PostgreSQL server.

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');
const { dataDir } = workerData as PgliteWorkerData;

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

// A failure to open is thrown from here and reaches the main thread as the worker's 'error' event.
const database = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { cube, earthdistance } });

/** Bytes of the current connection not yet forming a whole message. */
let pending: Uint8Array = new Uint8Array(0);
/** A new connection opens with its (untyped) StartupMessage. */
let awaitingStartup = true;
/** Requests run one after another, in the order the connection sent them. */
let queue: Promise<void> = Promise.resolve();

async function runMessages(bytes: Uint8Array): Promise<void> {
  const split = splitMessages(pending, bytes, awaitingStartup);
  pending = split.rest;
  if (split.messages.length > 0) awaitingStartup = false;
  const output: Uint8Array[] = [];
  // Terminate ends a session; the single-user backend must live on for the next connection.
  const kept = split.messages.filter((message) => !(message[0] === TERMINATE_MESSAGE_TYPE && message.length === 5));
  // One call for the batch (a query is Parse, Bind, Describe, Execute, Sync): PGlite runs every whole
  // message it is given, and a call per message cost about 15% more per query.
  if (kept.length > 0) await database.execProtocolRawStream(concatBytes(kept), { onRawData: (data) => output.push(data.slice()) });
  if (output.length === 0) return;
  // Each chunk is already a copy of its own (PGlite reuses the memory it streams from).
  const joined = output.length === 1 && output[0] ? output[0] : concatBytes(output);
  reply({ type: 'data', bytes: joined }, [joined.buffer as ArrayBuffer]);
}

/**
 * A connection went away: nothing it began may linger for the next one. The
 * backend lives on, so its session is reset the way a connection pooler
 * resets a server connection: a new node-postgres client prepares its named
 * statements again and would fail on ones left behind.
 */
async function resetSession(): Promise<void> {
  pending = new Uint8Array(0);
  awaitingStartup = true;
  if (database.isInTransaction()) await database.exec('ROLLBACK');
  await database.exec('DISCARD ALL');
}

port.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    try {
      if (request.type === 'data') await runMessages(request.bytes);
      else if (request.type === 'disconnect') await resetSession();
      else {
        await database.close();
        port.close();
      }
    } catch (error) {
      reply({ type: 'broken', reason: error instanceof Error ? error.message : String(error) });
    }
  });
});

reply({ type: 'ready' });
