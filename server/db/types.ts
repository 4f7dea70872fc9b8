import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * A drizzle database over the Orbit schema, whichever driver is underneath:
 * both `drizzle-orm/pglite` and `drizzle-orm/node-postgres` databases are
 * assignable to it. Raw `db.execute` results are driver-shaped, so code that
 * needs rows from raw SQL should prefer the query builder.
 */
export type OrbitDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
