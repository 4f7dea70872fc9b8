import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '../../server/db/client';

/** The local PostgreSQL the bench may use (trust auth); overridable with BENCH_POSTGRES_URL. */
export const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  driver: 'pglite' | 'postgres';
  connection: DatabaseConnection;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/** A migrated, empty, in-memory PGlite. */
export async function scratchPglite(): Promise<ScratchDatabase> {
  const connection = await openDatabase({ inMemory: true });
  return { driver: 'pglite', connection, dispose: () => connection.close().catch(() => {}) };
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, migrated database on the local PostgreSQL server, dropped on dispose. */
export async function scratchPostgres(): Promise<ScratchDatabase> {
  const name = `orbit_bench_${randomBytes(5).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  const drop = () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {});
  try {
    const connection = await openDatabase({ databaseUrl: url.toString() });
    return {
      driver: 'postgres',
      connection,
      dispose: async () => {
        // An app that took the connection over may have closed it already.
        await connection.close().catch(() => {});
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
