import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import type { OrbitDatabase } from './types';

/** Resolved from this file so migrations are found whatever the working directory. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseConnection {
  db: OrbitDatabase;
  driver: DatabaseDriver;
  /** Safe to call more than once. */
  close(): Promise<void>;
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
 * Durability: on Node, PGlite writes its files straight through (Emscripten's
 * NODEFS), and with synchronous_commit on (the default) the WAL record of a
 * transaction is written before COMMIT returns, so every acknowledged write
 * survives the process being killed (test/durability kills it mid-stream).
 * Never turn synchronous_commit off here: single-user PGlite has no WAL
 * writer, so a killed process would lose every commit since the last
 * checkpoint. `relaxedDurability` only concerns the browser file systems.
 * PGlite never fsyncs, so an OS crash or power loss is not covered: that is
 * what DATABASE_URL (PostgreSQL) is for.
 */
async function openPglite(dataDir: string | undefined): Promise<DatabaseConnection> {
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { cube, earthdistance } });
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, driver: 'pglite', close: once(() => client.close()) };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function openPostgres(databaseUrl: string): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  try {
    const db = drizzlePostgres({ client: pool, schema });
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, driver: 'postgres', close: once(() => pool.end()) };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
