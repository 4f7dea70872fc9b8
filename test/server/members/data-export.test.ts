import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportFileName, dataExportSchema, type DataExport } from '../../../contract/members/data-export';
import { meResponseSchema } from '../../../contract/members/profile';
import { postCoinChangeAlone } from '../../../server/coins/ledger';
import { creatorIdentities, creators, purchases, sessions, streamMessages, streams, streamViewers, users, vipSubscriptions, withdrawals } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

const EXPORT_URL = '/api/user/me/export';

let testApp: TestApp;
let adminToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
async function expectOk(method: 'POST' | 'PATCH', url: string, token: string, payload?: object) {
  const response = await call(method, url, token, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
}
const like = (from: RegisteredUser, to: RegisteredUser, type: 'like' | 'dislike' = 'like') =>
  expectOk('POST', '/api/users/like', from.token, { targetId: to.user._id, ...(type === 'like' ? {} : { type }) });

/** The rest of a row, once its timestamp has been checked to be ISO. */
function withTime<T>(rest: T, iso: string): T {
  expect(new Date(iso).toISOString()).toBe(iso);
  return rest;
}

async function exportOf(token: string): Promise<{ body: string; data: DataExport }> {
  const response = await call('GET', EXPORT_URL, token);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, data: dataExportSchema.parse(response.json()) };
}

