import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinPack } from '../../../contract/store/catalogue';
import { coinsOwedMessage } from '../../../server/coins/ledger';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { balancesOffTheLots } from '../../../server/coins/queries/lots';
import { purchases } from '../../../server/db/schema';
import { coinPackOfAtLeast } from '../helpers/catalogue';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinHistoryOf, coinsOwedBy } from '../helpers/coins';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { deliverStripeEvent, packBoughtThroughStripe } from '../helpers/stripe-purchase';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A refund Orbit's team makes at Stripe's dashboard (issue 48): Orbit never
// asked for it, yet the money went back, so the pack's coins leave too, once,
// whichever of Stripe's events about it (refund.created, charge.refunded,
// refund.updated) comes first; coins already spent are owed.

let stripe: FakeStripe;
let testApp: TestApp;
let pack: CoinPack;

beforeAll(async () => {
  stripe = await startFakeStripe();
  testApp = await createTestApp({ payments: { provider: 'stripe', secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, api: stripe.address } });
  // Big enough that a spend or two leaves some of it unspent.
  pack = await coinPackOfAtLeast(testApp.app, 500);
});
afterAll(async () => {
  await testApp?.close();
  await stripe?.close();
});

const deliver = async (payload: string) => expect((await deliverStripeEvent(testApp.app, payload)).statusCode).toBe(200);
const boughtPack = (member: RegisteredUser) => packBoughtThroughStripe(testApp.app, stripe, member, pack._id);
const spend = (member: RegisteredUser) => testApp.app.inject({ method: 'POST', url: '/api/coins/spend', headers: bearer(member.token), payload: { item: 'extraLikes', attemptId: randomUUID() } });

const coinsOf = (member: RegisteredUser) => coinHistoryOf(testApp.app, member);

const owedBy = (member: RegisteredUser) => coinsOwedBy(testApp.db, member);

async function storedPurchase(id: string) {
  const [row] = await testApp.db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) throw new Error(`no purchase ${id}`);
  return row;
}

async function ledgerAgrees() {
  expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  expect(await balancesOffTheLots(testApp.db)).toEqual([]);
}

describe('a refund made at Stripe’s dashboard', () => {
  it('takes the whole pack’s coins back once, however many of its events arrive', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    const made = stripe.refundAtDashboard(paymentIntent);

    await deliver(stripe.refundEvent('refund.created', made.id));
    await deliver(stripe.chargeRefundedEvent(paymentIntent));
    await deliver(stripe.refundEvent('refund.updated', made.id));

    const coins = await coinsOf(member);
    expect(coins.balance).toBe(0);
    expect(coins.entries.filter((entry) => entry.kind === 'refunded').map((entry) => entry.amount)).toEqual([-pack.coins]);
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: 'succeeded', refundId: made.id, refundedMinor: pack.price.amountMinor });
    await ledgerAgrees();
  });

  it('acts on charge.refunded alone, asking Stripe for the payment’s refunds', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    stripe.refundAtDashboard(paymentIntent);
    await deliver(stripe.chargeRefundedEvent(paymentIntent));
    expect((await coinsOf(member)).balance).toBe(0);
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: 'succeeded', refundedMinor: pack.price.amountMinor });
    await ledgerAgrees();
  });

  it('owes the coins already spent: spending waits until new coins settle them', async () => {
    const member = await registerUser(testApp.app);
    const { paymentIntent } = await boughtPack(member);
    expect((await spend(member)).statusCode).toBe(200);
    const spent = pack.coins - (await coinsOf(member)).balance;
    expect(spent).toBeGreaterThan(0);

    const made = stripe.refundAtDashboard(paymentIntent);
    await deliver(stripe.refundEvent('refund.created', made.id));
    expect((await coinsOf(member)).balance).toBe(0);
    expect(await owedBy(member)).toBe(spent);
    const paused = await spend(member);
    expect(paused.statusCode).toBe(409);
    expect(paused.json()).toMatchObject({ message: coinsOwedMessage(spent) });
    await ledgerAgrees();
  });

  it('takes back the refunded share of the coins for a refund in parts, rounded up, and the rest with the last part', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    const third = Math.floor(pack.price.amountMinor / 3);
    const first = stripe.refundAtDashboard(paymentIntent, third);
    await deliver(stripe.refundEvent('refund.created', first.id));
    const firstShare = Math.ceil((pack.coins * third) / pack.price.amountMinor);
    expect((await coinsOf(member)).balance).toBe(pack.coins - firstShare);
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: null, refundedMinor: third });

    const rest = stripe.refundAtDashboard(paymentIntent);
    await deliver(stripe.chargeRefundedEvent(paymentIntent));
    await deliver(stripe.refundEvent('refund.created', rest.id));
    expect((await coinsOf(member)).balance).toBe(0);
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: 'succeeded', refundedMinor: pack.price.amountMinor });
    await ledgerAgrees();
  });

  it('waits for a pending refund to succeed, and takes nothing for one that failed', async () => {
    const member = await registerUser(testApp.app);
    const { paymentIntent } = await boughtPack(member);
    stripe.nextRefundStatus('pending');
    const pending = stripe.refundAtDashboard(paymentIntent);
    await deliver(stripe.refundEvent('refund.created', pending.id));
    expect((await coinsOf(member)).balance).toBe(pack.coins);
    stripe.settleRefund(pending.id, 'failed');
    await deliver(stripe.refundEvent('refund.failed', pending.id));
    expect((await coinsOf(member)).balance).toBe(pack.coins);

    stripe.nextRefundStatus('pending');
    const later = stripe.refundAtDashboard(paymentIntent);
    await deliver(stripe.refundEvent('refund.created', later.id));
    expect((await coinsOf(member)).balance).toBe(pack.coins);
    stripe.settleRefund(later.id, 'succeeded');
    await deliver(stripe.refundEvent('refund.updated', later.id));
    expect((await coinsOf(member)).balance).toBe(0);
    await ledgerAgrees();
  });

  it('leaves a member’s own refund to its own path: the coins leave once', async () => {
    const member = await registerUser(testApp.app);
    const { paymentIntent, purchaseId } = await boughtPack(member);
    const response = await testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/refund`, headers: bearer(member.token) });
    expect(response.statusCode, response.body).toBe(200);
    await deliver(stripe.chargeRefundedEvent(paymentIntent));
    const coins = await coinsOf(member);
    expect(coins.balance).toBe(0);
    expect(coins.entries.filter((entry) => entry.kind === 'refunded')).toHaveLength(1);
    expect(await owedBy(member)).toBe(0);
  });
});
