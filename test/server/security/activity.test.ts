import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_RECORD_INTERVAL_MS } from '../../../server/auth/activity';
import { sessions, users } from '../../../server/db/schema';
import { bearer, loginUser, registerUser } from '../helpers/accounts';
import { claimsOf } from '../helpers/forged-tokens';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const me = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

async function stamps(token: string) {
  const { jti, sub } = claimsOf(token);
  const [session] = await testApp.db.select({ lastActiveAt: sessions.lastActiveAt }).from(sessions).where(eq(sessions.id, jti));
  const [user] = await testApp.db.select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, sub));
  return { sessionActive: session?.lastActiveAt.getTime(), userSeen: user?.lastSeenAt?.getTime() };
}

/** Moves the session's and the member's clocks back, as if they had last been used `ms` ago. */
async function lastUsedAgo(token: string, ms: number) {
  const { jti, sub } = claimsOf(token);
  const then = new Date(Date.now() - ms);
  await testApp.db.update(sessions).set({ lastActiveAt: then }).where(eq(sessions.id, jti));
  await testApp.db.update(users).set({ lastSeenAt: then }).where(eq(users.id, sub));
  return then.getTime();
}

describe('a signed-in member\'s activity', () => {
  it('is written down when the session was last used five minutes ago or more: the session and the member\'s "last active"', async () => {
    const { token } = await registerUser(testApp.app);
    await lastUsedAgo(token, ACTIVITY_RECORD_INTERVAL_MS + 1000);
    const before = Date.now();
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    const after = await stamps(token);
    expect(after.sessionActive).toBeGreaterThanOrEqual(before);
    expect(after.userSeen).toBe(after.sessionActive);
    // The answer already carries it.
    expect(Date.parse(response.json<{ user: { profile: { lastSeen: string } } }>().user.profile.lastSeen)).toBe(after.userSeen);
  });

  it('is not written again within five minutes, so reads stay reads', async () => {
    const { token } = await registerUser(testApp.app);
    const then = await lastUsedAgo(token, ACTIVITY_RECORD_INTERVAL_MS - 60_000);
    expect((await me(token)).statusCode).toBe(200);
    expect(await stamps(token)).toEqual({ sessionActive: then, userSeen: then });
  });

  it('moves only the session used, and never moves the member\'s "last active" back', async () => {
    const { body, token: phone } = await registerUser(testApp.app);
    const laptop = await loginUser(testApp.app, body.username, body.password);
    const phoneThen = await lastUsedAgo(phone, 2 * ACTIVITY_RECORD_INTERVAL_MS);
    // The laptop is the member's latest activity, a minute from now (a clock a little ahead).
    const ahead = new Date(Date.now() + 60_000);
    await testApp.db.update(users).set({ lastSeenAt: ahead }).where(eq(users.id, claimsOf(phone).sub));
    await me(phone);
    const phoneAfter = await stamps(phone);
    expect(phoneAfter.sessionActive).toBeGreaterThan(phoneThen);
    expect(phoneAfter.userSeen).toBe(ahead.getTime());
    const [laptopRow] = await testApp.db.select({ lastActiveAt: sessions.lastActiveAt }).from(sessions).where(eq(sessions.id, claimsOf(laptop).jti));
    expect(laptopRow?.lastActiveAt.getTime()).toBeLessThan(phoneAfter.sessionActive ?? 0);
  });

  it('is not written for a request the session no longer opens', async () => {
    const { token } = await registerUser(testApp.app);
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    const then = await lastUsedAgo(token, 2 * ACTIVITY_RECORD_INTERVAL_MS);
    expect((await me(token)).statusCode).toBe(401);
    expect(await stamps(token)).toEqual({ sessionActive: then, userSeen: then });
  });
});
