import { openDatabase } from '../../../server/db/client';
import type { OrbitDatabase } from '../../../server/db/types';
import { openScratchPostgres } from '../../../scripts/lib/scratch-postgres';

// Test databases for both drivers, opened and migrated by the app's own
// openDatabase, exactly as at start-up.

export interface TestDatabase {
  db: OrbitDatabase;
  /** Runs raw SQL and returns the rows, whichever driver is underneath. */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** An in-memory PGlite in its worker thread, opened and migrated the way the app opens it. */
export async function createPgliteDatabase(): Promise<TestDatabase> {
  const { db, pool, close } = await openDatabase({ inMemory: true });
  return {
    db,
    query: async <Row>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as Row[],
    close,
  };
}

/** The server's PostgreSQL, when DATABASE_URL points at one (admin rights needed to create databases). */
export const postgresUrl = process.env.DATABASE_URL;

/**
 * Whether `what` on PostgreSQL is skipped in this run: it is when DATABASE_URL
 * is not set, and a line says so. Not a missing service: the server suite's
 * run with DATABASE_URL covers it (.ci/run makes both runs).
 */
export function skipWithoutPostgres(what: string): boolean {
  if (postgresUrl) return false;
  console.info(`skipped: ${what} on PostgreSQL, because DATABASE_URL is not set (the server suite's run with DATABASE_URL covers it)`);
  return true;
}

/**
 * A brand-new database on the DATABASE_URL server, migrated; close() drops it,
 * so runs never see each other's data.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const { connection, dispose } = await openScratchPostgres(serverUrl, 'orbit_test');
  return {
    db: connection.db,
    query: async <Row>(text: string, params?: unknown[]) => (await connection.pool.query(text, params)).rows as Row[],
    close: dispose,
  };
}
