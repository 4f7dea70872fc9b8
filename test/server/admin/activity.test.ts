import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../contract/admin/console';
import { recordAdminAction } from '../../../server/admin/queries/audit';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { expectAdminOnly, expectFieldError } from './admin-fixtures';

let testApp: TestApp;
let adminToken: string;
let member: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  member = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

function asAdmin(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return testApp.app.inject({ method, url, payload, headers: bearer(adminToken) });
}

async function activity(query = ''): Promise<ActivityEntry[]> {
  const response = await asAdmin('GET', `/api/admin/activity${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ activity: ActivityEntry[] }>().activity;
}

describe('GET /api/admin/activity', () => {
  it('starts empty and shows real actions newest first, with who acted and the target by name', async () => {
    expect(await activity()).toEqual([]);

    await asAdmin('POST', `/api/admin/user/${member.user._id}/ban`, { reason: 'Harassment reports' });
    const gift = (await asAdmin('POST', '/api/admin/gifts', { gift: { name: 'Comet', icon: '☄️', price: 15 } })).json<{ gift: { _id: string } }>().gift;
    await asAdmin('DELETE', `/api/admin/gifts/${gift._id}`);

    const entries = await activity();
    expect(entries.map((entry) => entry.action)).toEqual(['delete-gift', 'create-gift', 'ban']);
    expect(entries[2]).toMatchObject({
      action: 'ban',
      targetType: 'user',
      targetId: member.user._id,
      targetName: member.body.username,
      details: 'Harassment reports',
      admin: { username: TEST_ADMIN.username },
    });
    // A deleted item has no current name; its name stays in the details.
    expect(entries[0]).toMatchObject({ targetType: 'gift', targetName: null, details: 'Comet' });
    expect(Date.parse(entries[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(entries[2]?.createdAt ?? ''));
  });

  it('names targets that are not rows by their key', async () => {
    const [admin] = (await activity('?limit=1')).map((entry) => entry.admin);
    await recordAdminAction(testApp.db, { adminId: admin?._id ?? '', action: 'update-settings', targetType: 'settings', targetId: 'heroTitle' });
    const [latest] = await activity('?limit=1');
    expect(latest).toMatchObject({ action: 'update-settings', targetName: 'heroTitle', details: null });
  });

  it('honours the limit and rejects a bad one', async () => {
    expect(await activity('?limit=2')).toHaveLength(2);
    const tooMany = await asAdmin('GET', '/api/admin/activity?limit=1000');
    expect(tooMany.statusCode).toBe(400);
    expectFieldError(tooMany.body, 'limit', 'Limit must be at most 100');
  });

  it('is for admins only', async () => {
    const someone = await registerUser(testApp.app);
    await expectAdminOnly(testApp.app, { method: 'GET', url: '/api/admin/activity' }, someone.token);
  });
});
