import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClaims } from '../../bench/lib/bare-server';
import { recordQueries, withParameterReplaced } from '../../bench/lib/recorded-queries';
import { openDatabase, type DatabaseConnection } from '../../server/db/client';

const SECRET = 'bench-test-secret';
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function token(header: object, claims: object, secret = SECRET): string {
  const unsigned = `${encode(header)}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe("the bare server's token check", () => {
  const now = 1_800_000_000;
  const claims = { sub: 'member', exp: now + 60 };

  it('accepts an HS256 token signed with the secret and not yet expired', () => {
    expect(verifiedClaims(token({ alg: 'HS256', typ: 'JWT' }, claims), SECRET, now)).toEqual(claims);
  });

  it('refuses another secret, a changed payload, an expired token, another algorithm and a malformed one', () => {
    expect(verifiedClaims(token({ alg: 'HS256' }, claims, 'another-secret'), SECRET, now)).toBeNull();
    const [header, , signature] = token({ alg: 'HS256' }, claims).split('.');
    expect(verifiedClaims(`${header}.${encode({ ...claims, sub: 'someone-else' })}.${signature}`, SECRET, now)).toBeNull();
    expect(verifiedClaims(token({ alg: 'HS256' }, { ...claims, exp: now - 1 }), SECRET, now)).toBeNull();
    expect(verifiedClaims(token({ alg: 'none' }, claims), SECRET, now)).toBeNull();
    expect(verifiedClaims('not-a-token', SECRET, now)).toBeNull();
  });
});

describe('recordQueries', () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openDatabase({ inMemory: true });
  });
  afterAll(async () => {
    await connection.close();
  });

  it('keeps every statement sent while the work runs, with the parameters passed beside a named one, and stops recording after', async () => {
    const { result, queries } = await recordQueries(async () => {
      await connection.pool.query({ name: 'bench_test_named', text: 'select $1::int + 1 as next' }, [41]);
      const { rows } = await connection.pool.query<{ doubled: number }>('select $1::int * 2 as doubled', [21]);
      return rows[0]?.doubled;
    });
    expect(result).toBe(42);
    expect(queries).toEqual([
      expect.objectContaining({ name: 'bench_test_named', text: 'select $1::int + 1 as next', values: [41] }),
      expect.objectContaining({ text: 'select $1::int * 2 as doubled', values: [21] }),
    ]);
    await connection.pool.query('select 1');
    expect(queries).toHaveLength(2);
    // Replayed as recorded, a named statement answers as it did for the app.
    const [named] = queries;
    if (!named) throw new Error('nothing recorded');
    expect((await connection.pool.query(named)).rows).toEqual([{ next: 42 }]);
  });

  it('swaps one parameter value for another in every statement, leaving the rest', () => {
    const queries = [{ text: 'a', values: ['target', 1] }, { text: 'b' }, { text: 'c', values: ['other', 'target'] }];
    expect(withParameterReplaced(queries, 'target', 'new')).toEqual([{ text: 'a', values: ['new', 1] }, { text: 'b' }, { text: 'c', values: ['other', 'new'] }]);
  });
});
