import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoinHistoryResponse } from '../../../contract/coins/ledger';
import type { CoinPack } from '../../../contract/store/catalogue';
import type { TestDisputeResponse } from '../../../contract/store/test-checkout';
import { purchases } from '../../../server/db/schema';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { firstCoinPack } from '../helpers/catalogue';
import { packBoughtOnTestProvider } from '../helpers/local-checkout';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ARRIVAL_MS } from '../helpers/waits';

// The local test provider plays the card holder's bank (issue 48): a test
// disputes a paid test payment and closes the dispute, and Orbit hears of it
// through the same signed webhook path as Stripe's. What a dispute does to
// coins is tested against the fake Stripe (stripe-disputes.test.ts).

let testApp: TestApp;
let pack: CoinPack;

beforeAll(async () => {
  testApp = await createTestApp();
  pack = await firstCoinPack(testApp.app);
});
afterAll(() => testApp?.close());

async function paymentOf(purchaseId: string): Promise<string> {
  const [row] = await testApp.db.select({ paymentId: purchases.paymentId }).from(purchases).where(eq(purchases.id, purchaseId));
  return row?.paymentId ?? '';
}

const dispute = (member: RegisteredUser, paymentId: string, status: string) =>
  testApp.app.inject({ method: 'POST', url: `/api/store/test-payments/${paymentId}/dispute`, headers: bearer(member.token), payload: { status } });

async function balanceOf(member: RegisteredUser): Promise<number> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/coins/history', headers: bearer(member.token) })).json<CoinHistoryResponse>().balance;
}

async function disputeStatusOf(purchaseId: string) {
  const [row] = await testApp.db.select({ status: purchases.disputeStatus }).from(purchases).where(eq(purchases.id, purchaseId));
  return row?.status;
}

describe('a test payment disputed on the local provider', () => {
  it('holds the coins while open and gives them back when won, through the signed webhook', async () => {
    const member = await registerUser(testApp.app);
    const purchaseId = await packBoughtOnTestProvider(testApp.app, testApp.db, member, pack._id);
    const paymentId = await paymentOf(purchaseId);

    const opened = await dispute(member, paymentId, 'open');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<TestDisputeResponse>().dispute).toEqual({ id: `tdp_${paymentId.slice(4)}`, paymentId, status: 'open' });
    await vi.waitFor(async () => expect(await disputeStatusOf(purchaseId)).toBe('open'), { timeout: ARRIVAL_MS, interval: 20 });
    expect(await balanceOf(member)).toBe(0);

    expect((await dispute(member, paymentId, 'won')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await disputeStatusOf(purchaseId)).toBe('won'), { timeout: ARRIVAL_MS, interval: 20 });
    expect(await balanceOf(member)).toBe(pack.coins);
  });

  it("refuses another member's payment, an unpaid one and an unknown status", async () => {
    const member = await registerUser(testApp.app);
    const purchaseId = await packBoughtOnTestProvider(testApp.app, testApp.db, member, pack._id);
    const paymentId = await paymentOf(purchaseId);
    const stranger = await registerUser(testApp.app);
    expect((await dispute(stranger, paymentId, 'open')).statusCode).toBe(404);
    expect((await dispute(member, paymentId, 'refunded')).statusCode).toBe(400);

    const unpaid = await packBoughtOnTestProvider(testApp.app, testApp.db, member, pack._id, false);
    const [row] = await testApp.db.select({ sessionId: purchases.checkoutSessionId }).from(purchases).where(eq(purchases.id, unpaid));
    const refused = await dispute(member, `tpi_${(row?.sessionId ?? '').slice(4)}`, 'open');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Only a paid test payment can be disputed' });
    expect(await balanceOf(member)).toBe(pack.coins);
  });
});
