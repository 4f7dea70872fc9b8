import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoinPack } from '../../../contract/store/catalogue';
import { COIN_REFUND_DAYS, COIN_REFUND_MESSAGES, type PurchaseHistoryResponse, type RefundPurchaseResponse } from '../../../contract/store/purchases';
import { balancesOffTheLots } from '../../../server/coins/queries/lots';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { purchases } from '../../../server/db/schema';
import { PROVIDER_UNREACHABLE } from '../../../server/store/at-provider';
import { PaymentProviderUnavailableError } from '../../../server/store/payments-provider';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinHistoryOf } from '../helpers/coins';
import { firstCoinPack } from '../helpers/catalogue';
import { outboxMessages } from '../helpers/outbox';
import { packBoughtOnTestProvider } from '../helpers/local-checkout';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A member refunds a coin pack on the local test provider (issue 48): within
// 14 days, while every coin of it is unspent; the coins leave with the money.

const DAY_MS = 86_400_000;

let testApp: TestApp;
let pack: CoinPack;
let adminToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  pack = await firstCoinPack(testApp.app);
  adminToken = await loginAdmin(testApp.app);
});
afterAll(() => testApp?.close());

const boughtPack = (member: RegisteredUser) => packBoughtOnTestProvider(testApp.app, testApp.db, member, pack._id);

async function storedPurchase(id: string) {
  const [row] = await testApp.db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) throw new Error(`no purchase ${id}`);
  return row;
}

const refund = (member: RegisteredUser, purchaseId: string) => testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/refund`, headers: bearer(member.token) });

async function historyOf(member: RegisteredUser): Promise<PurchaseHistoryResponse> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/store/purchases', headers: bearer(member.token) })).json<PurchaseHistoryResponse>();
}

const coinsOf = (member: RegisteredUser) => coinHistoryOf(testApp.app, member);

function adjustCoins(member: RegisteredUser, amount: number) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/admin/user/${member.user._id}/coins`,
    headers: bearer(adminToken),
    payload: { amount, reason: 'refund test', requestId: randomUUID() },
  });
}

describe("refunding a coin pack's unspent coins", () => {
  it('offers the refund for 14 days, takes the coins with the money, says so on screen and by email, and only once', async () => {
    const member = await registerUser(testApp.app);
    const purchaseId = await boughtPack(member);
    const [offered] = (await historyOf(member)).purchases;
    const paidAt = (await storedPurchase(purchaseId)).paidAt?.getTime() ?? 0;
    expect(offered).toMatchObject({ _id: purchaseId, refundStatus: null, refundableUntil: new Date(paidAt + COIN_REFUND_DAYS * DAY_MS).toISOString() });

    const response = await refund(member, purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    const amount = `${(pack.price.amountMinor / 100).toFixed(2)} ${pack.price.currency}`;
    const refunded = response.json<RefundPurchaseResponse>();
    expect(refunded).toMatchObject({ balance: 0, message: COIN_REFUND_MESSAGES.refunded(amount, pack.coins.toLocaleString('en-US')) });
    expect(refunded.purchase).toMatchObject({ refundStatus: 'succeeded', refunded: pack.price, refundableUntil: null });

    const coins = await coinsOf(member);
    expect(coins.balance).toBe(0);
    expect(coins.entries[0]).toMatchObject({ kind: 'refunded', amount: -pack.coins, balanceAfter: 0 });
    expect((await historyOf(member)).purchases[0]).toMatchObject({ refundStatus: 'succeeded', refundableUntil: null });

    const again = await refund(member, purchaseId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: COIN_REFUND_MESSAGES.alreadyAsked });
    expect((await coinsOf(member)).balance).toBe(0);

    await testApp.app.mailer.idle();
    const mails = outboxMessages(testApp.outboxDir, member.body.email).filter((message) => message.subject.startsWith('Your Orbit refund'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(refunded.message);
  });

  it('refunds once when asked twice at once', async () => {
    const member = await registerUser(testApp.app);
    const purchaseId = await boughtPack(member);
    const answers = await Promise.all([refund(member, purchaseId), refund(member, purchaseId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const coins = await coinsOf(member);
    expect(coins.balance).toBe(0);
    expect(coins.entries.filter((entry) => entry.kind === 'refunded')).toHaveLength(1);
  });

  it('still refunds after earned or granted coins were spent, and refuses once a coin of the pack itself was', async () => {
    const member = await registerUser(testApp.app);
    const purchaseId = await boughtPack(member);
    // Granted coins are spent first: the pack's own coins stay whole.
    expect((await adjustCoins(member, 10)).statusCode).toBe(200);
    expect((await adjustCoins(member, -10)).statusCode).toBe(200);
    expect((await historyOf(member)).purchases[0]?.refundableUntil).not.toBeNull();

    expect((await adjustCoins(member, -1)).statusCode).toBe(200);
    expect((await historyOf(member)).purchases[0]?.refundableUntil).toBeNull();
    const refused = await refund(member, purchaseId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: COIN_REFUND_MESSAGES.spent });
    expect((await coinsOf(member)).balance).toBe(pack.coins - 1);
    expect((await storedPurchase(purchaseId)).refundStatus).toBeNull();
  });

  it('refuses after 14 days, and refuses another member', async () => {
    const member = await registerUser(testApp.app);
    const purchaseId = await boughtPack(member);
    const stranger = await registerUser(testApp.app);
    expect((await refund(stranger, purchaseId)).statusCode).toBe(404);

    await testApp.db
      .update(purchases)
      .set({ paidAt: new Date(Date.now() - (COIN_REFUND_DAYS * DAY_MS + 60_000)) })
      .where(eq(purchases.id, purchaseId));
    expect((await historyOf(member)).purchases[0]?.refundableUntil).toBeNull();
    const late = await refund(member, purchaseId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: COIN_REFUND_MESSAGES.tooLate });
    expect((await coinsOf(member)).balance).toBe(pack.coins);
  });

  it('puts the coins back when the provider cannot be reached, and a later try refunds', async () => {
    const member = await registerUser(testApp.app);
    const purchaseId = await boughtPack(member);
    const outage = vi.spyOn(testApp.app.payments, 'refund').mockRejectedValueOnce(new PaymentProviderUnavailableError('connection refused'));
    try {
      const down = await refund(member, purchaseId);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ message: PROVIDER_UNREACHABLE });
    } finally {
      outage.mockRestore();
    }
    const coins = await coinsOf(member);
    expect(coins.balance).toBe(pack.coins);
    expect(coins.entries.slice(0, 2).map((entry) => entry.kind)).toEqual(['restored', 'refunded']);
    expect((await storedPurchase(purchaseId)).refundStatus).toBeNull();

    expect((await refund(member, purchaseId)).statusCode).toBe(200);
    expect((await coinsOf(member)).balance).toBe(0);
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
    expect(await balancesOffTheLots(testApp.db)).toEqual([]);
  });
});
