import { openScratchPostgres } from '../../scripts/lib/scratch-postgres';
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

/** A new, migrated database on the local PostgreSQL server, dropped on dispose. */
export async function scratchPostgres(): Promise<ScratchDatabase> {
  const { connection, dispose } = await openScratchPostgres(BENCH_POSTGRES_URL, 'orbit_bench');
  return { driver: 'postgres', connection, dispose };
}
