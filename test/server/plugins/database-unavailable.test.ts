import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loggerOptions } from '../../../server/environment';
import * as schema from '../../../server/db/schema';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../../server/plugins/errors';
import { capturedLogs } from '../helpers/captured-logs';
import { closedPort } from '../helpers/closed-port';
import { TEST_JWT_SECRET, TEST_MFA_SECRET_KEY } from '../helpers/test-app';
import { nowInSeconds, signToken } from '../helpers/forged-tokens';
import { baseUrl, connected, openSocket } from '../messaging/messaging-helpers';
import { commandAnswerFor } from '../../../server/realtime/plugin';

// The app when its PostgreSQL server cannot be reached (down, restarting, or
// out of connections): every request that needs it is told to come back,
// never that its password is wrong or that the server is broken.

const { lines: logLines, stream: captureLogs } = capturedLogs();
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/orbit`, max: 2 });
  pool.on('error', () => {});
  app = await buildApp({
    config: { jwtSecret: TEST_JWT_SECRET, mfaSecretKey: TEST_MFA_SECRET_KEY, dataDir: 'unused-data-dir', databaseUrl: 'postgres://unreachable' },
    database: { db: drizzle({ client: pool, schema }), driver: 'postgres', pool, close: () => pool.end() },
    logger: { ...loggerOptions({ logLevel: 'info' }), stream: captureLogs },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

describe('a request while the database is out of reach', () => {
  it.each([
    ['GET', '/api/blog?page=1&limit=9', undefined],
    ['GET', '/api/config/public', undefined],
    ['POST', '/api/auth/login', { username: 'someone_real', password: 'their-real-password-1' }],
    ['POST', '/api/auth/register', { username: 'new_person', email: 'new@orbit.test', password: 'a-good-password-1', age: 25, gender: 'female', acceptTerms: true }],
  ] as const)('%s %s is answered 503 with a message and Retry-After', async (method, url, payload) => {
    const response = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ success: false, message: SERVICE_UNAVAILABLE_MESSAGE });
  });

  it('is logged as a warning naming the cause, without the values the query carried', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'probe_for_the_log', password: 'never-in-any-log-1' } });
    const entries = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string; cause?: { code?: string } } });
    const unavailable = entries.filter((entry) => entry.msg === 'database unavailable');
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.every((entry) => entry.level === 40)).toBe(true);
    expect(unavailable.at(-1)?.err?.cause?.code).toBe('ECONNREFUSED');
    expect(logLines.join('')).not.toMatch(/probe_for_the_log|never-in-any-log-1/);
    expect(entries.some((entry) => entry.msg === 'request failed')).toBe(false);
  });
});

describe('the realtime channel while the database is out of reach', () => {
  it('tells a member connecting to come back (503), as a request is told', async () => {
    const token = signToken({ sub: randomUUID(), role: 'user', ver: 0, jti: randomUUID(), exp: nowInSeconds() + 600 }, TEST_JWT_SECRET, 'HS256');
    const socket = openSocket(baseUrl(app), token);
    try {
      const refusal = await connected(socket).then(
        () => undefined,
        (error: Error & { data?: { status?: number } }) => ({ status: error.data?.status, message: error.message }),
      );
      expect(refusal).toEqual({ status: 503, message: SERVICE_UNAVAILABLE_MESSAGE });
    } finally {
      socket.close();
    }
  });

  it("answers a command whose database connection did not come in time 503, the member's cue to try again", () => {
    // What node-postgres throws when every pooled connection stayed busy past its wait, wrapped by Drizzle.
    const poolTimeout = new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') });
    expect(commandAnswerFor(poolTimeout)).toEqual({ ok: false, status: 503, message: SERVICE_UNAVAILABLE_MESSAGE });
    expect(commandAnswerFor(new TypeError('a fault'))).toEqual({ ok: false, status: 500, message: 'Internal server error' });
  });
});
