import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { concatBytes, type PgliteWorkerData, type WorkerReply, type WorkerRequest } from './pglite-worker-protocol';
import { DatabaseUnavailableError } from './unavailable';

// The main thread's end of one PGlite worker thread (pglite-worker.ts): the
// stream node-postgres uses as its socket, over the worker's message port
// instead of TCP, and the thread it talks to. pglite-connection.ts builds the
// pool on these.

const WORKER_BOOT = new URL('./pglite-worker-boot.mjs', import.meta.url);
/** Opening PGlite (and recovering after a crash) takes a few seconds; this bounds a hung start. */
const START_TIMEOUT_MS = 60_000;
/** PGlite's close writes its last pages; a thread still there after this is ended. */
const CLOSE_TIMEOUT_MS = 15_000;

/**
 * The socket node-postgres thinks it has. Writes made in one turn of the
 * event loop go to the worker as one message (a query is five protocol
 * messages written back to back); the worker's answers come back as reads.
 */
export class WorkerSocket extends Duplex {
  private outgoing: Uint8Array[] = [];
  private open = true;

  constructor(private readonly link: PgliteWorker) {
    super();
  }

  // What node-postgres calls on a net.Socket.
  connect(): this {
    this.link.attach(this).then(
      () => this.emit('connect'),
      (error: Error) => this.destroy(error),
    );
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  receive(bytes: Uint8Array): void {
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.outgoing.length === 0) queueMicrotask(() => this.flush());
    this.outgoing.push(chunk);
    callback();
  }

  private flush(): void {
    if (!this.open || this.outgoing.length === 0) return;
    const parts = this.outgoing;
    this.outgoing = [];
    this.link.send({ type: 'data', bytes: concatBytes(parts) });
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    callback();
    this.destroy();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.open) {
      this.open = false;
      this.link.detach(this);
    }
    callback(error);
  }
}

/**
 * The worker thread and the one connection it serves at a time. A connection
 * opened while another is still closing (node-postgres replaces a broken
 * client at once) waits for it to finish.
 */
export class PgliteWorker {
  private current: WorkerSocket | undefined;
  private readonly waiting: Array<{ socket: WorkerSocket; attached: () => void; refused: (error: Error) => void }> = [];
  private brokenReason: string | undefined;
  /** Set by close() and end(): the failures that follow are expected, not reported. */
  private ending = false;
  private readonly exited: Promise<void>;

  /** Told once, when the database fails on its own (never after close or end). */
  private onFailure: ((reason: string) => void) | undefined;

  constructor(private readonly worker: Worker) {
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'data') this.current?.receive(reply.bytes);
      else if (reply.type === 'broken') this.fail(`the embedded database stopped working: ${reply.reason}`);
    });
    worker.on('error', (error) => this.fail(`the embedded database stopped working: ${error.message}`));
    worker.once('exit', () => this.fail('the embedded database has closed'));
  }

  attach(socket: WorkerSocket): Promise<void> {
    if (this.brokenReason) return Promise.reject(new DatabaseUnavailableError(this.brokenReason));
    if (!this.current) {
      this.current = socket;
      return Promise.resolve();
    }
    return new Promise((attached, refused) => this.waiting.push({ socket, attached, refused }));
  }

  detach(socket: WorkerSocket): void {
    const queued = this.waiting.findIndex((entry) => entry.socket === socket);
    if (queued >= 0) this.waiting.splice(queued, 1);
    if (this.current !== socket) return;
    this.current = undefined;
    if (this.brokenReason) return;
    this.send({ type: 'disconnect' });
    const next = this.waiting.shift();
    if (next) {
      this.current = next.socket;
      next.attached();
    }
  }

  send(request: WorkerRequest): void {
    if (this.brokenReason) return;
    if (request.type === 'data') this.worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
    else this.worker.postMessage(request);
  }

  private fail(reason: string): void {
    const first = this.brokenReason === undefined;
    this.brokenReason ??= reason;
    this.current?.destroy(new DatabaseUnavailableError(this.brokenReason));
    for (const entry of this.waiting.splice(0)) entry.refused(new DatabaseUnavailableError(this.brokenReason));
    if (first && !this.ending) this.onFailure?.(this.brokenReason);
  }

  /** Tells `listener` when this database fails on its own; at once if it already has. */
  whenFailed(listener: (reason: string) => void): void {
    this.onFailure = listener;
    if (this.brokenReason !== undefined && !this.ending) listener(this.brokenReason);
  }

  /** Closes PGlite (its files are consistent afterwards) and ends the thread. */
  async close(): Promise<void> {
    // A failed PGlite cannot close itself; what it wrote is recovered on the next open.
    if (this.brokenReason) return this.end();
    this.ending = true;
    this.send({ type: 'close' });
    this.brokenReason = 'the embedded database has closed';
    const timer = setTimeout(() => void this.worker.terminate(), CLOSE_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }

  /** Ends a failed database's thread at once: its files are left as after a killed process, which PGlite recovers from. */
  async end(): Promise<void> {
    this.ending = true;
    this.brokenReason ??= 'the embedded database has closed';
    void this.worker.terminate();
    await this.exited;
  }
}

export function startWorker(dataDir: string | undefined): Promise<PgliteWorker> {
  const workerData: PgliteWorkerData = { dataDir };
  // No inherited flags: a parent started with `--import some.ts` (the load
  // test's memory probe) would have the worker load that file before tsx.
  const worker = new Worker(WORKER_BOOT, { workerData, execArgv: [] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`the embedded database did not open within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const settle = (error?: Error) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (error) reject(error);
      else resolve(new PgliteWorker(worker));
    };
    const onMessage = (reply: WorkerReply) => {
      if (reply.type === 'ready') settle();
    };
    const onError = (error: Error) => settle(new Error(`the embedded database did not open: ${error.message}`, { cause: error }));
    const onExit = (code: number) => settle(new Error(`the embedded database stopped while opening (exit code ${code})`));
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  });
}
