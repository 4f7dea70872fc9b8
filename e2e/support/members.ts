import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/** New members made through the API, matched, each with a browser context of their own, for tests where people reach each other. */

export interface Member {
  id: string;
  /** Signs in with it and MEMBER_PASSWORD. */
  username: string;
  token: string;
  name: string;
}

/** Every member these helpers register signs in with it. */
export const MEMBER_PASSWORD = 'correct-horse-battery';

export async function registerMember(request: APIRequestContext, name: string): Promise<Member> {
  const username = `e2e_msg_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: MEMBER_PASSWORD, age: 31, gender: 'male', acceptTerms: true },
  });
  expect(registered.status()).toBe(201);
  const { token, user } = (await registered.json()) as { token: string; user: { _id: string } };
  const named = await request.patch('/api/user/me', { headers: { Authorization: `Bearer ${token}` }, data: { name, onboardingCompleted: true } });
  expect(named.ok()).toBe(true);
  return { id: user._id, username, token, name };
}

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password-2026' };

/** A signed-in admin's token, for the set-up only an admin can do. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** What an admin does on Manage Users: Make VIP (Gold, 30 days). */
export async function makeVip(request: APIRequestContext, member: Member): Promise<void> {
  const token = await adminToken(request);
  const granted = await request.post(`/api/admin/user/${member.id}/make-vip`, { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(granted.status(), await granted.text()).toBe(200);
}

/** Two members like each other: a match. */
export async function matchMembers(request: APIRequestContext, one: Member, other: Member): Promise<void> {
  for (const [from, to] of [[one, other], [other, one]] as const) {
    const liked = await request.post('/api/users/like', { headers: { Authorization: `Bearer ${from.token}` }, data: { targetId: to.id, type: 'like' } });
    expect(liked.ok()).toBe(true);
  }
}

export async function matchedPair(request: APIRequestContext): Promise<[Member, Member]> {
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const priya = await registerMember(request, `Priya ${suffix}`);
  const sam = await registerMember(request, `Sam ${suffix}`);
  await matchMembers(request, priya, sam);
  return [priya, sam];
}

/**
 * A member's own browser. `origin` lets a test use 127.0.0.1 rather than
 * localhost: socket.io's client ignores the browser's offline event on a host
 * called localhost, and a real member is never on one.
 */
export async function memberPage(browser: Browser, member: Member, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(baseURL ? { baseURL } : {}) });
  await context.addInitScript((value) => window.localStorage.setItem('user_token', value), member.token);
  return context.newPage();
}

/** Resolves once the page's realtime connection is let in: socket.io's answer to joining ("40…") on its WebSocket. */
export function realtimeJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/api/realtime/')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      });
    });
  });
}
