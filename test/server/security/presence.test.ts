import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_TIMEOUT_MS, settlePresence } from '../../../server/auth/presence';
import { sessions, users } from '../../../server/db/schema';
import { insertPerson } from '../discovery/people-fixtures';
import { bearer, loginUser, registerUser } from '../helpers/accounts';
import { claimsOf } from '../helpers/forged-tokens';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let viewer: string;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await registerUser(testApp.app)).token;
});
afterAll(async () => {
  await testApp?.close();
});

/** What another member sees of this one: online, or when they were last active. */
async function seenByOthers(token: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/user/${claimsOf(token).sub}`, headers: bearer(viewer) });
  expect(response.statusCode, response.body).toBe(200);
  const { user } = response.json<{ user: { isOnline: boolean; profile: { lastSeen: string | null } } }>();
  return { online: user.isOnline, lastSeen: user.profile.lastSeen };
}

/** As if the session had last been used `ms` ago. */
async function sessionLastUsedAgo(token: string, ms: number) {
  await testApp.db.update(sessions).set({ lastActiveAt: new Date(Date.now() - ms) }).where(eq(sessions.id, claimsOf(token).jti));
}

const logout = (token: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

describe('who is online', () => {
  it('a member is online from sign-up until their session goes quiet, then shows when they were last active', async () => {
    const { token } = await registerUser(testApp.app);
    expect((await seenByOthers(token)).online).toBe(true);

    await sessionLastUsedAgo(token, PRESENCE_TIMEOUT_MS - 60_000);
    await settlePresence(testApp.db, new Date());
    expect((await seenByOthers(token)).online).toBe(true);

    await sessionLastUsedAgo(token, PRESENCE_TIMEOUT_MS + 1000);
    expect(await settlePresence(testApp.db, new Date())).toBeGreaterThanOrEqual(1);
    const away = await seenByOthers(token);
    expect(away.online).toBe(false);
    expect(away.lastSeen).not.toBeNull();
  });

  it('a quiet member is online again with their next request', async () => {
    const { token } = await registerUser(testApp.app);
    await sessionLastUsedAgo(token, PRESENCE_TIMEOUT_MS + 1000);
    await settlePresence(testApp.db, new Date());
    expect((await seenByOthers(token)).online).toBe(false);

    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(me.json<{ user: { isOnline: boolean } }>().user.isOnline).toBe(true);
    expect((await seenByOthers(token)).online).toBe(true);
  });

  it('logging out takes a member offline at once, unless another of their devices is in use', async () => {
    const { body, token: phone } = await registerUser(testApp.app);
    const laptop = await loginUser(testApp.app, body.username, body.password);
    expect((await logout(phone)).statusCode).toBe(200);
    expect((await seenByOthers(laptop)).online).toBe(true);

    expect((await logout(laptop)).statusCode).toBe(200);
    const [row] = await testApp.db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, claimsOf(laptop).sub));
    expect(row?.isOnline).toBe(false);
  });

  it('signing out the device in use from Settings is a logout too', async () => {
    const { token } = await registerUser(testApp.app);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
    const [current] = list.json<{ sessions: Array<{ id: string }> }>().sessions;
    const ended = await testApp.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${current?.id ?? ''}`, headers: bearer(token) });
    expect(ended.statusCode).toBe(200);
    const [row] = await testApp.db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, claimsOf(token).sub));
    expect(row?.isOnline).toBe(false);
  });

  it('a session that ran out keeps nobody online, however recently it was used', async () => {
    const { token } = await registerUser(testApp.app);
    await testApp.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, claimsOf(token).jti));
    await settlePresence(testApp.db, new Date());
    const [row] = await testApp.db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, claimsOf(token).sub));
    expect(row?.isOnline).toBe(false);
  });

  it('leaves alone an account that has never had a session (the seeded demo people)', async () => {
    const person = await insertPerson(testApp.db, { isOnline: true, lastSeenAt: new Date(Date.now() - 3 * PRESENCE_TIMEOUT_MS) });
    await settlePresence(testApp.db, new Date());
    const [row] = await testApp.db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, person.id));
    expect(row?.isOnline).toBe(true);
  });
});

describe('the server', () => {
  it('marks quiet members offline by itself', async () => {
    const sweeping = await createTestApp({ presenceSweepIntervalMs: 50 });
    try {
      const { token } = await registerUser(sweeping.app);
      await sweeping.db.update(sessions).set({ lastActiveAt: new Date(Date.now() - PRESENCE_TIMEOUT_MS - 1000) }).where(eq(sessions.id, claimsOf(token).jti));
      await expect
        .poll(async () => (await sweeping.db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, claimsOf(token).sub)))[0]?.isOnline, {
          timeout: 5000,
        })
        .toBe(false);
    } finally {
      await sweeping.close();
    }
  });
});
