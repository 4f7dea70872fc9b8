import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminReportListResponseSchema, type AdminReportListResponse } from '../../../contract/admin/reports';
import type { ReportReason } from '../../../contract/safety';
import { adminAuditLog, userReports, users } from '../../../server/db/schema';
import { insertPerson } from '../discovery/people-fixtures';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { expectAdminOnly, expectFieldError, latestAuditEntry, UNKNOWN_ID } from './admin-fixtures';

const MINUTE_MS = 60_000;

let testApp: TestApp;
let adminToken: string;
let adminId: string;
let member: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  const [admin] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username));
  adminId = admin?.id ?? '';
  member = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

function asAdmin(method: 'GET' | 'POST', url: string) {
  return testApp.app.inject({ method, url, headers: bearer(adminToken) });
}

async function listReports(query: string): Promise<AdminReportListResponse> {
  const response = await asAdmin('GET', `/api/admin/reports${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminReportListResponseSchema.parse(response.json());
}

async function fileReport(reporterId: string, reportedId: string, minutesAgo: number, reason: ReportReason = 'scam'): Promise<string> {
  const [reported] = await testApp.db.select({ username: users.username }).from(users).where(eq(users.id, reportedId));
  const [row] = await testApp.db
    .insert(userReports)
    .values({
      reporterId,
      reportedId,
      reportedUsername: reported?.username ?? '',
      reason,
      details: `Filed ${minutesAgo} minutes ago`,
      createdAt: new Date(Date.now() - minutesAgo * MINUTE_MS),
    })
    .returning({ id: userReports.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

describe('GET /api/admin/reports and POST /api/admin/reports/:id/resolve', () => {
  // One world for the file: the queue is shared, so the tests read it in order.
  let suspect: string;
  let bystander: string;
  let reporters: string[];
  let ids: { oldest: string; middle: string; newest: string; other: string };

  beforeAll(async () => {
    suspect = (await insertPerson(testApp.db, { name: 'Sam Suspect', avatar: '', isBanned: true, banReason: 'x', bannedAt: new Date() })).id;
    bystander = (await insertPerson(testApp.db, { name: '' })).id;
    reporters = [];
    for (let index = 0; index < 3; index += 1) reporters.push((await insertPerson(testApp.db, { name: `Reporter ${index}` })).id);
    ids = {
      oldest: await fileReport(reporters[0] ?? '', suspect, 30, 'harassment'),
      middle: await fileReport(reporters[1] ?? '', bystander, 20),
      newest: await fileReport(reporters[2] ?? '', suspect, 10, 'fake_profile'),
      other: await fileReport(reporters[1] ?? '', suspect, 5, 'other'),
    };
  });

  it('lists open reports newest first, each with both people and the open reports against the reported person', async () => {
    const page = await listReports('');
    expect(page).toMatchObject({ success: true, currentPage: 1, totalPages: 1, total: 4 });
    expect(page.reports.map((report) => report._id)).toEqual([ids.other, ids.newest, ids.middle, ids.oldest]);
    const newest = page.reports[1];
    expect(newest).toMatchObject({
      reason: 'fake_profile',
      reasonLabel: 'Fake profile or impersonation',
      details: 'Filed 10 minutes ago',
      status: 'open',
      resolvedAt: null,
      reporter: { _id: reporters[2], name: 'Reporter 2' },
      reported: { _id: suspect, name: 'Sam Suspect', isBanned: true },
      openReportsAgainst: 3,
    });
    expect(newest?.reported.avatar).not.toBe('');
    const aboutBystander = page.reports[2];
    expect(aboutBystander?.openReportsAgainst).toBe(1);
    // No name: the username stands in.
    expect(aboutBystander?.reported.name).toBe(aboutBystander?.reported.username);
    expect(JSON.stringify(page)).not.toMatch(/email|passwordHash|password_hash|argon2/);
  });

  it('pages the queue', async () => {
    const first = await listReports('limit=3');
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, total: 4 });
    expect(first.reports).toHaveLength(3);
    const second = await listReports('limit=3&page=2');
    expect(second.reports.map((report) => report._id)).toEqual([ids.oldest]);
    expect((await listReports('limit=3&page=3')).reports).toEqual([]);
  });

  it('resolves a report once, with an audit entry; resolving again changes nothing', async () => {
    const response = await asAdmin('POST', `/api/admin/reports/${ids.newest}/resolve`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Report resolved' });
    const [stored] = await testApp.db.select().from(userReports).where(eq(userReports.id, ids.newest));
    expect(stored).toMatchObject({ status: 'resolved', resolvedBy: adminId });
    expect(stored?.resolvedAt).toBeInstanceOf(Date);
    expect(await latestAuditEntry(testApp.db)).toMatchObject({
      adminId,
      action: 'resolve-report',
      targetType: 'report',
      targetId: ids.newest,
      details: 'Fake profile or impersonation',
    });

    const again = await asAdmin('POST', `/api/admin/reports/${ids.newest}/resolve`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: 'Report resolved' });
    const [unchanged] = await testApp.db.select().from(userReports).where(eq(userReports.id, ids.newest));
    expect(unchanged?.resolvedAt).toEqual(stored?.resolvedAt);
    expect(await testApp.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, ids.newest))).toHaveLength(1);
  });

  it('names the reported person in the activity feed', async () => {
    const response = await asAdmin('GET', '/api/admin/activity?limit=5');
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = response.json<{ activity: Array<{ action: string; targetName: string | null }> }>().activity;
    const [suspectRow] = await testApp.db.select({ username: users.username }).from(users).where(eq(users.id, suspect));
    expect(entry).toMatchObject({ action: 'resolve-report', targetName: suspectRow?.username });
  });

  it('moves resolved reports out of the open queue and counts only open ones', async () => {
    await asAdmin('POST', `/api/admin/reports/${ids.oldest}/resolve`);
    const open = await listReports('status=open');
    expect(open.total).toBe(2);
    expect(open.reports.map((report) => report._id)).toEqual([ids.other, ids.middle]);
    expect(open.reports[0]?.openReportsAgainst).toBe(1);

    // Most recently resolved first, whatever the order they were filed in.
    const resolved = await listReports('status=resolved');
    expect(resolved.total).toBe(2);
    expect(resolved.reports.map((report) => report._id)).toEqual([ids.oldest, ids.newest]);
    expect(resolved.reports.every((report) => report.status === 'resolved' && report.resolvedAt !== null)).toBe(true);
  });

  it('shows a report filed through the member API', async () => {
    const target = await registerUser(testApp.app);
    const filed = await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${target.user._id}/report`,
      headers: bearer(member.token),
      payload: { reason: 'underage', details: 'Says 16 in the bio' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const [first] = (await listReports('')).reports;
    expect(first).toMatchObject({
      reason: 'underage',
      reasonLabel: 'Appears to be under 18',
      details: 'Says 16 in the bio',
      reporter: { _id: member.user._id, username: member.body.username },
      reported: { _id: target.user._id, username: target.body.username, isBanned: false },
      openReportsAgainst: 1,
    });
  });
});