describe('GET /api/user/me/export', () => {
  // member: likes partner (who likes back: a match), passes on stranger, blocks blocked, reports reported, has a location and a purchase.
  let member: RegisteredUser;
  let partner: RegisteredUser;
  let stranger: RegisteredUser;
  let blocked: RegisteredUser;
  let reported: RegisteredUser;
  let bystander: RegisteredUser;
  let exported: { body: string; data: DataExport };
  let adminId: string;

  beforeAll(async () => {
    member = await registerUser(testApp.app);
    partner = await registerUser(testApp.app);
    stranger = await registerUser(testApp.app);
    blocked = await registerUser(testApp.app);
    reported = await registerUser(testApp.app);
    bystander = await registerUser(testApp.app);
    await expectOk('PATCH', '/api/user/me', partner.token, { name: 'Partner Person' });
    await like(member, partner);
    await like(partner, member);
    await like(member, stranger, 'dislike');
    await expectOk('POST', `/api/users/${blocked.user._id}/block`, member.token);
    await expectOk('POST', `/api/users/${reported.user._id}/report`, member.token, { reason: 'scam', details: 'Asked for money', block: false });
    await expectOk('PATCH', '/api/user/me', member.token, { location: { latitude: 52.52, longitude: 13.405 } });
    await testApp.db.insert(purchases).values({ userId: member.user._id, kind: 'vip', itemName: 'Gold month', amountMinor: 999, refundedMinor: 966, status: 'paid', provider: 'stripe', paidAt: new Date() });
    const periodEnd = new Date('2026-12-30T12:00:00.000Z');
    await testApp.db.insert(vipSubscriptions).values({
      userId: member.user._id,
      planName: 'Gold',
      amountMinor: 999,
      billingMonths: 1,
      provider: 'stripe',
      providerSubscriptionId: `sub_${randomUUID()}`,
      status: 'ended',
      currentPeriodEnd: periodEnd,
      paidUntil: periodEnd,
    });
    await postCoinChangeAlone(testApp.db, { userId: member.user._id, amount: 75, kind: 'granted', reference: 'Contest prize', idempotencyKey: randomUUID() });
    await postCoinChangeAlone(testApp.db, { userId: partner.user._id, amount: 5, kind: 'granted', reference: 'Not theirs', idempotencyKey: randomUUID() });
    const [admin] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username));
    adminId = admin?.id ?? 'missing admin';
    const decided = { decidedBy: adminId, decidedAt: new Date('2026-11-02T10:00:00.000Z') };
    await testApp.db.insert(withdrawals).values([
      { userId: member.user._id, amountCoins: 5000, amountMinor: 5000, method: 'PayPal', status: 'approved', txnId: 'TXN-778', ...decided, createdAt: new Date('2026-11-01T10:00:00.000Z') },
      { userId: member.user._id, amountCoins: 900, amountMinor: 900, method: 'Bank transfer', status: 'rejected', reason: 'Below the minimum', ...decided, createdAt: new Date('2026-11-03T10:00:00.000Z') },
      { userId: partner.user._id, amountCoins: 100, amountMinor: 100, method: 'Partner payout', status: 'pending' },
    ]);
    // Someone else's activity, none of which is the member's data.
    await like(partner, bystander);
    await like(bystander, stranger);
    await testApp.db.insert(purchases).values({ userId: partner.user._id, kind: 'coins', itemName: 'Partner pack', amountMinor: 199, status: 'paid', provider: 'stripe', paidAt: new Date() });
    exported = await exportOf(member.token);
  });

  it('gives the account exactly as GET /api/user/me does, and the saved location', async () => {
    const me = meResponseSchema.parse((await call('GET', '/api/user/me', member.token)).json());
    expect(exported.data.account).toEqual(me.user);
    expect(exported.data.location).toEqual({ latitude: 52.52, longitude: 13.405 });
    expect(Date.parse(exported.data.exportedAt)).not.toBeNaN();
  });

  it('lists the decisions, match, block, report and purchase the member made', () => {
    const { data } = exported;
    expect(data.decisions.map(({ username, name, type }) => ({ username, name, type }))).toEqual(
      expect.arrayContaining([
        { username: partner.body.username, name: 'Partner Person', type: 'like' },
        { username: stranger.body.username, name: stranger.body.username, type: 'dislike' },
      ]),
    );
    expect(data.decisions).toHaveLength(2);
    const times = data.decisions.map((decision) => Date.parse(decision.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.matches.map(({ matchedAt, ...person }) => withTime(person, matchedAt))).toEqual([{ username: partner.body.username, name: 'Partner Person' }]);
    expect(data.blocked.map(({ blockedAt, ...person }) => withTime(person, blockedAt))).toEqual([{ username: blocked.body.username, name: blocked.body.username }]);
    expect(data.reports.map(({ at, ...report }) => withTime(report, at))).toEqual([
      { username: reported.body.username, name: reported.body.username, reason: 'scam', details: 'Asked for money', status: 'open' },
    ]);
    expect(data.purchases.map(({ at, paidAt, receiptNumber, ...purchase }) => ({ ...withTime(purchase, at), paid: paidAt !== null, receiptNumber }))).toEqual([
      {
        kind: 'vip',
        item: 'Gold month',
        coins: null,
        amount: { amountMinor: 999, currency: 'USD' },
        refunded: { amountMinor: 966, currency: 'USD' },
        status: 'paid',
        paid: true,
        receiptNumber: expect.stringMatching(/^OR-[0-9A-F]{6}-[0-9A-F]{6}$/) as unknown,
      },
    ]);
    expect(data.vipSubscriptions.map(({ startedAt, ...subscription }) => withTime(subscription, startedAt))).toEqual([
      { plan: 'Gold', price: { amountMinor: 999, currency: 'USD' }, billingMonths: 1, status: 'ended', cancelAtPeriodEnd: false, currentPeriodEnd: '2026-12-30T12:00:00.000Z' },
    ]);
    // Newest first: the prize, after the coins the like of the partner earned.
    expect(data.coins.map(({ at, ...entry }) => withTime(entry, at))).toEqual([
      { amount: 75, kind: 'granted', reference: 'Contest prize', balanceAfter: 80 },
      { amount: 5, kind: 'earned', reference: 'Liked a profile', balanceAfter: 5 },
    ]);
    // app.inject's own User-Agent: the one the member signed in with.
    expect(data.sessions.map(({ startedAt, expiresAt, ...session }) => withTime(withTime(session, startedAt), expiresAt))).toEqual([{ userAgent: 'lightMyRequest', endedAt: null }]);
  });

  it("lists the member's withdrawals, newest first, with the decision but not who made it", () => {
    const common = { decidedAt: '2026-11-02T10:00:00.000Z' };
    expect(exported.data.withdrawals).toEqual([
      { ...common, coins: 900, amount: { amountMinor: 900, currency: 'USD' }, method: 'Bank transfer', status: 'rejected', transactionId: null, reason: 'Below the minimum', requestedAt: '2026-11-03T10:00:00.000Z' },
      { ...common, coins: 5000, amount: { amountMinor: 5000, currency: 'USD' }, method: 'PayPal', status: 'approved', transactionId: 'TXN-778', reason: null, requestedAt: '2026-11-01T10:00:00.000Z' },
    ]);
    expect(exported.body).not.toContain(adminId);
    expect(exported.body).not.toContain('Partner payout');
  });

  it('is sent as a file the browser saves and no cache keeps', async () => {
    const response = await call('GET', EXPORT_URL, member.token);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${dataExportFileName(member.body.username)}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('holds no secret and nothing that identifies anyone else', async () => {
    const [session] = await testApp.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.user._id));
    const forbidden = [
      'password',
      'passwordHash',
      '$argon2',
      'tokenVersion',
      session?.id ?? 'missing session',
      ...[partner, stranger, blocked, reported, bystander].flatMap((other) => [other.user._id, other.body.email]),
    ];
    for (const text of forbidden) expect(exported.body, text).not.toContain(text);
  });

  it("keeps other members' activity out", () => {
    expect(exported.body).not.toContain(bystander.body.username);
    expect(exported.body).not.toContain('Partner pack');
    expect(exported.data.decisions.every((decision) => decision.username !== member.body.username)).toBe(true);
  });

  it("gives the other side of the match their own view of it", async () => {
    const { data } = await exportOf(partner.token);
    expect(data.matches.map((match) => match.username)).toEqual([member.body.username]);
    expect(data.decisions.map((decision) => decision.username).sort()).toEqual([member.body.username, bystander.body.username].sort());
    expect(data.purchases.map((purchase) => purchase.item)).toEqual(['Partner pack']);
    expect(data.vipSubscriptions).toEqual([]);
    expect(data.withdrawals.map((withdrawal) => withdrawal.method)).toEqual(['Partner payout']);
    expect(data.blocked).toEqual([]);
    expect(data.reports).toEqual([]);
    expect(data.location).toBeNull();
  });

  it('lists the live streams the member hosted and watched, and what they wrote in their chats, and nobody else\'s lines', async () => {
    const hostedStream = { hostId: member.user._id, title: 'Sunday sketching', startedAt: new Date('2026-11-10T18:00:00.000Z'), endedAt: new Date('2026-11-10T19:00:00.000Z'), endReason: 'ended' as const, peakViewers: 3, totalViewers: 4 };
    const [hosted] = await testApp.db.insert(streams).values(hostedStream).returning({ id: streams.id });
    const [watched] = await testApp.db
      .insert(streams)
      .values({ hostId: partner.user._id, title: 'Cooking with Partner', startedAt: new Date('2026-11-12T18:00:00.000Z') })
      .returning({ id: streams.id });
    const hostedId = hosted?.id ?? '';
    const watchedId = watched?.id ?? '';
    await testApp.db.insert(streamViewers).values([
      { streamId: watchedId, userId: member.user._id, firstJoinedAt: new Date('2026-11-12T18:05:00.000Z') },
      { streamId: hostedId, userId: partner.user._id, firstJoinedAt: new Date('2026-11-10T18:01:00.000Z') },
    ]);
    await testApp.db.insert(streamMessages).values([
      { streamId: watchedId, senderId: member.user._id, body: 'Looks delicious!', createdAt: new Date('2026-11-12T18:06:00.000Z') },
      { streamId: watchedId, senderId: member.user._id, body: 'A line the host removed', createdAt: new Date('2026-11-12T18:07:00.000Z'), removedAt: new Date('2026-11-12T18:08:00.000Z') },
      { streamId: hostedId, senderId: partner.user._id, body: "Partner's own line", createdAt: new Date('2026-11-10T18:02:00.000Z') },
    ]);

    const { data, body } = await exportOf(member.token);
    expect(data.liveStreamsHosted).toEqual([
      { title: 'Sunday sketching', startedAt: '2026-11-10T18:00:00.000Z', endedAt: '2026-11-10T19:00:00.000Z', peakViewers: 3, totalViewers: 4 },
    ]);
    const partnerPerson = { username: partner.body.username, name: 'Partner Person' };
    expect(data.liveStreamsWatched).toEqual([{ stream: 'Cooking with Partner', host: partnerPerson, firstJoinedAt: '2026-11-12T18:05:00.000Z' }]);
    expect(data.liveChat).toEqual([
      { stream: 'Cooking with Partner', host: partnerPerson, text: 'A line the host removed', at: '2026-11-12T18:07:00.000Z', removedAt: '2026-11-12T18:08:00.000Z' },
      { stream: 'Cooking with Partner', host: partnerPerson, text: 'Looks delicious!', at: '2026-11-12T18:06:00.000Z', removedAt: null },
    ]);
    expect(body).not.toContain("Partner's own line");

    const theirs = (await exportOf(partner.token)).data;
    expect(theirs.liveStreamsHosted.map((stream) => stream.title)).toEqual(['Cooking with Partner']);
    expect(theirs.liveChat.map((line) => [line.stream, line.text])).toEqual([['Sunday sketching', "Partner's own line"]]);
  });

  it("gives a creator their enrolment and the identity they gave for payouts; null for anyone else", async () => {
    expect(exported.data.creator).toBeNull();
    await testApp.db.insert(creators).values({ userId: member.user._id, termsVersion: '2026-11', enrolledAt: new Date('2026-11-05T09:00:00.000Z') });
    expect((await exportOf(member.token)).data.creator).toEqual({ enrolledAt: '2026-11-05T09:00:00.000Z', termsVersion: '2026-11', identity: null });
    await testApp.db.insert(creatorIdentities).values({
      userId: member.user._id,
      legalName: 'Robin Example',
      birthDate: '1990-04-01',
      address: '1 Main Street, Berlin',
      taxId: 'DE123456789',
      submittedAt: new Date('2026-11-06T09:00:00.000Z'),
    });
    expect((await exportOf(member.token)).data.creator?.identity).toEqual({
      legalName: 'Robin Example',
      birthDate: '1990-04-01',
      address: '1 Main Street, Berlin',
      taxId: 'DE123456789',
      submittedAt: '2026-11-06T09:00:00.000Z',
      checkedAt: null,
    });
    expect((await exportOf(partner.token)).data.creator).toBeNull();
  });

  it('needs a token: 401 without one', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: EXPORT_URL });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Authentication required' });
  });

  it('gives an admin their own account, as GET /api/user/me does', async () => {
    const { data, body } = await exportOf(adminToken);
    expect(data.account.username).toBe(TEST_ADMIN.username);
    expect(data.account.role).toBe('admin');
    expect(body).not.toContain(TEST_ADMIN.password);
    expect(body).not.toContain(member.user._id);
  });
});
