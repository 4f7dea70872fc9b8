// Issue 37, finding 6: sessions end after a time without use, besides their lifetime.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_RECORD_INTERVAL_MS } from '../../../server/auth/activity';
import { ADMIN_SESSION_IDLE_SECONDS, DEFAULT_SESSION_IDLE_SECONDS, REMEMBERED_SESSION_IDLE_SECONDS } from '../../../server/auth/session-token';
import { sessions } from '../../../server/db/schema';
import { keepConnectedSessionsLive } from '../../../server/realtime/connected-sessions';
import { bearer, registerUser } from '../helpers/accounts';
import { claimsOf } from '../helpers/forged-tokens';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

const SESSION_EXPIRED = { success: false, message: 'Session expired, please sign in again' };
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const me = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
const adminStats = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) });

async function signIn(url: string, username: string, password: string, remember: boolean): Promise<string> {
  const response = await testApp.app.inject({ method: 'POST', url, payload: { username, password, remember } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** As if the session had last been used `ms` ago. */
async function lastUsedAgo(token: string, ms: number): Promise<void> {
  await testApp.db.update(sessions).set({ lastActiveAt: new Date(Date.now() - ms) }).where(eq(sessions.id, claimsOf(token).jti));
}

async function sessionRow(token: string) {
  const [row] = await testApp.db.select().from(sessions).where(eq(sessions.id, claimsOf(token).jti));
  if (!row) throw new Error('no session row');
  return row;
}

describe('idle limits', () => {
  it('are a day for members, two weeks with remember me, half an hour for admins whatever they chose', async () => {
    const member = await registerUser(testApp.app);
    expect((await sessionRow(member.token)).idleTimeoutSeconds).toBe(DEFAULT_SESSION_IDLE_SECONDS);
    expect(DEFAULT_SESSION_IDLE_SECONDS).toBe(24 * 60 * 60);
    const remembered = await signIn('/api/auth/login', member.body.username, member.body.password, true);
    expect((await sessionRow(remembered)).idleTimeoutSeconds).toBe(REMEMBERED_SESSION_IDLE_SECONDS);
    expect(REMEMBERED_SESSION_IDLE_SECONDS).toBe(14 * 24 * 60 * 60);
    const admin = await signIn('/api/admin/login', TEST_ADMIN.username, TEST_ADMIN.password, true);
    expect((await sessionRow(admin)).idleTimeoutSeconds).toBe(ADMIN_SESSION_IDLE_SECONDS);
    expect(ADMIN_SESSION_IDLE_SECONDS).toBe(30 * 60);
  });
});

describe('a member session', () => {
  it('without remember me ends after a day without use, though its lifetime has not run out', async () => {
    const { token } = await registerUser(testApp.app);
    await lastUsedAgo(token, DAY_MS - 10 * MINUTE_MS);
    expect((await me(token)).statusCode).toBe(200);
    // That request was use: the idle clock starts again.
    expect((await sessionRow(token)).lastActiveAt.getTime()).toBeGreaterThan(Date.now() - MINUTE_MS);

    await lastUsedAgo(token, DAY_MS + ACTIVITY_RECORD_INTERVAL_MS + MINUTE_MS);
    const idle = await me(token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual(SESSION_EXPIRED);
    // It stays ended: the refused request did not count as use.
    expect((await me(token)).statusCode).toBe(401);
  });

  it('with remember me lasts two weeks without use, and no longer', async () => {
    const { body } = await registerUser(testApp.app);
    const token = await signIn('/api/auth/login', body.username, body.password, true);
    await lastUsedAgo(token, 13 * DAY_MS);
    expect((await me(token)).statusCode).toBe(200);
    await lastUsedAgo(token, 14 * DAY_MS + ACTIVITY_RECORD_INTERVAL_MS + MINUTE_MS);
    expect((await me(token)).json()).toEqual(SESSION_EXPIRED);
  });

  it('once idle, is refused at the realtime handshake too, left off the device list, and not revived by an open socket', async () => {
    const { body, token: idle } = await registerUser(testApp.app);
    const current = await signIn('/api/auth/login', body.username, body.password, false);
    await lastUsedAgo(idle, 2 * DAY_MS);
    await lastUsedAgo(current, 60 * MINUTE_MS);
    const idleBefore = (await sessionRow(idle)).lastActiveAt.getTime();

    await expect(testApp.app.authenticateToken(idle)).rejects.toMatchObject({ statusCode: 401, message: SESSION_EXPIRED.message });
    const list = await testApp.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(current) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ sessions: unknown[] }>().sessions).toHaveLength(1);

    // The open-connection keep-alive (every few minutes in production) leaves an idle session as it is.
    const stop = keepConnectedSessionsLive(testApp.db, () => [claimsOf(idle).jti, claimsOf(current).jti], (error) => {
      throw error;
    }, 20);
    // The live one is marked in use: the keep-alive did run, over both sessions.
    await vi.waitFor(async () => expect((await sessionRow(current)).lastActiveAt.getTime()).toBeGreaterThan(Date.now() - MINUTE_MS), { timeout: 10_000 });
    stop();
    expect((await sessionRow(idle)).lastActiveAt.getTime()).toBe(idleBefore);
    expect((await me(idle)).statusCode).toBe(401);
  });
});

describe('an admin session', () => {
  it('ends after half an hour without a request, even with remember me', async () => {
    const token = await signIn('/api/admin/login', TEST_ADMIN.username, TEST_ADMIN.password, true);
    await lastUsedAgo(token, 30 * MINUTE_MS + ACTIVITY_RECORD_INTERVAL_MS + MINUTE_MS);
    const idle = await adminStats(token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual(SESSION_EXPIRED);
  });

  it('is never cut off while in use, though use is written down only every few minutes', async () => {
    const token = await signIn('/api/admin/login', TEST_ADMIN.username, TEST_ADMIN.password, false);
    // The worst case: the last request was 29 minutes ago, and the one before it, written down, nearly five minutes earlier.
    await lastUsedAgo(token, 29 * MINUTE_MS + ACTIVITY_RECORD_INTERVAL_MS - 10_000);
    expect((await adminStats(token)).statusCode).toBe(200);
    // That request was written down: another half hour starts from now.
    expect((await sessionRow(token)).lastActiveAt.getTime()).toBeGreaterThan(Date.now() - MINUTE_MS);
    await lastUsedAgo(token, 20 * MINUTE_MS);
    expect((await adminStats(token)).statusCode).toBe(200);
  });
});
