import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteWorker, type EmbeddedDatabaseEvent, type PgliteConnection } from '../../../server/db/pglite-connection';
import { isDatabaseUnavailable } from '../../../server/db/unavailable';
import { breakEmbeddedDatabase } from '../helpers/break-embedded-database';

// The embedded database in its worker thread, spoken to through node-postgres.

describe('PGlite in a worker thread', () => {
  let connection: PgliteConnection;

  beforeAll(async () => {
    connection = await openPgliteWorker(undefined);
    await connection.pool.query('create table notes (id serial primary key, body text not null unique)');
  });

  afterAll(async () => {
    await connection.close();
  });

  it('answers parameterised queries with node-postgres types', async () => {
    const { rows } = await connection.pool.query<{ sum: number; text: string; at: Date }>('select $1::int + 1 as sum, $2::text as text, now() as at', [41, 'héllo ✓']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sum).toBe(42);
    expect(rows[0]?.text).toBe('héllo ✓');
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('keeps the main thread free while a query runs', async () => {
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await connection.pool.query('select sum(length(md5(g::text))) from generate_series(1, 600000) as g');
    const queryMs = performance.now() - started;
    clearInterval(ticker);
    // In the main thread the event loop would stand still for the whole query.
    expect(queryMs).toBeGreaterThan(250);
    expect(longestGapMs).toBeLessThan(queryMs / 3);
  });

  it('reports a failed statement and goes on serving', async () => {
    await connection.pool.query('insert into notes (body) values ($1)', ['once']);
    await expect(connection.pool.query('insert into notes (body) values ($1)', ['once'])).rejects.toMatchObject({ code: '23505' });
    const { rows } = await connection.pool.query<{ count: string }>('select count(*) from notes');
    expect(rows).toEqual([{ count: '1' }]);
  });

  it('rolls back what a dropped connection left open', async () => {
    const client = await connection.pool.connect();
    await client.query('begin');
    await client.query('insert into notes (body) values ($1)', ['never committed']);
    client.release(new Error('connection dropped mid-transaction'));
    const { rows } = await connection.pool.query<{ body: string }>('select body from notes order by id');
    expect(rows).toEqual([{ body: 'once' }]);
  });

  it('starts the next connection with a clean session: its named statements and settings are gone', async () => {
    const statement = { name: 'notes_count', text: 'select count(*)::int as count from notes' };
    const first = await connection.pool.connect();
    await first.query(statement);
    await first.query(`set application_name = 'first connection'`);
    first.release(new Error('connection replaced'));
    // A new node-postgres client prepares the statement again under the same name.
    const { rows } = await connection.pool.query<{ count: number }>(statement);
    expect(rows).toEqual([{ count: 1 }]);
    const setting = await connection.pool.query<{ application_name: string }>('show application_name');
    expect(setting.rows[0]?.application_name).not.toBe('first connection');
  });
});

describe('PGlite files in a worker thread', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-pglite-worker-'));

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says why when the database cannot be opened', async () => {
    const notADirectory = path.join(dataDir, 'a-file');
    writeFileSync(notADirectory, 'not a database');
    await expect(openPgliteWorker(notADirectory)).rejects.toThrow(/the embedded database did not open/);
  });

  it('refuses a second opening of a directory already open, and the first serves on', async () => {
    const first = await openPgliteWorker(dataDir);
    try {
      await expect(openPgliteWorker(dataDir)).rejects.toThrow(`The embedded database in ${dataDir} is already open in this process`);
      const { rows } = await first.pool.query<{ answer: number }>('select 1 as answer');
      expect(rows).toEqual([{ answer: 1 }]);
    } finally {
      await first.close();
    }
  });

  it('keeps committed rows across a close and a reopen', async () => {
    const first = await openPgliteWorker(dataDir);
    await first.pool.query('create table kept (value text)');
    await first.pool.query('insert into kept values ($1)', ['still here']);
    await first.close();

    const second = await openPgliteWorker(dataDir);
    try {
      const { rows } = await second.pool.query<{ value: string }>('select value from kept');
      expect(rows).toEqual([{ value: 'still here' }]);
    } finally {
      await second.close();
    }
  });
});

function nextEvent(connection: PgliteConnection, type: EmbeddedDatabaseEvent['type']): Promise<EmbeddedDatabaseEvent> {
  return new Promise((resolve) => {
    const stop = connection.watch((event) => {
      if (event.type !== type) return;
      stop();
      resolve(event);
    });
  });
}

describe('PGlite failing on its own', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-pglite-restart-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens a database kept on disk again, with every committed row, and serves on', async () => {
    const connection = await openPgliteWorker(dataDir);
    try {
      await connection.pool.query('create table survived (value text)');
      await connection.pool.query('insert into survived values ($1)', ['committed before the fault']);
      const failed = nextEvent(connection, 'failed');
      const restarted = nextEvent(connection, 'restarted');
      await breakEmbeddedDatabase(connection.pool);
      expect(await failed).toMatchObject({ type: 'failed', restarting: true, reason: expect.stringMatching(/malformed wire-protocol message/) as unknown });
      await restarted;
      const { rows } = await connection.pool.query<{ value: string }>('select value from survived');
      expect(rows).toEqual([{ value: 'committed before the fault' }]);
      await connection.pool.query('insert into survived values ($1)', ['written after it']);
      expect((await connection.pool.query('select value from survived')).rowCount).toBe(2);
    } finally {
      await connection.close();
    }
  });

  it('fails a query that waits too long for the one connection as unavailable, and serves on once it is free', async () => {
    const connection = await openPgliteWorker(undefined, { connectTimeoutMs: 200 });
    try {
      // What a database that stopped answering looks like from the queue: the connection never comes back.
      const held = await connection.pool.connect();
      const waited = await connection.pool.query('select 1').then(
        () => expect.unreachable('the query should not have had the connection'),
        (error: unknown) => error,
      );
      expect(waited).toBeInstanceOf(Error);
      expect((waited as Error).message).toMatch(/timeout exceeded when trying to connect/);
      expect(isDatabaseUnavailable(waited)).toBe(true);
      held.release();
      expect((await connection.pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await connection.close();
    }
  });

  it('leaves a database in memory failed, refusing queries with the reason', async () => {
    const connection = await openPgliteWorker(undefined);
    const events: EmbeddedDatabaseEvent[] = [];
    connection.watch((event) => events.push(event));
    try {
      await breakEmbeddedDatabase(connection.pool);
      await expect(connection.pool.query('select 1')).rejects.toThrow(/malformed wire-protocol message/);
      expect(events).toEqual([{ type: 'failed', restarting: false, reason: expect.stringMatching(/malformed/) as unknown }]);
    } finally {
      await connection.close();
    }
  });
});
