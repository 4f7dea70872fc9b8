import type { OrbitDatabase } from './types';

/**
 * Databases whose transactions cannot overlap. The embedded database is
 * reached through a pool of one connection (pglite-connection.ts), so while
 * one transaction holds that connection nothing else reaches the database:
 * a lock that only orders concurrent transactions is a round trip for
 * nothing there (about a sixth of a like's cost on PGlite). A database not
 * declared here is assumed to run transactions side by side.
 */
const serialDatabases = new WeakSet<OrbitDatabase>();

export function declareTransactionsSerial(db: OrbitDatabase): void {
  serialDatabases.add(db);
}

export function transactionsAreSerial(db: OrbitDatabase): boolean {
  return serialDatabases.has(db);
}
