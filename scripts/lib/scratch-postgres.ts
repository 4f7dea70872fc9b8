import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '../../server/db/client';

// Throwaway databases on a PostgreSQL server, for the tests, the durability
// run and the bench: each gets a database of its own, so runs never see each
// other's data, and drops it afterwards.

export interface ScratchPostgres {
  /** The new database's name. */
  name: string;
  /** The new database's URL (the server's URL with its name as the path). */
  url: string;
  /** Drops the database, ending any connection still open to it. Safe to call more than once. */
  drop: () => Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect().catch((error: unknown) => {
    // Named, so a run without its PostgreSQL says so rather than only ECONNREFUSED.
    const { host, port } = new URL(serverUrl);
    throw new Error(`PostgreSQL at ${host}:${port || '5432'} is not reachable (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  });
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ScratchOptions {
  /** A database on the same server to copy (CREATE DATABASE … TEMPLATE); nobody may be connected to it meanwhile. */
  template?: string;
}

const DATABASE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Creates a database named `${prefix}_<random>` on the server at `serverUrl`
 * (whose user may create databases): empty, or a copy of `options.template`.
 * `prefix` names the caller in the server's list, should a run die before
 * dropping it.
 */
export async function createScratchPostgres(serverUrl: string, prefix: string, options: ScratchOptions = {}): Promise<ScratchPostgres> {
  if (!/^[a-z_]+$/.test(prefix)) throw new Error(`scratch database prefix must be lower-case letters and underscores: ${prefix}`);
  if (options.template !== undefined && !DATABASE_NAME.test(options.template)) throw new Error(`not a template database name: ${options.template}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, options.template === undefined ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${options.template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface OpenScratchPostgres {
  /** Migrated, as the app opens it at start-up. */
  connection: DatabaseConnection;
  /** Closes the connection (if its owner has not already) and drops the database. */
  dispose: () => Promise<void>;
}

/** A scratch database opened and migrated by the app's own openDatabase; dropped again if that fails. */
export async function openScratchPostgres(serverUrl: string, prefix: string, options: ScratchOptions = {}): Promise<OpenScratchPostgres> {
  const scratch = await createScratchPostgres(serverUrl, prefix, options);
  let connection: DatabaseConnection;
  try {
    connection = await openDatabase({ databaseUrl: scratch.url });
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return {
    connection,
    dispose: async () => {
      // close() may be called more than once (an app that took the connection over closes it too).
      await connection.close().catch(() => {});
      await scratch.drop();
    },
  };
}
