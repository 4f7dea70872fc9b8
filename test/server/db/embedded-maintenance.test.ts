import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase, type DatabaseConnection } from '../../../server/db/client';
import { maintainTables, tablesDueForMaintenance } from '../../../server/db/embedded-maintenance';
import { seedDatabase } from '../../../server/db/seed';
import databasePlugin from '../../../server/plugins/database';

const quiet = { liveRows: 1000, deadRows: 0, modifiedSinceAnalyze: 0, insertedSinceVacuum: 0, freezeAge: 1000 };

describe('which tables autovacuum would maintain', () => {
  it('leaves a table alone until changes pass PostgreSQL default thresholds', () => {
    expect(tablesDueForMaintenance([{ table: 'users', ...quiet, modifiedSinceAnalyze: 150 }])).toEqual([]);
    expect(tablesDueForMaintenance([{ table: 'users', ...quiet, deadRows: 250 }])).toEqual([]);
  });

  it('analyses a table once 50 rows plus a tenth of it changed', () => {
    expect(tablesDueForMaintenance([{ table: 'users', ...quiet, modifiedSinceAnalyze: 151 }])).toEqual([{ table: 'users', action: 'analyze' }]);
  });

  it('vacuums (and analyses) for dead rows, for inserts and for transaction-id age', () => {
    expect(tablesDueForMaintenance([{ table: 'likes', ...quiet, deadRows: 251 }])).toEqual([{ table: 'likes', action: 'vacuum' }]);
    expect(tablesDueForMaintenance([{ table: 'likes', ...quiet, insertedSinceVacuum: 1201 }])).toEqual([{ table: 'likes', action: 'vacuum' }]);
    expect(tablesDueForMaintenance([{ table: 'likes', ...quiet, freezeAge: 200_000_001 }])).toEqual([{ table: 'likes', action: 'vacuum' }]);
  });
});

interface PlannerView {
  relname: string;
  reltuples: number;
  n_dead_tup: string;
  last_analyze: Date | null;
}

async function plannerView(connection: DatabaseConnection, table: string): Promise<PlannerView> {
  await connection.pool.query('select pg_stat_force_next_flush()');
  const { rows } = await connection.pool.query<PlannerView>(
    `select c.relname, c.reltuples, s.n_dead_tup, s.last_analyze
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
    [table],
  );
  if (!rows[0]) throw new Error(`no table ${table}`);
  return rows[0];
}

describe('maintaining the embedded database (PGlite has no autovacuum)', () => {
  let connection: DatabaseConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('gives the planner the row counts of a freshly seeded database, then has nothing left to do', async () => {
    connection = await openDatabase({ inMemory: true });
    await seedDatabase(connection.db, { demo: true });
    const before = await plannerView(connection, 'users');
    // Never analysed: PostgreSQL 14+ reports -1, and plans as if the table were nearly empty.
    expect(before.reltuples).toBe(-1);
    expect(before.last_analyze).toBeNull();

    const done = await maintainTables(connection.pool);
    // Analysed either way: on its own, or with the vacuum the seed's coin grants (an update per person) call for.
    expect(done.filter((maintenance) => maintenance.table === 'users')).toHaveLength(1);
    const after = await plannerView(connection, 'users');
    expect(after.reltuples).toBeGreaterThan(250);
    expect(after.last_analyze).not.toBeNull();

    expect(await maintainTables(connection.pool)).toEqual([]);
  });

  it('clears dead rows left by updates', async () => {
    connection = await openDatabase({ inMemory: true });
    await seedDatabase(connection.db, { demo: true });
    await maintainTables(connection.pool);
    await connection.pool.query('update users set last_seen_at = now()');
    expect(Number((await plannerView(connection, 'users')).n_dead_tup)).toBeGreaterThan(250);

    expect(await maintainTables(connection.pool)).toContainEqual({ table: 'users', action: 'vacuum' });
    expect(Number((await plannerView(connection, 'users')).n_dead_tup)).toBe(0);
  });

  it('runs when the app on PGlite becomes ready', async () => {
    connection = await openDatabase({ inMemory: true });
    await seedDatabase(connection.db, { demo: true });
    const app = await buildApp({ config: { jwtSecret: 'orbit-test-secret-0123456789-abcdefghijklmnop', mfaSecretKey: 'orbit-test-mfa-key-0123456789-abcdefghijklmnop', dataDir: '', databaseUrl: undefined }, database: connection });
    await app.ready();
    expect((await plannerView(connection, 'users')).reltuples).toBeGreaterThan(250);
    // The app owns the connection now and closes it.
    await app.close();
    connection = undefined;
  });

  it('looks again on a timer while the app runs, and stops when it closes', async () => {
    connection = await openDatabase({ inMemory: true });
    await seedDatabase(connection.db, { demo: true });
    const app = Fastify();
    await app.register(databasePlugin, { connection, maintenanceIntervalMs: 100 });
    await app.ready();
    const analysedAtStart = (await plannerView(connection, 'users')).last_analyze;
    await connection.pool.query('update users set last_seen_at = now()');
    await expect
      .poll(async () => Number((await plannerView(connection!, 'users')).n_dead_tup), { timeout: 10_000, interval: 200 })
      .toBe(0);
    expect((await plannerView(connection, 'users')).last_analyze?.getTime()).toBeGreaterThan(analysedAtStart?.getTime() ?? 0);
    await app.close();
    connection = undefined;
  });
});
