import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityResponseSchema, withdrawalListResponseSchema } from '../../../contract/admin/console';
import { adminReportListResponseSchema } from '../../../contract/admin/reports';
import { ACCOUNT_DELETED_MESSAGE, CURRENT_PASSWORD_INCORRECT, INVALID_CREDENTIALS, PAYOUT_PENDING_MESSAGE, sessionChangeResponseSchema } from '../../../contract/auth/sign-in';
import { errorBodySchema } from '../../../contract/common';
import { matchesResponseSchema } from '../../../contract/discovery';
import { likes, matches, purchases, sessions, signInFailures, userBlocks, users, withdrawals } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { outboxMessages } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOO_MANY_WRONG = /^Too many wrong passwords for this account, please try again in \d+ (seconds?|minutes?)$/;
const PASSWORD_MISSING = 'Enter your password to delete your account';
/** Wrong passwords per account from unknown devices, as sign-in counts them; small so the limiter test stays quick, and no other test here tries more than twice per account. */
const GUESSES_PER_ACCOUNT = 3;

let testApp: TestApp;
let adminToken: string;

beforeAll(async () => {
  testApp = await createTestApp({ rateLimits: { signInFailuresPerAccount: { max: GUESSES_PER_ACCOUNT, windowMs: 60_000 } } });
  adminToken = await loginAdmin(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

function deleteAccount(token: string | null, payload?: object) {
  return testApp.app.inject({
    method: 'DELETE',
    url: '/api/auth/account',
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
}
function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
const login = (username: string, password: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const getMe = (token: string) => call('GET', '/api/user/me', token);

async function matchIds(token: string): Promise<string[]> {
  const response = await call('GET', '/api/matches', token);
  expect(response.statusCode, response.body).toBe(200);
  return matchesResponseSchema.parse(response.json()).matches.map((match) => match.id);
}

async function openReports() {
  const response = await call('GET', '/api/admin/reports?status=open&limit=100', adminToken);
  expect(response.statusCode, response.body).toBe(200);
  return adminReportListResponseSchema.parse(response.json()).reports;
}

/** The wrong passwords and codes counted against a member's account. */
function failuresCountedFor(member: RegisteredUser) {
  return testApp.db
    .select({ key: signInFailures.accountKey })
    .from(signInFailures)
    .where(inArray(signInFailures.accountKey, [`user:${member.body.username.toLowerCase()}`, `totp:${member.user._id}`]));
}

describe('DELETE /api/auth/account', () => {
  it('deletes the account: its tokens stop working, the old password no longer signs in, and the username is free again', async () => {
    const member = await registerUser(testApp.app);
    const bystander = await registerUser(testApp.app);
    const otherDevice = (await login(member.body.username, member.body.password)).json<{ token: string }>().token;
    expect((await login(member.body.username, 'not-the-password')).statusCode).toBe(401);
    await testApp.app.mailer.idle();
    expect(outboxMessages(testApp.outboxDir, member.body.email)).not.toEqual([]);
    expect(await failuresCountedFor(member)).not.toEqual([]);

    const response = await deleteAccount(member.token, { password: member.body.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(sessionChangeResponseSchema.parse(response.json())).toEqual({ success: true, message: ACCOUNT_DELETED_MESSAGE });
    // What Orbit held of the person beside the row: their mail in the outbox, the failures counted under their name.
    expect(outboxMessages(testApp.outboxDir, member.body.email)).toEqual([]);
    expect(outboxMessages(testApp.outboxDir, bystander.body.email)).not.toEqual([]);
    expect(await failuresCountedFor(member)).toEqual([]);

    for (const token of [member.token, otherDevice]) {
      const after = await getMe(token);
      expect(after.statusCode).toBe(401);
      // What the member's other open pages show when they notice.
      expect(after.json()).toEqual({ success: false, message: 'Your account has been deleted' });
    }
    expect((await deleteAccount(member.token, { password: member.body.password })).statusCode).toBe(401);
    const signIn = await login(member.body.username, member.body.password);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ success: false, message: INVALID_CREDENTIALS });
    expect(await testApp.db.select().from(users).where(eq(users.id, member.user._id))).toEqual([]);

    const again = await registerUser(testApp.app, { username: member.body.username, email: member.body.email });
    expect(again.user._id).not.toBe(member.user._id);
  });

  it('refuses a wrong password with 400 and leaves the account working', async () => {
    const member = await registerUser(testApp.app);
    const response = await deleteAccount(member.token, { password: 'not-my-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: CURRENT_PASSWORD_INCORRECT });
    expect((await getMe(member.token)).statusCode).toBe(200);
    expect((await login(member.body.username, member.body.password)).statusCode).toBe(200);
  });

  it.each([
    ['a missing password', {}],
    ['an empty password', { password: '' }],
  ])('asks for the password when given %s', async (_label, payload) => {
    const member = await registerUser(testApp.app);
    const response = await deleteAccount(member.token, payload);
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.errors).toEqual([{ field: 'password', message: PASSWORD_MISSING }]);
    expect(body.message).toBe(`password: ${PASSWORD_MISSING}`);
    expect((await getMe(member.token)).statusCode).toBe(200);
  });

  it('waits for a payout under review: 409 while it is pending, and the account can go once it is settled', async () => {
    const member = await registerUser(testApp.app);
    const [payout] = await testApp.db
      .insert(withdrawals)
      .values({ userId: member.user._id, amountCoins: 500, amountMinor: 500, method: 'PayPal' })
      .returning({ id: withdrawals.id });
    const refused = await deleteAccount(member.token, { password: member.body.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: PAYOUT_PENDING_MESSAGE });
    expect((await getMe(member.token)).statusCode).toBe(200);

    await testApp.db.update(withdrawals).set({ status: 'approved' }).where(eq(withdrawals.id, payout?.id ?? ''));
    expect((await deleteAccount(member.token, { password: member.body.password })).statusCode).toBe(200);
  });

  it('keeps settled payouts on the books without the member, in the admin list and the activity feed', async () => {
    const member = await registerUser(testApp.app);
    const payouts = await testApp.db
      .insert(withdrawals)
      .values([
        { userId: member.user._id, amountCoins: 700, amountMinor: 700, method: 'PayPal' },
        { userId: member.user._id, amountCoins: 900, amountMinor: 900, method: 'UPI' },
      ])
      .returning({ id: withdrawals.id });
    const [paid = '', refused = ''] = payouts.map((payout) => payout.id);
    // Settled through the admin routes, so the activity feed also has entries about them.
    expect((await call('POST', `/api/admin/withdrawals/approve/${paid}`, adminToken, { txnId: 'TXN-KEPT' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/withdrawals/reject/${refused}`, adminToken, { reason: 'Name does not match' })).statusCode).toBe(200);

    expect((await deleteAccount(member.token, { password: member.body.password })).statusCode).toBe(200);

    const rows = await testApp.db.select().from(withdrawals).where(inArray(withdrawals.id, [paid, refused])).orderBy(withdrawals.amountCoins);
    expect(rows).toMatchObject([
      { id: paid, userId: null, status: 'approved', txnId: 'TXN-KEPT', amountMinor: 700 },
      { id: refused, userId: null, status: 'rejected', reason: 'Name does not match', amountMinor: 900 },
    ]);

    const listed = await call('GET', '/api/admin/withdrawals/all?limit=100', adminToken);
    expect(listed.statusCode, listed.body).toBe(200);
    const kept = withdrawalListResponseSchema.parse(listed.json()).withdrawals.filter((item) => item._id === paid || item._id === refused);
    expect(kept.sort((a, b) => a.amount.amountMinor - b.amount.amountMinor)).toMatchObject([
      { _id: paid, user: null, status: 'approved', txnId: 'TXN-KEPT' },
      { _id: refused, user: null, status: 'rejected', reason: 'Name does not match' },
    ]);

    const feed = await call('GET', '/api/admin/activity', adminToken);
    expect(feed.statusCode, feed.body).toBe(200);
    const entries = activityResponseSchema.parse(feed.json()).activity.filter((entry) => entry.targetId === paid || entry.targetId === refused);
    expect(entries.sort((a, b) => a.action.localeCompare(b.action))).toMatchObject([
      { action: 'approve-withdrawal', targetId: paid, targetName: null },
      { action: 'reject-withdrawal', targetId: refused, targetName: null },
    ]);
  });

  it('needs a signed-in member: 401 without a token, 403 for an admin (who stays signed in)', async () => {
    const anonymous = await deleteAccount(null, { password: 'whatever-it-is' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: 'Authentication required' });

    const admin = await deleteAccount(adminToken, { password: 'admin-test-password-2026' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ success: false, message: 'This action is for user accounts' });
    expect((await getMe(adminToken)).statusCode).toBe(200);
  });

  describe("the other people's side", () => {
    let leaver: RegisteredUser;
    let partner: RegisteredUser;
    let blocked: RegisteredUser;
    let reportByLeaver: string;
    let reportAboutLeaver: string;
    let purchaseId: string;

    beforeAll(async () => {
      leaver = await registerUser(testApp.app);
      partner = await registerUser(testApp.app);
      blocked = await registerUser(testApp.app);
      for (const [from, to] of [[leaver, partner], [partner, leaver], [blocked, leaver]] as const) {
        expect((await call('POST', '/api/users/like', from.token, { targetId: to.user._id })).statusCode).toBe(200);
      }
      expect(await matchIds(partner.token)).toEqual([leaver.user._id]);
      expect((await call('POST', `/api/users/${blocked.user._id}/block`, leaver.token)).statusCode).toBe(200);
      expect((await call('POST', `/api/users/${leaver.user._id}/block`, blocked.token)).statusCode).toBe(200);
      // Without blocking, so the match stays until the account goes.
      for (const [from, about] of [[leaver, partner], [partner, leaver]] as const) {
        const filed = await call('POST', `/api/users/${about.user._id}/report`, from.token, { reason: 'harassment', details: `By ${from.body.username}`, block: false });
        expect(filed.statusCode, filed.body).toBe(201);
      }
      const reports = await openReports();
      reportByLeaver = reports.find((report) => report.reporter?._id === leaver.user._id)?._id ?? '';
      reportAboutLeaver = reports.find((report) => report.reported._id === leaver.user._id)?._id ?? '';
      const [purchase] = await testApp.db.insert(purchases).values({ userId: leaver.user._id, kind: 'coins', itemName: 'Pack', amountMinor: 499, status: 'paid', provider: 'stripe', paidAt: new Date() }).returning();
      purchaseId = purchase?.id ?? '';

      const response = await deleteAccount(leaver.token, { password: leaver.body.password });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('no longer shows the deleted member to the people they matched, liked or blocked', async () => {
      expect(await matchIds(partner.token)).toEqual([]);
      const profile = await call('GET', `/api/user/${leaver.user._id}`, partner.token);
      expect(profile.statusCode).toBe(404);
      expect(profile.json()).toEqual({ success: false, message: 'User not found' });
      const likeAgain = await call('POST', '/api/users/like', partner.token, { targetId: leaver.user._id });
      expect(likeAgain.statusCode).toBe(404);
      // Unblocking answers alike for anyone (issue 37, finding 13); the block itself went with the account.
      const unblock = await testApp.app.inject({ method: 'DELETE', url: `/api/users/${leaver.user._id}/block`, headers: bearer(blocked.token) });
      expect(unblock.statusCode).toBe(200);
      const blockedList = await call('GET', '/api/users/blocked', blocked.token);
      expect(JSON.stringify(blockedList.json())).not.toContain(leaver.user._id);
    });

    it('leaves no row of theirs behind but keeps purchases, without the buyer, for the revenue figures', async () => {
      const id = leaver.user._id;
      expect(await testApp.db.select().from(likes).where(or(eq(likes.fromUserId, id), eq(likes.toUserId, id)))).toEqual([]);
      expect(await testApp.db.select().from(matches).where(or(eq(matches.userAId, id), eq(matches.userBId, id)))).toEqual([]);
      expect(await testApp.db.select().from(userBlocks).where(or(eq(userBlocks.blockerId, id), eq(userBlocks.blockedId, id)))).toEqual([]);
      expect(await testApp.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
      const [purchase] = await testApp.db.select().from(purchases).where(eq(purchases.id, purchaseId));
      expect(purchase).toMatchObject({ userId: null, amountMinor: 499 });
    });

    it('keeps the reports they made in the admin queue, without their name', async () => {
      expect(reportByLeaver).not.toBe('');
      const reports = await openReports();
      expect(reports.find((report) => report._id === reportByLeaver)).toMatchObject({
        reporter: null,
        reported: { _id: partner.user._id, accountDeleted: false },
        reason: 'harassment',
        details: `By ${leaver.body.username}`,
      });
    });

    // Deleting the account must not be a way to wipe what others reported (and then sign up again).
    it('keeps the reports about them too, named by their username, with nobody left to ban', async () => {
      expect(reportAboutLeaver).not.toBe('');
      const report = (await openReports()).find((entry) => entry._id === reportAboutLeaver);
      expect(report).toMatchObject({
        reporter: { _id: partner.user._id },
        reported: { _id: leaver.user._id, username: leaver.body.username, name: leaver.body.username, isBanned: false, accountDeleted: true },
        reason: 'harassment',
        details: `By ${partner.body.username}`,
        openReportsAgainst: 1,
      });
      expect(JSON.stringify(report)).not.toContain(leaver.body.email);

      const resolved = await call('POST', `/api/admin/reports/${reportAboutLeaver}/resolve`, adminToken);
      expect(resolved.statusCode, resolved.body).toBe(200);
      const activity = await call('GET', '/api/admin/activity?limit=1', adminToken);
      expect(activity.json<{ activity: Array<{ action: string; targetName: string | null }> }>().activity[0]).toMatchObject({
        action: 'resolve-report',
        targetName: leaver.body.username,
      });
      // The reporter's own copy of their data still lists what they reported.
      const exported = await call('GET', '/api/user/me/export', partner.token);
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.json<{ reports: unknown[] }>().reports).toEqual([
        expect.objectContaining({ username: leaver.body.username, name: leaver.body.username, reason: 'harassment' }),
      ]);
    });
  });

  it('is limited like sign-in: repeated wrong passwords end in 429, even for the right one, and the account stays', async () => {
    const member = await registerUser(testApp.app);
    for (let attempt = 0; attempt < GUESSES_PER_ACCOUNT; attempt += 1) {
      const wrong = await deleteAccount(member.token, { password: `wrong-${attempt}` });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ success: false, message: CURRENT_PASSWORD_INCORRECT });
    }
    const blocked = await deleteAccount(member.token, { password: member.body.password });
    expect(blocked.statusCode).toBe(429);
    expect(errorBodySchema.parse(blocked.json())).toEqual({ success: false, message: expect.stringMatching(TOO_MANY_WRONG) as unknown });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // One budget with sign-in, so guessing here cannot be continued there.
    expect((await login(member.body.username, member.body.password)).statusCode).toBe(429);
    expect((await getMe(member.token)).statusCode).toBe(200);
  });
});
