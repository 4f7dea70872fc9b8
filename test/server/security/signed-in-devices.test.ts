import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common';
import { signedInDevicesResponseSchema, SIGNED_IN_DEVICES_SHOWN, type SignedInDevicesResponse } from '../../../contract/auth/sessions';
import { USER_AGENT_MAX_LENGTH } from '../../../server/auth/session-token';
import { sessions } from '../../../server/db/schema';
import { bearer, loginAdmin, newRegistration } from '../helpers/accounts';
import { claimsOf } from '../helpers/forged-tokens';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPAD_SAFARI = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SESSION_ALREADY_ENDED = { success: false, message: 'That session has already ended' };

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function register(userAgent: string) {
  const body = newRegistration();
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { 'user-agent': userAgent } });
  expect(response.statusCode, response.body).toBe(201);
  return { body, token: response.json<{ token: string }>().token };
}
async function login(username: string, password: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}
const list = (token?: string) => testApp.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: token ? bearer(token) : {} });
const end = (token: string, id: string) => testApp.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });
const me = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

async function devices(token: string): Promise<SignedInDevicesResponse> {
  const response = await list(token);
  expect(response.statusCode, response.body).toBe(200);
  return signedInDevicesResponseSchema.parse(response.json());
}
async function handleOf(token: string): Promise<string> {
  const [row] = await testApp.db.select({ handle: sessions.handle }).from(sessions).where(eq(sessions.id, claimsOf(token).jti));
  if (!row) throw new Error('no session row');
  return row.handle;
}

