import pg from 'pg';
import { lockDataDirectory } from './data-directory-lock';
import { startWorker, WorkerSocket, type PgliteWorker } from './pglite-worker-link';

// The embedded database as node-postgres sees it: a pool whose one
// connection is a stream to PGlite's worker thread (pglite-worker-link.ts),
// and the worker kept running when PGlite fails.

/** What happened to the embedded database on its own, for the app's log. */
export type EmbeddedDatabaseEvent =
  /** It failed; `restarting` is false for a database in memory, which is gone with its thread. */
  | { type: 'failed'; reason: string; restarting: boolean }
  | { type: 'restarted'; afterMs: number }
  | { type: 'restart-failed'; reason: string; retryInMs: number };

/** A failed database is opened again at once; after an attempt that fails the next waits `first`, then twice as long each time, up to `last`. */
const RESTART_DELAYS_MS = { first: 500, last: 30_000 } as const;

/**
 * The embedded database as the pool sees it: the worker new connections
 * attach to. When a database kept on disk fails on its own (PGlite threw, or
 * its thread died), its thread is ended and PGlite is opened again on the
 * same files in a new one, recovering from its WAL as after a killed
 * process: what a PostgreSQL server's supervisor would do. Connections opened
 * meanwhile attach to the failed worker and are refused at once, so requests
 * fail fast instead of waiting. A database in memory is gone with its
 * thread, so it stays failed.
 */
class EmbeddedDatabase {
  private restarting: Promise<void> | undefined;
  private closed = false;
  private readonly listeners = new Set<(event: EmbeddedDatabaseEvent) => void>();
  /** Ends the wait between two attempts to open the database again (close does not wait for it). */
  private stopWaiting: (() => void) | undefined;

  private constructor(
    private readonly dataDir: string | undefined,
    private link: PgliteWorker,
    private readonly unlock: () => void,
  ) {
    link.whenFailed((reason) => this.failed(reason));
  }

  /** A database kept on disk is locked for this process first (data-directory-lock.ts), and until it closes. */
  static async open(dataDir: string | undefined): Promise<EmbeddedDatabase> {
    const unlock = dataDir === undefined ? () => {} : lockDataDirectory(dataDir);
    try {
      return new EmbeddedDatabase(dataDir, await startWorker(dataDir), unlock);
    } catch (error) {
      unlock();
      throw error;
    }
  }

  /** The worker a new connection attaches to. */
  get current(): PgliteWorker {
    return this.link;
  }

  watch(listener: (event: EmbeddedDatabaseEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private report(event: EmbeddedDatabaseEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private failed(reason: string): void {
    const restarting = this.dataDir !== undefined && !this.closed;
    this.report({ type: 'failed', reason, restarting });
    if (restarting) this.restarting ??= this.restart(this.link).finally(() => (this.restarting = undefined));
  }

  private async restart(broken: PgliteWorker): Promise<void> {
    const started = performance.now();
    await broken.end();
    let delay: number = RESTART_DELAYS_MS.first;
    while (!this.closed) {
      try {
        const link = await startWorker(this.dataDir);
        if (this.closed) return await link.close();
        this.link = link;
        link.whenFailed((reason) => this.failed(reason));
        this.report({ type: 'restarted', afterMs: Math.round(performance.now() - started) });
        return;
      } catch (error) {
        this.report({ type: 'restart-failed', reason: error instanceof Error ? error.message : String(error), retryInMs: delay });
        await new Promise<void>((resolve) => {
          this.stopWaiting = resolve;
          setTimeout(resolve, delay).unref();
        });
        delay = Math.min(2 * delay, RESTART_DELAYS_MS.last);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWaiting?.();
    try {
      await this.restarting;
      await this.link.close();
    } finally {
      // PGlite's thread has ended (close terminates it when it does not end by itself): its files are free.
      this.unlock();
    }
  }
}

export interface PgliteConnection {
  pool: pg.Pool;
  /** Ends the pool, then closes PGlite and its thread. */
  close: () => Promise<void>;
  /** Tells `listener` when the database fails on its own and when it is back; returns a function that stops telling it. */
  watch: (listener: (event: EmbeddedDatabaseEvent) => void) => () => void;
}

/**
 * Every query waits its turn for PGlite's one connection; one that has waited
 * this long fails (and its request is answered 503) instead of waiting on a
 * database that has stopped answering. Well above the longest wait under load
 * (the load test's p99 is under a second).
 */
const EMBEDDED_CONNECT_TIMEOUT_MS = 10_000;

export interface PgliteWorkerOptions {
  /** How long a query waits for the connection before it fails (tests shorten it). */
  connectTimeoutMs?: number;
}

export async function openPgliteWorker(dataDir: string | undefined, options: PgliteWorkerOptions = {}): Promise<PgliteConnection> {
  const database = await EmbeddedDatabase.open(dataDir);
  const pool = new pg.Pool({
    // PGlite is one backend: one connection, kept for the life of the app.
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: options.connectTimeoutMs ?? EMBEDDED_CONNECT_TIMEOUT_MS,
    user: 'postgres',
    database: 'template1',
    stream: () => new WorkerSocket(database.current),
  });
  pool.on('error', () => {});
  return {
    pool,
    watch: (listener) => database.watch(listener),
    close: async () => {
      await pool.end();
      await database.close();
    },
  };
}
