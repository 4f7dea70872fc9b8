import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Withdrawal, WithdrawalListResponse } from '../../../contract/admin/console';
import { adminAuditLog, withdrawals, type NewWithdrawalRow } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { expectAdminOnly, expectFieldError, latestAuditEntry, UNKNOWN_ID } from './admin-fixtures';

let testApp: TestApp;
let adminToken: string;
let earner: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  earner = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

async function requestWithdrawal(overrides: Partial<NewWithdrawalRow> = {}): Promise<string> {
  const [row] = await testApp.db
    .insert(withdrawals)
    .values({ userId: earner.user._id, amountCoins: 2500, amountMinor: 2500, method: 'PayPal', ...overrides })
    .returning({ id: withdrawals.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

function asAdmin(method: 'GET' | 'POST', url: string, payload?: object) {
  return testApp.app.inject({ method, url, payload, headers: bearer(adminToken) });
}

describe('GET /api/admin/withdrawals/all', () => {
  it('lists requests newest first with the owner, filtered by status and paged', async () => {
    const older = await requestWithdrawal({ createdAt: new Date(Date.now() - 60_000), status: 'approved', txnId: 'TXN-OLD' });
    const newer = await requestWithdrawal();
    const all = await asAdmin('GET', '/api/admin/withdrawals/all');
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json<WithdrawalListResponse>();
    expect(list.withdrawals.map((item) => item._id).slice(0, 2)).toEqual([newer, older]);
    expect(list.withdrawals[0]).toMatchObject({
      user: { _id: earner.user._id, username: earner.body.username },
      amountCoins: 2500,
      amount: { amountMinor: 2500, currency: 'USD' },
      method: 'PayPal',
      status: 'pending',
      txnId: null,
      reason: null,
    });

    const approved = (await asAdmin('GET', '/api/admin/withdrawals/all?status=approved')).json<WithdrawalListResponse>();
    expect(approved.withdrawals.every((item) => item.status === 'approved')).toBe(true);
    expect(approved.withdrawals.map((item) => item._id)).toContain(older);

    const paged = (await asAdmin('GET', '/api/admin/withdrawals/all?limit=1&page=2')).json<WithdrawalListResponse>();
    expect(paged).toMatchObject({ currentPage: 2, totalPages: list.total, total: list.total });
    expect(paged.withdrawals).toHaveLength(1);
  });

  it('rejects an unknown status', async () => {
    const response = await asAdmin('GET', '/api/admin/withdrawals/all?status=paid');
    expect(response.statusCode).toBe(400);
    expectFieldError(response.body, 'status', 'Status must be pending, approved, rejected or returned');
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: '/api/admin/withdrawals/all' }, earner.token);
  });
});

describe('POST /api/admin/withdrawals/approve/:id and /reject/:id', () => {
  it('approves a pending withdrawal with a transaction id, once', async () => {
    const id = await requestWithdrawal();
    const approved = await asAdmin('POST', `/api/admin/withdrawals/approve/${id}`, { txnId: ' PAYPAL-123 ' });
    expect(approved.statusCode, approved.body).toBe(200);
    const body = approved.json<{ message: string; withdrawal: Withdrawal }>();
    expect(body.message).toBe('Withdrawal approved');
    expect(body.withdrawal).toMatchObject({ _id: id, status: 'approved', txnId: 'PAYPAL-123', reason: null });
    expect(body.withdrawal.decidedAt).not.toBeNull();
    expect(await latestAuditEntry(testApp.db)).toMatchObject({ action: 'approve-withdrawal', targetType: 'withdrawal', targetId: id, details: 'Transaction PAYPAL-123' });

    for (const second of [
      asAdmin('POST', `/api/admin/withdrawals/approve/${id}`, { txnId: 'AGAIN' }),
      asAdmin('POST', `/api/admin/withdrawals/reject/${id}`, { reason: 'changed my mind' }),
    ]) {
      const response = await second;
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: 'This withdrawal was already approved; only a pending withdrawal can be decided' });
    }
    const [row] = await testApp.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: 'approved', txnId: 'PAYPAL-123', reason: null });
  });

  it('rejects a pending withdrawal with a reason, once', async () => {
    const id = await requestWithdrawal();
    const rejected = await asAdmin('POST', `/api/admin/withdrawals/reject/${id}`, { reason: 'Payout name does not match' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ withdrawal: Withdrawal }>().withdrawal).toMatchObject({ status: 'rejected', reason: 'Payout name does not match', txnId: null });
    expect(await latestAuditEntry(testApp.db)).toMatchObject({ action: 'reject-withdrawal', details: 'Payout name does not match' });
    const again = await asAdmin('POST', `/api/admin/withdrawals/approve/${id}`, { txnId: 'X' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This withdrawal was already rejected; only a pending withdrawal can be decided');
  });

  it('lets exactly one of two concurrent approvals win', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await requestWithdrawal();
      const responses = await Promise.all([
        asAdmin('POST', `/api/admin/withdrawals/approve/${id}`, { txnId: `FIRST-${round}` }),
        asAdmin('POST', `/api/admin/withdrawals/approve/${id}`, { txnId: `SECOND-${round}` }),
      ]);
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = responses.find((response) => response.statusCode === 200)?.json<{ withdrawal: Withdrawal }>().withdrawal;
      const [row] = await testApp.db.select().from(withdrawals).where(eq(withdrawals.id, id));
      expect(row?.txnId).toBe(winner?.txnId);
      // Only the winner's decision reached the audit log.
      const entries = await testApp.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
      expect(entries).toHaveLength(1);
    }
  });

  it('lets exactly one of an approval and a rejection sent together win', async () => {
    const id = await requestWithdrawal();
    const responses = await Promise.all([
      asAdmin('POST', `/api/admin/withdrawals/reject/${id}`, { reason: 'fraud' }),
      asAdmin('POST', `/api/admin/withdrawals/approve/${id}`, { txnId: 'PAY-1' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers without a member when the withdrawal has none, in the decision and in the list', async () => {
    // A pending withdrawal blocks account deletion, so the app never leaves one without a member; a hand-edited row must still not fail.
    const id = await requestWithdrawal({ userId: null });
    const rejected = await asAdmin('POST', `/api/admin/withdrawals/reject/${id}`, { reason: 'No account to pay' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ withdrawal: Withdrawal }>().withdrawal).toMatchObject({ _id: id, user: null, status: 'rejected' });
    const listed = await asAdmin('GET', '/api/admin/withdrawals/all?status=rejected&limit=100');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<WithdrawalListResponse>().withdrawals.find((item) => item._id === id)).toMatchObject({ user: null, reason: 'No account to pay' });
  });

  it('requires a transaction id or a reason, and a known withdrawal', async () => {
    const id = await requestWithdrawal();
    for (const payload of [{}, { txnId: '  ' }]) {
      const response = await asAdmin('POST', `/api/admin/withdrawals/approve/${id}`, payload);
      expect(response.statusCode).toBe(400);
      expectFieldError(response.body, 'txnId', 'Transaction id is required');
    }
    const noReason = await asAdmin('POST', `/api/admin/withdrawals/reject/${id}`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expectFieldError(noReason.body, 'reason', 'A reason is required to reject a withdrawal');
    const unknown = await asAdmin('POST', `/api/admin/withdrawals/approve/${UNKNOWN_ID}`, { txnId: 'T' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Withdrawal not found' });
    const [row] = await testApp.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe('pending');
  });

  it('is for admins only', async () => {
    const id = await requestWithdrawal();
    await expectAdminOnly(testApp.app, { method: 'POST', url: `/api/admin/withdrawals/approve/${id}`, payload: { txnId: 'T' } }, earner.token);
    await expectAdminOnly(testApp.app, { method: 'POST', url: `/api/admin/withdrawals/reject/${id}`, payload: { reason: 'R' } }, earner.token);
    const [row] = await testApp.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe('pending');
  });
});
