import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../../../server/db/client';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../../server/db/unavailable';
import { closedPort } from '../helpers/closed-port';

function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  return error;
}

/** What a failed query throws: Drizzle's error with the driver's as its cause. */
async function failureOf(query: Promise<unknown>): Promise<unknown> {
  return query.then(
    () => expect.unreachable('the query should have failed'),
    (error: unknown) => error,
  );
}

let working: DatabaseConnection;
beforeAll(async () => {
  working = await openDatabase({ inMemory: true });
});
afterAll(async () => {
  await working?.close();
});

describe('isDatabaseUnavailable', () => {
  it('is true for a PostgreSQL server that refuses the connection, through Drizzle', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/orbit`, max: 1 });
    pool.on('error', () => {});
    const error = await failureOf(drizzle({ client: pool }).execute(sql`select 1`));
    await pool.end();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Failed query/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a server shutting down', serverError('57P01', 'terminating connection due to administrator command')],
    ['a server still starting', serverError('57P03', 'the database system is starting up')],
    ['a server with no connection to spare', serverError('53300', 'sorry, too many clients already')],
    ['a connection failure (class 08)', serverError('08006', 'connection failure')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connection reset by the server', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })],
    ['a pool with no connection to give in time', new Error('timeout exceeded when trying to connect')],
    ['the embedded database reopening', new DatabaseUnavailableError('the embedded database stopped working: out of memory')],
    ['an unavailable cause two levels down', new Error('outer', { cause: new Error('middle', { cause: new DatabaseUnavailableError('gone') }) })],
  ])('is true for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is false for a query that fails on a working database', async () => {
    const error = await failureOf(working.db.execute(sql`select 1 / 0`));
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', serverError('42601', 'syntax error at or near "selec"')],
    ['a failure in the code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that only mentions a connection', new Error('Connection settings are invalid: Connection terminated is not a setting')],
    ['something thrown that is not an Error', 'Connection terminated'],
    // What Node gives a request whose browser hung up while sending it.
    ['a client that hung up mid-request', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
  ])('is false for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    first.cause = second;
    expect(isDatabaseUnavailable(first)).toBe(false);
  });
});
