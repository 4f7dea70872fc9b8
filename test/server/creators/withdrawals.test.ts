import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalActionResponse, WithdrawalListResponse } from '../../../contract/admin/console';
import {
  IDENTITY_REQUIRED_MESSAGE,
  IDENTITY_UNCHECKED_MESSAGE,
  INVALID_IBAN_MESSAGE,
  INVALID_PAYPAL_MESSAGE,
  NOT_A_CREATOR_MESSAGE,
  WITHDRAWAL_MIN_MINOR,
  type CreatorStatusResponse,
  type WithdrawalRequestResponse,
} from '../../../contract/creators';
import { WITHDRAWAL_FROZEN_MESSAGE } from '../../../server/admin/withdrawals';
import { insertEarningEntry } from '../../../server/creators/queries/withdrawals';
import { requestWithdrawal } from '../../../server/creators/withdrawals';
import { creatorEarnings } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { enrolCreator, expectNoEarningsAccountBelowZero, identityGiven, TEST_IDENTITY } from '../helpers/creators';

// Withdrawals of creator earnings (issue 49): the amount is held at once on
// the earnings ledger; an admin approves with the payout's reference or
// rejects with a reason (the hold released); a bounced payout is marked
// returned (credited back). Earnings are put on the ledger directly here,
// already past their pending days: gift-earnings.test.ts covers how gifts earn.

const DAY_MS = 24 * 60 * 60_000;
const IBAN = 'DE89 3704 0044 0532 0130 00';

let testApp: TestApp;
let adminToken: string;
beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
});
afterAll(() => testApp.close());

const app = () => testApp.app;

async function creatorWith(amountMinor: number, options: { test?: boolean; pending?: number } = {}): Promise<RegisteredUser> {
  const member = await registerUser(app());
  await enrolCreator(app(), member);
  await identityGiven(app(), member, adminToken);
  const earned = { creatorId: member.user._id, kind: 'gift' as const, currency: 'USD', test: options.test ?? false, createdAt: new Date(Date.now() - 90 * DAY_MS) };
  await insertEarningEntry(testApp.db, { ...earned, amountMinor, idempotencyKey: `matured:${randomUUID()}`, availableAt: new Date(Date.now() - DAY_MS) });
  if (options.pending) await insertEarningEntry(testApp.db, { ...earned, amountMinor: options.pending, idempotencyKey: `pending:${randomUUID()}`, availableAt: new Date(Date.now() + DAY_MS) });
  return member;
}

function withdraw(member: RegisteredUser, body: Record<string, unknown> = {}) {
  const payload = { requestId: randomUUID(), amountMinor: WITHDRAWAL_MIN_MINOR, currency: 'USD', test: false, method: 'iban', account: IBAN, ...body };
  return app().inject({ method: 'POST', url: '/api/creators/me/withdrawals', headers: bearer(member.token), payload });
}

