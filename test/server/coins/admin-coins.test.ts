import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustCoinsResponse } from '../../../contract/coins/admin';
import { coinBalanceEventSchema, type CoinBalanceEvent, type CoinHistoryResponse } from '../../../contract/coins/ledger';
import { ADMIN_HOLDS_NO_COINS } from '../../../server/coins/adjustments';
import { NOT_ENOUGH_COINS_MESSAGE } from '../../../server/coins/ledger';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { adminAuditLog, users } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';
import { expectAdminOnly, expectFieldError, UNKNOWN_ID } from '../admin/admin-fixtures';
import { baseUrl, connected, nextEvent, openSocket } from '../messaging/messaging-helpers';

let testApp: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = await loginAdmin(testApp.app);
  userToken = (await registerUser(testApp.app)).token;
});
afterAll(() => testApp?.close());

function adjust(userId: string, body: object) {
  return testApp.app.inject({ method: 'POST', url: `/api/admin/user/${userId}/coins`, payload: body, headers: bearer(adminToken) });
}

async function history(userId: string): Promise<CoinHistoryResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/admin/user/${userId}/coins`, headers: bearer(adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CoinHistoryResponse>();
}

async function auditOf(userId: string) {
  const rows = await testApp.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, userId)).orderBy(adminAuditLog.createdAt);
  return rows.map(({ action, details }) => ({ action, details }));
}

describe('an admin grants and takes coins', () => {
  it('grants, then takes, each a ledger entry with the reason and an audit entry; the balance shows in the member list', async () => {
    const member = await registerUser(testApp.app);
    const granted = await adjust(member.user._id, { amount: 250, reason: 'Sorry for the outage', requestId: randomUUID() });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<AdjustCoinsResponse>()).toMatchObject({
      message: `Granted 250 coins to ${member.user.username}; balance 250 coins`,
      user: { _id: member.user._id, coins: 250 },
      entry: { amount: 250, kind: 'granted', reference: 'Sorry for the outage', balanceAfter: 250 },
    });
    const taken = await adjust(member.user._id, { amount: -1, reason: 'Granted one too many', requestId: randomUUID() });
    expect(taken.json<AdjustCoinsResponse>().message).toBe(`Took 1 coin from ${member.user.username}; balance 249 coins`);

    const ledger = await history(member.user._id);
    expect(ledger).toMatchObject({ success: true, balance: 249, total: 2, currentPage: 1, totalPages: 1 });
    expect(ledger.entries.map(({ amount, kind, reference, balanceAfter }) => ({ amount, kind, reference, balanceAfter }))).toEqual([
      { amount: -1, kind: 'taken', reference: 'Granted one too many', balanceAfter: 249 },
      { amount: 250, kind: 'granted', reference: 'Sorry for the outage', balanceAfter: 250 },
    ]);
    expect(await auditOf(member.user._id)).toEqual([
      { action: 'grant-coins', details: '250 coins: Sorry for the outage' },
      { action: 'take-coins', details: '1 coin: Granted one too many' },
    ]);
    const listed = await testApp.app.inject({ method: 'GET', url: `/api/admin/users?search=${member.user.username}`, headers: bearer(adminToken) });
    expect(listed.json<{ users: Array<{ coins: number }> }>().users[0]?.coins).toBe(249);
  });

  it("tells the member's open tabs the new balance once the grant is committed", async () => {
    const member = await registerUser(testApp.app);
    const socket = openSocket(baseUrl(testApp.app), member.token);
    try {
      await connected(socket);
      const heard = nextEvent<CoinBalanceEvent>(socket, 'coins:balance');
      await adjust(member.user._id, { amount: 42, reason: 'Thanks for reporting a bug', requestId: randomUUID() });
      expect(coinBalanceEventSchema.parse(await heard)).toMatchObject({ balance: 42, entry: { amount: 42, kind: 'granted', reference: 'Thanks for reporting a bug' } });
    } finally {
      socket.close();
    }
  });

  it('shows the member their own history, newest first, 20 a page, and nobody else\'s', async () => {
    const member = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    for (let index = 1; index <= 21; index += 1) await adjust(member.user._id, { amount: index, reason: `Grant ${index}`, requestId: randomUUID() });
    await adjust(other.user._id, { amount: 99, reason: 'Not theirs', requestId: randomUUID() });
    const own = (page: number) => testApp.app.inject({ method: 'GET', url: `/api/coins/history?page=${page}`, headers: bearer(member.token) });
    const first = (await own(1)).json<CoinHistoryResponse>();
    expect(first).toMatchObject({ balance: 231, total: 21, currentPage: 1, totalPages: 2 });
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]).toMatchObject({ amount: 21, reference: 'Grant 21', balanceAfter: 231 });
    const second = (await own(2)).json<CoinHistoryResponse>();
    expect(second.entries.map((entry) => entry.reference)).toEqual(['Grant 1']);
    expect((await own(0)).statusCode).toBe(400);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/coins/history' })).statusCode).toBe(401);
  });

  it('takes nothing past the balance, and records nothing for the refusal', async () => {
    const member = await registerUser(testApp.app);
    await adjust(member.user._id, { amount: 40, reason: 'Welcome', requestId: randomUUID() });
    const refused = await adjust(member.user._id, { amount: -41, reason: 'Too much', requestId: randomUUID() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: NOT_ENOUGH_COINS_MESSAGE });
    expect((await history(member.user._id)).balance).toBe(40);
    expect(await auditOf(member.user._id)).toHaveLength(1);
  });

  it('moves the coins once for one request id, however often it is sent', async () => {
    const member = await registerUser(testApp.app);
    const body = { amount: 15, reason: 'Contest prize', requestId: randomUUID() };
    const answers = await Promise.all([adjust(member.user._id, body), adjust(member.user._id, body), adjust(member.user._id, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json<AdjustCoinsResponse>().entry._id)).size).toBe(1);
    expect((await history(member.user._id)).entries).toHaveLength(1);
    expect(await auditOf(member.user._id)).toHaveLength(1);
    // The same id with a different change is refused, not applied.
    expect((await adjust(member.user._id, { ...body, amount: 16 })).statusCode).toBe(409);
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  });

  it('refuses bad input with the field and reason, an admin account, and an unknown member', async () => {
    const member = await registerUser(testApp.app);
    const requestId = randomUUID();
    const cases: Array<[object, string, string]> = [
      [{ amount: 0, reason: 'x', requestId }, 'amount', 'Amount must not be 0'],
      [{ amount: 1.5, reason: 'x', requestId }, 'amount', 'Amount must be a whole number of coins'],
      [{ amount: '10', reason: 'x', requestId }, 'amount', 'Amount must be a number of coins'],
      [{ amount: -1_000_001, reason: 'x', requestId }, 'amount', 'Amount must be at most 1,000,000 coins either way'],
      [{ amount: 10, reason: '   ', requestId }, 'reason', 'A reason is required'],
      [{ amount: 10, requestId }, 'reason', 'A reason is required'],
      [{ amount: 10, reason: 'x', requestId: 'not-a-uuid' }, 'requestId', 'Invalid id'],
    ];
    for (const [body, field, message] of cases) {
      const response = await adjust(member.user._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expectFieldError(response.body, field, message);
    }
    const [admin] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username));
    const toAdmin = await adjust(admin?.id ?? '', { amount: 10, reason: 'x', requestId: randomUUID() });
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json()).toEqual({ success: false, message: ADMIN_HOLDS_NO_COINS });
    expect((await adjust(UNKNOWN_ID, { amount: 10, reason: 'x', requestId: randomUUID() })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/admin/user/${UNKNOWN_ID}/coins`, headers: bearer(adminToken) })).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: `/api/admin/user/${UNKNOWN_ID}/coins` }, userToken);
    await expectAdminOnly(testApp.app, { method: 'POST', url: `/api/admin/user/${UNKNOWN_ID}/coins`, payload: { amount: 1, reason: 'x', requestId: randomUUID() } }, userToken);
  });
});
