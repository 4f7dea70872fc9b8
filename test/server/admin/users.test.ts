import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminUser, AdminUserListResponse } from '../../../contract/admin/console';
import { users } from '../../../server/db/schema';
import { bannedMessage } from '../../../server/plugins/auth';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { expectAdminOnly, expectFieldError, latestAuditEntry, UNKNOWN_ID } from './admin-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

let testApp: TestApp;
let adminToken: string;
let adminId: string;
let member: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  const [admin] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username));
  adminId = admin?.id ?? '';
  member = await registerUser(testApp.app, { username: `searchable_${Date.now().toString(36)}` });
});
afterAll(() => testApp.close());

function asAdmin(method: 'GET' | 'POST', url: string, payload?: object) {
  return testApp.app.inject({ method, url, payload, headers: bearer(adminToken) });
}

async function listUsers(query: string): Promise<AdminUserListResponse> {
  const response = await asAdmin('GET', `/api/admin/users?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUserListResponse>();
}

describe('GET /api/admin/users', () => {
  it('pages member accounts newest first, 10 a page by default, without admins or secrets', async () => {
    for (let index = 0; index < 11; index++) await registerUser(testApp.app);
    const first = await listUsers('');
    expect(first.users).toHaveLength(10);
    expect(first.total).toBe(12);
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2 });
    expect(first.users.every((user) => user.role === 'user')).toBe(true);
    const createdTimes = first.users.map((user) => Date.parse(user.createdAt));
    expect(createdTimes).toEqual([...createdTimes].sort((a, b) => b - a));
    expect(JSON.stringify(first)).not.toMatch(/passwordHash|password_hash|tokenVersion|argon2/);

    const second = await listUsers('page=2&limit=10');
    expect(second.users).toHaveLength(2);
    expect(second.currentPage).toBe(2);
    const ids = new Set([...first.users, ...second.users].map((user) => user._id));
    expect(ids.size).toBe(12);
  });

  it('searches usernames and emails case-insensitively, with % and _ taken literally', async () => {
    const byName = await listUsers(`search=${member.body.username.toUpperCase()}`);
    expect(byName.users.map((user) => user.username)).toEqual([member.body.username]);
    const byEmail = await listUsers(`search=${encodeURIComponent(member.body.email)}`);
    expect(byEmail.users.map((user) => user._id)).toEqual([member.user._id]);
    expect((await listUsers('search=%25')).total).toBe(0);
    // "_" would match any character as a LIKE wildcard; literally it matches names that contain it.
    const underscored = await listUsers('search=_&limit=100');
    expect(underscored.users.every((user) => user.username.includes('_') || user.email.includes('_'))).toBe(true);
  });

  it('filters banned and VIP members (expired VIP is not VIP)', async () => {
    const banned = await registerUser(testApp.app);
    const vip = await registerUser(testApp.app);
    const lapsed = await registerUser(testApp.app);
    await testApp.db.update(users).set({ isBanned: true, banReason: 'spam' }).where(eq(users.id, banned.user._id));
    await testApp.db.update(users).set({ isVip: true, vipUntil: new Date(Date.now() + DAY_MS) }).where(eq(users.id, vip.user._id));
    await testApp.db.update(users).set({ isVip: true, vipUntil: new Date(Date.now() - DAY_MS) }).where(eq(users.id, lapsed.user._id));

    expect((await listUsers('filter=banned')).users.map((user) => user._id)).toEqual([banned.user._id]);
    const vips = await listUsers('filter=vip');
    expect(vips.users.map((user) => user._id)).toEqual([vip.user._id]);
    expect(vips.users[0]).toMatchObject({ isVIP: true });
    const all = await listUsers('filter=all&limit=100');
    expect(all.users.find((user) => user._id === lapsed.user._id)).toMatchObject({ isVIP: false, vipUntil: null });
  });

  it('rejects bad paging and filters with clear messages', async () => {
    const badPage = await asAdmin('GET', '/api/admin/users?page=0');
    expect(badPage.statusCode).toBe(400);
    expectFieldError(badPage.body, 'page', 'Page must be at least 1');
    const badLimit = await asAdmin('GET', '/api/admin/users?limit=500');
    expect(badLimit.statusCode).toBe(400);
    expectFieldError(badLimit.body, 'limit', 'Limit must be at most 100');
    const badFilter = await asAdmin('GET', '/api/admin/users?filter=deleted');
    expect(badFilter.statusCode).toBe(400);
    expectFieldError(badFilter.body, 'filter', 'Filter must be all, banned or vip');
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: '/api/admin/users' }, member.token);
  });
});

describe('GET /api/admin/user/:id', () => {
  it('reads one account', async () => {
    const response = await asAdmin('GET', `/api/admin/user/${member.user._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: AdminUser }>().user).toMatchObject({ _id: member.user._id, username: member.body.username, isBanned: false });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await asAdmin('GET', `/api/admin/user/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'User not found' });
    const malformed = await asAdmin('GET', '/api/admin/user/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expectFieldError(malformed.body, 'id', 'Invalid id');
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: `/api/admin/user/${member.user._id}` }, member.token);
  });
});

describe('POST /api/admin/user/:id/ban and /unban', () => {
  it('bans with a reason, ends the sessions, shows the reason at sign-in, and unbans', async () => {
    const person = await registerUser(testApp.app);
    const banned = await asAdmin('POST', `/api/admin/user/${person.user._id}/ban`, { reason: '  Sending spam links  ' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json<{ user: AdminUser }>().user).toMatchObject({ isBanned: true, banReason: 'Sending spam links' });
    const [row] = await testApp.db.select().from(users).where(eq(users.id, person.user._id));
    expect(row?.tokenVersion).toBe(1);

    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(person.token) });
    expect(me.statusCode).toBe(401);
    const login = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: person.body.username, password: person.body.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ success: false, message: bannedMessage('Sending spam links') });
    expect(await latestAuditEntry(testApp.db)).toMatchObject({ adminId, action: 'ban', targetType: 'user', targetId: person.user._id, details: 'Sending spam links' });

    const again = await asAdmin('POST', `/api/admin/user/${person.user._id}/ban`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(`${person.body.username} is already banned`);

    const unbanned = await asAdmin('POST', `/api/admin/user/${person.user._id}/unban`);
    expect(unbanned.statusCode, unbanned.body).toBe(200);
    expect(unbanned.json<{ user: AdminUser; message: string }>()).toMatchObject({
      message: `${person.body.username} has been unbanned`,
      user: { isBanned: false, banReason: null },
    });
    expect(await latestAuditEntry(testApp.db)).toMatchObject({ action: 'unban', targetId: person.user._id });
    const loginAgain = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: person.body.username, password: person.body.password } });
    expect(loginAgain.statusCode).toBe(200);

    const notBanned = await asAdmin('POST', `/api/admin/user/${person.user._id}/unban`);
    expect(notBanned.statusCode).toBe(409);
  });

  it('requires a reason', async () => {
    for (const payload of [{}, { reason: '   ' }]) {
      const response = await asAdmin('POST', `/api/admin/user/${member.user._id}/ban`, payload);
      expect(response.statusCode).toBe(400);
      expectFieldError(response.body, 'reason', 'A reason is required to ban a user');
    }
    const extra = await asAdmin('POST', `/api/admin/user/${member.user._id}/ban`, { reason: 'x', permanent: true });
    expect(extra.statusCode).toBe(400);
    expectFieldError(extra.body, 'permanent', 'Unknown field');
  });

  it('refuses to ban an admin or an unknown id', async () => {
    const admin = await asAdmin('POST', `/api/admin/user/${adminId}/ban`, { reason: 'oops' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ success: false, message: 'Admin accounts cannot be banned' });
    const unknown = await asAdmin('POST', `/api/admin/user/${UNKNOWN_ID}/ban`, { reason: 'who' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'User not found' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'POST', url: `/api/admin/user/${member.user._id}/ban`, payload: { reason: 'x' } }, member.token);
    await expectAdminOnly(testApp.app, { method: 'POST', url: `/api/admin/user/${member.user._id}/unban` }, member.token);
  });
});

describe('POST /api/admin/user/:id/make-vip and /remove-vip', () => {
  it('grants the Gold plan for 30 days by default, and removes it', async () => {
    const person = await registerUser(testApp.app);
    const before = Date.now();
    const granted = await asAdmin('POST', `/api/admin/user/${person.user._id}/make-vip`, {});
    expect(granted.statusCode, granted.body).toBe(200);
    const user = granted.json<{ user: AdminUser }>().user;
    expect(user).toMatchObject({ isVIP: true, vipTier: 'Gold' });
    const days = (Date.parse(user.vipUntil ?? '') - before) / DAY_MS;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect(await latestAuditEntry(testApp.db)).toMatchObject({ action: 'make-vip', targetId: person.user._id });

    // Without any body at all, too.
    const noBody = await asAdmin('POST', `/api/admin/user/${member.user._id}/make-vip`);
    expect(noBody.statusCode, noBody.body).toBe(200);

    const removed = await asAdmin('POST', `/api/admin/user/${person.user._id}/remove-vip`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ user: AdminUser }>().user).toMatchObject({ isVIP: false, vipTier: null, vipUntil: null });
    expect(await latestAuditEntry(testApp.db)).toMatchObject({ action: 'remove-vip', targetId: person.user._id });
    const again = await asAdmin('POST', `/api/admin/user/${person.user._id}/remove-vip`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(`${person.body.username} is not VIP`);
  });

  it('grants a chosen plan for its length, or a number of days, extending a running membership', async () => {
    const person = await registerUser(testApp.app);
    const plans = (await asAdmin('GET', '/api/admin/vipplans')).json<{ vipPlans: Array<{ _id: string; name: string; duration: number }> }>().vipPlans;
    const platinum = plans.find((plan) => plan.name === 'Platinum');
    expect(platinum?.duration).toBe(90);
    const first = (await asAdmin('POST', `/api/admin/user/${person.user._id}/make-vip`, { planId: platinum?._id })).json<{ user: AdminUser }>().user;
    expect(first.vipTier).toBe('Platinum');
    const extended = (await asAdmin('POST', `/api/admin/user/${person.user._id}/make-vip`, { days: 10 })).json<{ user: AdminUser }>().user;
    expect((Date.parse(extended.vipUntil ?? '') - Date.parse(first.vipUntil ?? '')) / DAY_MS).toBeCloseTo(10, 5);
  });

  it('validates the plan and the days', async () => {
    const url = `/api/admin/user/${member.user._id}/make-vip`;
    const zero = await asAdmin('POST', url, { days: 0 });
    expect(zero.statusCode).toBe(400);
    expectFieldError(zero.body, 'days', 'Duration must be between 1 and 3650 days');
    const both = await asAdmin('POST', url, { days: 5, planId: UNKNOWN_ID });
    expect(both.statusCode).toBe(400);
    expectFieldError(both.body, 'days', 'Send either planId or days, not both');
    const unknownPlan = await asAdmin('POST', url, { planId: UNKNOWN_ID });
    expect(unknownPlan.statusCode).toBe(404);
    expect(unknownPlan.json<{ message: string }>().message).toBe('VIP plan not found');
    const admin = await asAdmin('POST', `/api/admin/user/${adminId}/make-vip`, {});
    expect(admin.statusCode).toBe(403);
    const unknownUser = await asAdmin('POST', `/api/admin/user/${UNKNOWN_ID}/remove-vip`);
    expect(unknownUser.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'POST', url: `/api/admin/user/${member.user._id}/make-vip`, payload: {} }, member.token);
    await expectAdminOnly(testApp.app, { method: 'POST', url: `/api/admin/user/${member.user._id}/remove-vip` }, member.token);
  });
});
