import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../../../server/db/client';
import { describeErrorForLog, serializeErrorForLog } from '../../../server/lib/log-error';

// A failed write whose values must not reach a log: one holds new lines, as a bio or a message can.
const SECRET = 'hash-of-a-password\nparams: and a second line of it';

let connection: DatabaseConnection;
let failedWrite: Error;
beforeAll(async () => {
  connection = await openDatabase({ inMemory: true });
  await connection.db.execute(sql`create table probe (secret text not null, required text not null)`);
  failedWrite = await connection.db.execute(sql`insert into probe (secret, required) values (${SECRET}, ${null})`).then(
    () => expect.unreachable('the insert should have failed'),
    (error: unknown) => error as Error,
  );
});
afterAll(async () => {
  await connection?.close();
});

describe('errors written to the log', () => {
  it('keep the query and the SQLSTATE of a failed write, and withhold its values', () => {
    // Drizzle's own message carries the values: the reason this serializer exists.
    expect(failedWrite.message).toContain('hash-of-a-password');
    const serialized = serializeErrorForLog(failedWrite);
    expect(serialized.message).toBe('Failed query: insert into probe (secret, required) values ($1, $2)\nparams: [values withheld]');
    expect(serialized.params).toBe('[values withheld]');
    expect(serialized.cause).toMatchObject({ code: '23502', detail: '[values withheld]', table: 'probe', column: 'required' });
    expect(JSON.stringify(serialized)).not.toMatch(/hash-of-a-password|second line/);
  });

  it('read the same as text, cause included, for a start-up failure on the terminal', () => {
    const text = describeErrorForLog(failedWrite);
    expect(text).toMatch(/^Error: Failed query: insert into probe/);
    expect(text).toMatch(/\ncaused by: error: null value in column "required"/);
    expect(text).not.toMatch(/hash-of-a-password|second line/);
  });

  it('leave other errors as they are', () => {
    const plain = new Error('the embedded database did not open', { cause: new Error('no such directory') });
    expect(serializeErrorForLog(plain)).toMatchObject({ message: 'the embedded database did not open', cause: { message: 'no such directory' } });
    expect(describeErrorForLog('thrown as a string')).toBe('thrown as a string');
    // Something thrown that is not an Error still reaches the logger as `err`.
    expect(serializeErrorForLog('thrown as a string')).toBe('thrown as a string');
    expect(serializeErrorForLog(null)).toBeNull();
  });
});