describe('banning from the queue', () => {
  it('resolves every open report about the banned member, and only theirs, in the same step', async () => {
    const accused = (await insertPerson(testApp.db, { name: 'Accused Person' })).id;
    const neighbour = (await insertPerson(testApp.db, { name: 'Neighbour' })).id;
    const first = (await insertPerson(testApp.db, { name: 'First Reporter' })).id;
    const second = (await insertPerson(testApp.db, { name: 'Second Reporter' })).id;
    const aboutAccused = [await fileReport(first, accused, 3, 'harassment'), await fileReport(second, accused, 2, 'scam')];
    const aboutNeighbour = await fileReport(first, neighbour, 1);

    const ban = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${accused}/ban`, headers: bearer(adminToken), payload: { reason: 'Scamming members' } });
    expect(ban.statusCode, ban.body).toBe(200);
    const username = ban.json<{ user: { username: string } }>().user.username;
    expect(ban.json()).toMatchObject({ success: true, message: `${username} has been banned; 2 open reports about them were resolved` });

    const rows = await testApp.db.select().from(userReports).where(eq(userReports.reportedId, accused));
    expect(rows.map((row) => row.id).sort()).toEqual([...aboutAccused].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'resolved', resolvedBy: adminId });
      expect(row.resolvedAt).toBeInstanceOf(Date);
    }
    const open = await listReports('status=open');
    expect(open.reports.map((report) => report._id)).toContain(aboutNeighbour);
    expect(open.reports.some((report) => report.reported._id === accused)).toBe(false);
    // One audit entry: the ban, with its reason.
    expect(await latestAuditEntry(testApp.db)).toMatchObject({ action: 'ban', targetId: accused, details: 'Scamming members' });
  });

  it('says nothing about reports when there were none, and one report in the singular', async () => {
    const quiet = (await insertPerson(testApp.db, { name: 'Never Reported' })).id;
    const quietBan = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${quiet}/ban`, headers: bearer(adminToken), payload: { reason: 'Spam' } });
    expect(quietBan.json<{ message: string }>().message).toMatch(/ has been banned$/);

    const once = (await insertPerson(testApp.db, { name: 'Reported Once' })).id;
    await fileReport(member.user._id, once, 1);
    const onceBan = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${once}/ban`, headers: bearer(adminToken), payload: { reason: 'Spam' } });
    expect(onceBan.json<{ message: string }>().message).toMatch(/ has been banned; 1 open report about them was resolved$/);
  });
});

describe('bad requests', () => {
  it('answers 404 for an unknown report and 400 for a malformed id', async () => {
    const unknown = await asAdmin('POST', `/api/admin/reports/${UNKNOWN_ID}/resolve`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Report not found' });
    expect((await asAdmin('POST', '/api/admin/reports/nope/resolve')).statusCode).toBe(400);
  });

  it('rejects an unknown status and bad paging', async () => {
    const status = await asAdmin('GET', '/api/admin/reports?status=closed');
    expect(status.statusCode).toBe(400);
    expectFieldError(status.body, 'status', 'Status must be open or resolved');
    expect((await asAdmin('GET', '/api/admin/reports?page=0')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/reports?limit=1000')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/reports?sort=name')).statusCode).toBe(400);
  });

  it('is for admins only: 401 without a token, 403 for a member', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: '/api/admin/reports' }, member.token);
    await expectAdminOnly(testApp.app, { method: 'POST', url: `/api/admin/reports/${UNKNOWN_ID}/resolve` }, member.token);
  });
});