async function statusOf(member: RegisteredUser): Promise<CreatorStatusResponse> {
  const response = await app().inject({ method: 'GET', url: '/api/creators/me', headers: bearer(member.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatorStatusResponse>();
}

async function withdrawableOf(member: RegisteredUser, test = false): Promise<number> {
  return (await statusOf(member)).balances.find((balance) => balance.currency === 'USD' && balance.test === test)?.withdrawableMinor ?? 0;
}

async function requested(member: RegisteredUser, body: Record<string, unknown> = {}): Promise<string> {
  const response = await withdraw(member, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WithdrawalRequestResponse>().withdrawal._id;
}

function decide(action: 'approve' | 'reject' | 'returned', id: string, payload: Record<string, unknown>) {
  return app().inject({ method: 'POST', url: `/api/admin/withdrawals/${action}/${id}`, headers: bearer(adminToken), payload });
}

const expectNoAccountBelowZero = () => expectNoEarningsAccountBelowZero(testApp.db);

describe('requesting a withdrawal', () => {
  it('holds the amount at once, and shows the request to the member', async () => {
    const creator = await creatorWith(5000, { pending: 700 });
    const response = await withdraw(creator, { amountMinor: 3000 });
    expect(response.statusCode, response.body).toBe(201);
    const { withdrawal } = response.json<WithdrawalRequestResponse>();
    expect(withdrawal).toMatchObject({ amount: { amountMinor: 3000, currency: 'USD' }, method: 'Bank transfer (IBAN)', accountEnding: '3000', status: 'pending', reference: null });

    const status = await statusOf(creator);
    expect(status.balances).toEqual([{ currency: 'USD', test: false, pendingMinor: 700, withdrawableMinor: 2000, owedMinor: 0 }]);
    expect(status.withdrawals.map((item) => item._id)).toEqual([withdrawal._id]);
    expect(status.earnings).toHaveLength(2);

    // The rest is above what is left: the message gives both numbers.
    const tooMuch = await withdraw(creator, { amountMinor: 2500 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ message: string }>().message).toBe('You can withdraw at most 20.00 USD; you asked for 25.00 USD');
    await expectNoAccountBelowZero();
  });

  it('refuses less than the minimum, pending earnings, a malformed account, and members who are not creators', async () => {
    const creator = await creatorWith(5000, { pending: 9000 });
    const small = await withdraw(creator, { amountMinor: 1999 });
    expect(small.statusCode).toBe(400);
    expect(small.json<{ message: string }>().message).toBe('The least you can withdraw is 20.00 USD; you asked for 19.99 USD');
    expect((await withdraw(creator, { amountMinor: 6000 })).json<{ message: string }>().message).toBe('You can withdraw at most 50.00 USD; you asked for 60.00 USD');

    const badIban = await withdraw(creator, { account: 'DE89 3704 0044 0532 0130 01' });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json<{ message: string; errors?: Array<{ field: string; message: string }> }>().message).toContain(INVALID_IBAN_MESSAGE);
    const badPaypal = await withdraw(creator, { method: 'paypal', account: 'not an address' });
    expect(badPaypal.statusCode).toBe(400);
    expect(badPaypal.json<{ message: string }>().message).toContain(INVALID_PAYPAL_MESSAGE);
    expect(await withdrawableOf(creator)).toBe(5000);

    const member = await registerUser(app());
    const notCreator = await withdraw(member);
    expect(notCreator.statusCode).toBe(403);
    expect(notCreator.json<{ message: string }>().message).toBe(NOT_A_CREATOR_MESSAGE);
  });

  it('answers a retry with the withdrawal it made, holding once', async () => {
    const creator = await creatorWith(5000);
    const body = { requestId: randomUUID(), method: 'paypal', account: 'Creator@Example.com' };
    const first = await withdraw(creator, body);
    const again = await withdraw(creator, body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json<WithdrawalRequestResponse>().withdrawal._id).toBe(first.json<WithdrawalRequestResponse>().withdrawal._id);
    expect(await withdrawableOf(creator)).toBe(3000);
    const reused = await withdraw(creator, { ...body, amountMinor: 2500 });
    expect(reused.statusCode).toBe(409);
  });

  it('lets one of two requests racing for the same earnings win', async () => {
    const creator = await creatorWith(3000);
    const answers = await Promise.all([withdraw(creator, { amountMinor: 2500 }), withdraw(creator, { amountMinor: 2500 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await withdrawableOf(creator)).toBe(500);
    await expectNoAccountBelowZero();
  });

  it("sees a hold made under a later clock: a request that read its time before waiting for the lock cannot have the same earnings", async () => {
    // What lost CI a race on PostgreSQL: the second request read its clock first, then waited for the lock
    // while the first (its clock a moment later) held the earnings; the hold, dated after the waiter's clock, went unseen.
    const creator = await creatorWith(3000);
    const member = { id: creator.user._id, isBanned: false };
    const body = { amountMinor: 2500, currency: 'USD' as const, test: false, method: 'iban' as const, account: IBAN };
    const readFirst = new Date();
    await requestWithdrawal(testApp.db, member, { ...body, requestId: randomUUID() }, new Date(readFirst.getTime() + 1000));
    await expect(requestWithdrawal(testApp.db, member, { ...body, requestId: randomUUID() }, readFirst)).rejects.toMatchObject({ statusCode: 400 });
    expect(await withdrawableOf(creator)).toBe(500);
    await expectNoAccountBelowZero();
  });

  it('withdraws test earnings only as a test withdrawal', async () => {
    const creator = await creatorWith(4000, { test: true });
    expect((await withdraw(creator, { test: false })).statusCode).toBe(400);
    const id = await requested(creator, { test: true, amountMinor: 4000 });
    expect(await withdrawableOf(creator, true)).toBe(0);
    const listed = (await app().inject({ method: 'GET', url: '/api/admin/withdrawals/all?status=pending&limit=100', headers: bearer(adminToken) })).json<WithdrawalListResponse>();
    expect(listed.withdrawals.find((item) => item._id === id)).toMatchObject({ test: true, account: 'DE89370400440532013000', amountCoins: null });
  });
});

describe("an admin's decision", () => {
  it('approves with the reference and fee: the member sees it paid, and the hold stays spent', async () => {
    const creator = await creatorWith(5000);
    const id = await requested(creator, { amountMinor: 5000 });
    const approved = await decide('approve', id, { txnId: 'PAYPAL-8F2K1', feeMinor: 35 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<WithdrawalActionResponse>().withdrawal).toMatchObject({ status: 'approved', txnId: 'PAYPAL-8F2K1', fee: { amountMinor: 35, currency: 'USD' } });
    const [seen] = (await statusOf(creator)).withdrawals;
    expect(seen).toMatchObject({ status: 'approved', reference: 'PAYPAL-8F2K1' });
    expect(await withdrawableOf(creator)).toBe(0);
    expect((await decide('reject', id, { reason: 'late' })).statusCode).toBe(409);
    // Kept for tax reporting: the year's earnings and payouts (the earnings were written 90 days back, possibly last year).
    const totals = (await statusOf(creator)).yearlyTotals;
    expect(totals.reduce((sum, total) => sum + total.earnedMinor, 0)).toBe(5000);
    expect(totals.find((total) => total.year === new Date().getUTCFullYear())?.paidOutMinor).toBe(5000);
  });

  it('rejects with the reason and releases the hold', async () => {
    const creator = await creatorWith(5000);
    const id = await requested(creator, { amountMinor: 4000 });
    const rejected = await decide('reject', id, { reason: 'The IBAN is not in your name' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await statusOf(creator)).withdrawals[0]).toMatchObject({ status: 'rejected', reason: 'The IBAN is not in your name', reference: null });
    expect(await withdrawableOf(creator)).toBe(5000);
    // Rejected twice releases once.
    expect((await decide('reject', id, { reason: 'again' })).statusCode).toBe(409);
    expect(await withdrawableOf(creator)).toBe(5000);
  });

  it('lets one of an approval and a rejection racing win, and releases only if the rejection did', async () => {
    const creator = await creatorWith(5000);
    const id = await requested(creator, { amountMinor: 5000 });
    const answers = await Promise.all([decide('approve', id, { txnId: 'TXN-RACE' }), decide('reject', id, { reason: 'race' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const approvedWon = answers[0]?.statusCode === 200;
    expect(await withdrawableOf(creator)).toBe(approvedWon ? 0 : 5000);
    await expectNoAccountBelowZero();
  });

  it('marks a bounced payout returned, crediting it back once; a pending one cannot be', async () => {
    const creator = await creatorWith(6000);
    const pending = await requested(creator, { amountMinor: 2000 });
    const notPaid = await decide('returned', pending, { reason: 'bounced' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json<{ message: string }>().message).toBe('This withdrawal is pending; only an approved withdrawal can be marked returned');

    const paid = await requested(creator, { amountMinor: 4000 });
    expect((await decide('approve', paid, { txnId: 'TXN-BOUNCE' })).statusCode).toBe(200);
    expect(await withdrawableOf(creator)).toBe(0);
    const returned = await decide('returned', paid, { reason: 'The bank account is closed' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await statusOf(creator)).withdrawals.find((item) => item._id === paid)).toMatchObject({ status: 'returned', reason: 'The bank account is closed', reference: 'TXN-BOUNCE' });
    expect(await withdrawableOf(creator)).toBe(4000);
    expect((await decide('returned', paid, { reason: 'twice' })).statusCode).toBe(409);
    expect(await withdrawableOf(creator)).toBe(4000);
    // A payout that came back was not paid out that year.
    expect((await statusOf(creator)).yearlyTotals.find((total) => total.year === new Date().getUTCFullYear())?.paidOutMinor ?? 0).toBe(0);
  });

  it("freezes a banned member's pending withdrawal: shown as frozen, not approved, still rejectable", async () => {
    const creator = await creatorWith(5000);
    const id = await requested(creator, { amountMinor: 5000 });
    const banned = await app().inject({ method: 'POST', url: `/api/admin/user/${creator.user._id}/ban`, headers: bearer(adminToken), payload: { reason: 'Fraud' } });
    expect(banned.statusCode, banned.body).toBe(200);
    const listed = (await app().inject({ method: 'GET', url: '/api/admin/withdrawals/all?status=pending&limit=100', headers: bearer(adminToken) })).json<WithdrawalListResponse>();
    expect(listed.withdrawals.find((item) => item._id === id)?.frozen).toBe(true);
    const approve = await decide('approve', id, { txnId: 'TXN-FROZEN' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json<{ message: string }>().message).toBe(WITHDRAWAL_FROZEN_MESSAGE);
    expect((await decide('reject', id, { reason: 'Account banned for fraud' })).statusCode).toBe(200);
    const rows = await testApp.db.select().from(creatorEarnings).where(eq(creatorEarnings.withdrawalId, id));
    expect(rows.map((row) => [row.kind, row.amountMinor]).sort()).toEqual([['release', 5000], ['withdrawal', -5000]]);
  });

  it('refuses a fee above the amount', async () => {
    const creator = await creatorWith(2000);
    const id = await requested(creator);
    const response = await decide('approve', id, { txnId: 'TXN-FEE', feeMinor: 2001 });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('The fee cannot be more than the amount (20.00 USD)');
  });
});

describe("the creator's identity", () => {
  it('is given before a withdrawal, checked by an admin before the payout, and checked again once changed', async () => {
    const member = await registerUser(app());
    await enrolCreator(app(), member);
    await insertEarningEntry(testApp.db, { creatorId: member.user._id, kind: 'gift', amountMinor: 5000, currency: 'USD', test: false, idempotencyKey: randomUUID(), availableAt: new Date(Date.now() - DAY_MS), createdAt: new Date() });
    const refused = await withdraw(member);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(IDENTITY_REQUIRED_MESSAGE);

    const young = await app().inject({ method: 'PUT', url: '/api/creators/me/identity', headers: bearer(member.token), payload: { ...TEST_IDENTITY, birthDate: '2015-01-01' } });
    expect(young.statusCode).toBe(400);
    const blank = await app().inject({ method: 'PUT', url: '/api/creators/me/identity', headers: bearer(member.token), payload: { ...TEST_IDENTITY, taxId: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain('Tax id is required');

    await identityGiven(app(), member);
    expect((await statusOf(member)).identity).toMatchObject({ legalName: TEST_IDENTITY.legalName, taxIdEnding: '6789', checkedAt: null });
    const id = await requested(member);
    const listed = (await app().inject({ method: 'GET', url: '/api/admin/withdrawals/all?status=pending&limit=100', headers: bearer(adminToken) })).json<WithdrawalListResponse>();
    expect(listed.withdrawals.find((item) => item._id === id)?.identity).toMatchObject({ ...TEST_IDENTITY, checkedAt: null });
    const unchecked = await decide('approve', id, { txnId: 'TXN-ID' });
    expect(unchecked.statusCode).toBe(409);
    expect(unchecked.json<{ message: string }>().message).toBe(IDENTITY_UNCHECKED_MESSAGE);

    const unscreened = await app().inject({ method: 'POST', url: `/api/admin/creators/${member.user._id}/identity-check`, headers: bearer(adminToken), payload: {} });
    expect(unscreened.statusCode).toBe(400);
    await identityGiven(app(), member, adminToken);
    expect((await statusOf(member)).identity?.checkedAt).toEqual(expect.any(String));
    expect((await decide('approve', id, { txnId: 'TXN-ID' })).statusCode).toBe(200);

    // A changed identity waits for a new check.
    await identityGiven(app(), member);
    expect((await statusOf(member)).identity?.checkedAt).toBeNull();
    const stranger = await registerUser(app());
    const nobody = await app().inject({ method: 'POST', url: `/api/admin/creators/${stranger.user._id}/identity-check`, headers: bearer(adminToken), payload: { sanctionsScreened: true } });
    expect(nobody.statusCode).toBe(404);
  });
});
