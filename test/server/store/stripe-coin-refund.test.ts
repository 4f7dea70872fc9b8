import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinPack } from '../../../contract/store/catalogue';
import { COIN_REFUND_MESSAGES, type RefundPurchaseResponse } from '../../../contract/store/purchases';
import { balancesOffTheLots } from '../../../server/coins/queries/lots';
import { purchases } from '../../../server/db/schema';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinHistoryOf } from '../helpers/coins';
import { firstCoinPack } from '../helpers/catalogue';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { deliverStripeEvent, packBoughtThroughStripe } from '../helpers/stripe-purchase';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A member's refund of a coin pack through Stripe (issue 48), against the
// fake Stripe: refunds.create keyed on the purchase, a refund Stripe refuses
// at once, and one it accepts as pending that fails later (refund.failed).

let stripe: FakeStripe;
let testApp: TestApp;
let pack: CoinPack;

beforeAll(async () => {
  stripe = await startFakeStripe();
  testApp = await createTestApp({ payments: { provider: 'stripe', secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, api: stripe.address } });
  pack = await firstCoinPack(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
  await stripe?.close();
});

const deliver = (payload: string) => deliverStripeEvent(testApp.app, payload);
const boughtPack = (member: RegisteredUser) => packBoughtThroughStripe(testApp.app, stripe, member, pack._id);

const refund = (member: RegisteredUser, purchaseId: string) => testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/refund`, headers: bearer(member.token) });

const coinsOf = (member: RegisteredUser) => coinHistoryOf(testApp.app, member);

async function storedPurchase(id: string) {
  const [row] = await testApp.db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) throw new Error(`no purchase ${id}`);
  return row;
}

describe('refunding a coin pack through Stripe', () => {
  it('asks Stripe for the whole payment back, keyed on the purchase, and keeps its refund', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    const response = await refund(member, purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    const [made, ...more] = stripe.refundsOf(paymentIntent);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ amount: pack.price.amountMinor, status: 'succeeded', idempotencyKey: `refund:${purchaseId}` });
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: 'succeeded', refundId: made?.id, refundedMinor: pack.price.amountMinor });
    expect((await coinsOf(member)).balance).toBe(0);
  });

  it('puts the coins back when Stripe refuses the refund at once', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId } = await boughtPack(member);
    stripe.nextRefundStatus('failed');
    const response = await refund(member, purchaseId);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: COIN_REFUND_MESSAGES.refused });
    expect((await coinsOf(member)).balance).toBe(pack.coins);
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: 'failed', refundedMinor: 0 });
    // Refused is final here: the team refunds by hand.
    expect((await refund(member, purchaseId)).json()).toMatchObject({ message: COIN_REFUND_MESSAGES.alreadyAsked });
  });

  it('keeps a pending refund pending until Stripe settles it; refund.failed puts the coins back once, however often delivered', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    stripe.nextRefundStatus('pending');
    const response = await refund(member, purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<RefundPurchaseResponse>();
    expect(answer.purchase.refundStatus).toBe('pending');
    expect(answer.message).toMatch(/^Refund asked: /);
    expect((await coinsOf(member)).balance).toBe(0);

    const made = stripe.refundsOf(paymentIntent)[0];
    stripe.settleRefund(made?.id ?? '', 'failed');
    // The event's snapshot says nothing Orbit trusts: it asks Stripe for the refund.
    const event = stripe.refundEvent('refund.failed', made?.id ?? '');
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(stripe.refundEvent('refund.updated', made?.id ?? ''))).statusCode).toBe(200);

    const coins = await coinsOf(member);
    expect(coins.balance).toBe(pack.coins);
    expect(coins.entries.filter((entry) => entry.kind === 'restored')).toHaveLength(1);
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: 'failed', refundedMinor: 0 });
    expect(await balancesOffTheLots(testApp.db)).toEqual([]);
  });

  it("finds the purchase by the refund's metadata when Stripe's event comes before Orbit stored the refund's id", async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    stripe.nextRefundStatus('pending');
    expect((await refund(member, purchaseId)).statusCode).toBe(200);
    const made = stripe.refundsOf(paymentIntent)[0];
    expect(made?.metadata).toEqual({ purchaseId });
    // As if the event had overtaken the answer: the refund's id is not stored yet.
    await testApp.db.update(purchases).set({ refundId: null, refundedMinor: 0, refundedAt: null }).where(eq(purchases.id, purchaseId));
    stripe.settleRefund(made?.id ?? '', 'succeeded');
    expect((await deliver(stripe.refundEvent('refund.updated', made?.id ?? ''))).statusCode).toBe(200);
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: 'succeeded', refundId: made?.id, refundedMinor: pack.price.amountMinor });
  });

  it('marks a pending refund settled when Stripe says it succeeded', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    stripe.nextRefundStatus('pending');
    expect((await refund(member, purchaseId)).statusCode).toBe(200);
    const made = stripe.refundsOf(paymentIntent)[0];
    stripe.settleRefund(made?.id ?? '', 'succeeded');
    expect((await deliver(stripe.refundEvent('refund.updated', made?.id ?? ''))).statusCode).toBe(200);
    expect(await storedPurchase(purchaseId)).toMatchObject({ refundStatus: 'succeeded', refundedMinor: pack.price.amountMinor });
    expect((await coinsOf(member)).balance).toBe(0);
  });
});
