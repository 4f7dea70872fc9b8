import type { OrbitDatabase } from '../db/types';

/** The handle a Drizzle transaction callback receives, on PGlite and PostgreSQL alike. */
export type Transaction = Parameters<Parameters<OrbitDatabase['transaction']>[0]>[0];

/** Where a query may run: on the database itself or inside a caller's transaction. */
export type Executor = OrbitDatabase | Transaction;
