import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPgliteWorker, type EmbeddedDatabaseEvent } from './pglite-connection';
import * as schema from './schema';
import { declareTransactionsSerial } from './serial-transactions';
import type { OrbitDatabase } from './types';

/** Resolved from this file so migrations are found whatever the working directory. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseConnection {
  db: OrbitDatabase;
  driver: DatabaseDriver;
  /** The node-postgres pool under `db` (for raw SQL in tests and tools). */
  pool: pg.Pool;
  /** Safe to call more than once. */
  close: () => Promise<void>;
  /** PGlite only: tells `listener` when the embedded database fails and when it is back (node-postgres reconnects to a PostgreSQL server by itself). */
  watchEmbedded?: (listener: (event: EmbeddedDatabaseEvent) => void) => () => void;
}

export interface OpenDatabaseOptions {
  /** PGlite keeps its files in `${dataDir}/pglite`. */
  dataDir?: string;
  /** Use PostgreSQL at this URL instead of PGlite. */
  databaseUrl?: string;
  /** A throwaway PGlite in memory (tests). */
  inMemory?: boolean;
}

/** Opens the database and brings its schema up to date before returning. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseConnection> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.inMemory) return openPglite(undefined);
  if (!options.dataDir) throw new Error('openDatabase needs dataDir, databaseUrl or inMemory');
  const pgliteDir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(pgliteDir, { recursive: true });
  return openPglite(pgliteDir);
}

/**
 * PGlite runs in a worker thread (pglite-worker.ts) and is spoken to through
 * node-postgres, like a PostgreSQL server: its queries then never hold up
 * the main thread's HTTP work, and both databases share one driver.
 *
 * Durability: on Node, PGlite writes its files straight through (Emscripten's
 * NODEFS), and with synchronous_commit on (the default) the WAL record of a
 * transaction is written before COMMIT returns, so every acknowledged write
 * survives the process being killed (test/durability kills it mid-stream).
 * Never turn synchronous_commit off here: single-user PGlite has no WAL
 * writer, so a killed process would lose every commit since the last
 * checkpoint. PGlite never fsyncs, so an OS crash or power loss is not
 * covered: that is what DATABASE_URL (PostgreSQL) is for.
 */
async function openPglite(dataDir: string | undefined): Promise<DatabaseConnection> {
  const { pool, close, watch } = await openPgliteWorker(dataDir);
  const connection = await migrated(pool, 'pglite', once(close));
  // Its pool holds PGlite's one connection, so its transactions run one at a time.
  declareTransactionsSerial(connection.db);
  return { ...connection, watchEmbedded: watch };
}

/**
 * How long a query waits for a connection (a server out of reach, or every
 * connection busy) before it fails, and its request is answered 503 instead
 * of hanging.
 */
const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(databaseUrl: string): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  return migrated(pool, 'postgres', once(() => pool.end()));
}

async function migrated(pool: pg.Pool, driver: DatabaseDriver, close: () => Promise<void>): Promise<DatabaseConnection> {
  try {
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, driver, pool, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
