import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * A drizzle database over the Orbit schema. The app reaches both databases
 * through node-postgres (PGlite through its worker thread), but code takes
 * this driver-neutral type, so tests and tools may use any drizzle Postgres
 * driver. Raw `db.execute` results are driver-shaped, so code that needs rows
 * from raw SQL should prefer the query builder.
 */
export type OrbitDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
