import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../../server/db/client';
import type { OrbitDatabase } from '../../../server/db/types';

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
 * A brand-new database on the DATABASE_URL server, migrated; close() drops it,
 * so runs never see each other's data.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `orbit_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const { db, pool, close } = await openDatabase({ databaseUrl: url.toString() });

  return {
    db,
    query: async <Row>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as Row[],
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