describe('GET /api/auth/sessions', () => {
  it('lists where the account is signed in, this device first, by browser and system, and nothing of other accounts', async () => {
    const { body, token: phone } = await register(ANDROID_CHROME);
    const laptop = await login(body.username, body.password, { 'user-agent': WINDOWS_FIREFOX });
    const tablet = await login(body.username, body.password, { 'user-agent': IPAD_SAFARI });
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(tablet) });
    const stranger = await register(ANDROID_CHROME);

    const response = await list(phone);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = signedInDevicesResponseSchema.parse(response.json());
    expect(answer.total).toBe(2);
    expect(answer.sessions.map(({ browser, os, kind, current }) => ({ browser, os, kind, current }))).toEqual([
      { browser: 'Chrome', os: 'Android', kind: 'mobile', current: true },
      { browser: 'Firefox', os: 'Windows', kind: 'desktop', current: false },
    ]);
    expect(answer.sessions.map((session) => session.id)).toEqual([await handleOf(phone), await handleOf(laptop)]);
    const [first] = answer.sessions;
    expect(Date.parse(first?.expiresAt ?? '') - Date.parse(first?.signedInAt ?? '')).toBe(24 * 60 * 60 * 1000);

    // The token ids (jti) stay private, and the stranger's session is not there.
    for (const token of [phone, laptop, tablet, stranger.token]) expect(response.body).not.toContain(claimsOf(token).jti);
    expect(response.body).not.toContain(await handleOf(stranger.token));
    // From the laptop, the laptop is "this device".
    expect((await devices(laptop)).sessions.map((session) => session.current)).toEqual([true, false]);
  });

  it('puts the most recently used first after this device, whenever each signed in', async () => {
    const { body, token: phone } = await register(ANDROID_CHROME);
    const laptop = await login(body.username, body.password, { 'user-agent': WINDOWS_FIREFOX });
    const tablet = await login(body.username, body.password, { 'user-agent': IPAD_SAFARI });
    // The tablet signed in last but has not been used for an hour; the laptop was used ten minutes ago.
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await testApp.db.update(sessions).set({ lastActiveAt: ago(60) }).where(eq(sessions.id, claimsOf(tablet).jti));
    await testApp.db.update(sessions).set({ lastActiveAt: ago(10) }).where(eq(sessions.id, claimsOf(laptop).jti));
    const answer = await devices(phone);
    expect(answer.sessions.map((session) => session.browser)).toEqual(['Chrome', 'Firefox', 'Safari']);
    expect(answer.sessions.map((session) => Date.parse(session.lastActiveAt) <= Date.now())).toEqual([true, true, true]);
  });

  it('keeps no more of the User-Agent than it needs, and shows a session without one as unknown', async () => {
    const { body } = await register('x'.repeat(USER_AGENT_MAX_LENGTH + 100));
    const withoutAgent = await login(body.username, body.password, { 'user-agent': '' });
    const stored = await testApp.db.select({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, claimsOf(withoutAgent).sub));
    expect(stored.map((row) => row.userAgent?.length ?? null).sort()).toEqual([USER_AGENT_MAX_LENGTH, null]);
    const [current] = (await devices(withoutAgent)).sessions;
    expect(current).toMatchObject({ browser: null, os: null, kind: null, current: true });
  });

  it('lists the newest 50 and counts them all', async () => {
    const { token } = await register(ANDROID_CHROME);
    const userId = claimsOf(token).sub;
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
    await testApp.db.insert(sessions).values(
      Array.from({ length: SIGNED_IN_DEVICES_SHOWN + 5 }, (_, index) => ({
        id: randomUUID(),
        userId,
        createdAt: new Date(Date.now() - (index + 1) * 60 * 1000),
        lastActiveAt: new Date(Date.now() - (index + 1) * 60 * 1000),
        expiresAt,
        userAgent: WINDOWS_FIREFOX,
      })),
    );
    const answer = await devices(token);
    expect(answer.total).toBe(SIGNED_IN_DEVICES_SHOWN + 6);
    expect(answer.sessions).toHaveLength(SIGNED_IN_DEVICES_SHOWN);
    expect(answer.sessions[0]?.current).toBe(true);
    const used = answer.sessions.slice(1).map((session) => Date.parse(session.lastActiveAt));
    expect(used).toEqual([...used].sort((a, b) => b - a));
  });

  it('shows an admin their own sessions, and needs a live session', async () => {
    const admin = await loginAdmin(testApp.app);
    expect((await devices(admin)).sessions[0]?.current).toBe(true);
    const missing = await list();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ success: false, message: 'Authentication required' });
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it('ends that one session at once and leaves the others signed in', async () => {
    const { body, token: phone } = await register(ANDROID_CHROME);
    const laptop = await login(body.username, body.password, { 'user-agent': WINDOWS_FIREFOX });
    const tablet = await login(body.username, body.password, { 'user-agent': IPAD_SAFARI });

    const response = await end(phone, await handleOf(laptop));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Signed out of that device' });
    const laptopAfter = await me(laptop);
    expect(laptopAfter.statusCode).toBe(401);
    expect(laptopAfter.json()).toEqual({ success: false, message: 'This device was signed out from another one, please sign in again' });
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(tablet)).statusCode).toBe(200);
    expect((await devices(phone)).sessions.map((session) => session.os)).toEqual(['Android', 'iOS']);

    // Ending it again reads like any unknown session.
    const again = await end(phone, await handleOf(laptop));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(SESSION_ALREADY_ENDED);
  });

  it('answers someone else\'s, an unknown and an expired session alike, and ends none of them', async () => {
    const owner = await register(ANDROID_CHROME);
    const other = await register(ANDROID_CHROME);
    const expired = await login(owner.body.username, owner.body.password);
    await testApp.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, claimsOf(expired).jti));

    for (const handle of [await handleOf(other.token), randomUUID(), await handleOf(expired), claimsOf(owner.token).jti]) {
      const response = await end(owner.token, handle);
      expect(response.statusCode, handle).toBe(404);
      expect(response.json()).toEqual(SESSION_ALREADY_ENDED);
    }
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await me(owner.token)).statusCode).toBe(200);
  });

  it('refuses an id that is not a session handle with a 400', async () => {
    const { token } = await register(ANDROID_CHROME);
    const response = await end(token, 'not-a-uuid');
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.errors).toContainEqual({ field: 'id', message: 'Invalid id' });
  });

  it('signs the caller out when it names the calling session', async () => {
    const { token } = await register(ANDROID_CHROME);
    expect((await end(token, await handleOf(token))).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });
});
