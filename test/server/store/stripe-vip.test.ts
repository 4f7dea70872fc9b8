import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../../contract/members/profile';
import type { VipPlan } from '../../../contract/store/catalogue';
import type { PurchaseHistoryResponse, PurchaseResponse, StartCheckoutResponse } from '../../../contract/store/purchases';
import { subscriptionChangeResponseSchema, subscriptionResponseSchema, type VipSubscription } from '../../../contract/store/subscriptions';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, signStripeWebhook, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { vipPlanNamed } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';

// VIP as a Stripe subscription, through the app and the real SDK against the
// fake of Stripe's API: Checkout in mode subscription, the return page,
// Stripe's signed invoice and subscription webhooks (each re-read from
// Stripe), and cancel and plan change through subscriptions.update.

const WEBHOOK_PATH = '/api/store/webhooks/stripe';

let stripe: FakeStripe;
let testApp: TestApp;
let gold: VipPlan;
let platinum: VipPlan;

beforeAll(async () => {
  stripe = await startFakeStripe();
  testApp = await createTestApp({ payments: { provider: 'stripe', secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, api: stripe.address } });
  gold = await vipPlanNamed(testApp.app, 'Gold');
  platinum = await vipPlanNamed(testApp.app, 'Platinum');
});
afterAll(async () => {
  await testApp?.close();
  await stripe?.close();
});

const inject = (member: RegisteredUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(member.token), ...(payload ? { payload } : {}) });

function deliver(payload: string) {
  return testApp.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhook(payload) }, payload });
}

async function subscriptionOf(member: RegisteredUser): Promise<VipSubscription | null> {
  return subscriptionResponseSchema.parse((await inject(member, 'GET', '/api/store/subscription')).json()).subscription;
}

async function vipUntilOf(member: RegisteredUser): Promise<string | null> {
  return meResponseSchema.parse((await inject(member, 'GET', '/api/user/me')).json()).user.vipUntil;
}

/** Get VIP, paid on Stripe's page, confirmed by the return page (no webhook needed). */
async function subscribe(member: RegisteredUser): Promise<{ subscriptionId: string; purchaseId: string }> {
  const started = await inject(member, 'POST', '/api/store/checkout', { item: { kind: 'vipPlan', id: gold._id }, attemptId: randomUUID(), startNow: true });
  expect(started.statusCode, started.body).toBe(200);
  const { purchase, checkoutUrl } = started.json<StartCheckoutResponse>();
  const sessionId = /(cs_test_\w+)$/.exec(checkoutUrl)?.[1] ?? '';
  const session = stripe.pay(sessionId);
  const confirmed = await inject(member, 'POST', `/api/store/purchases/${purchase._id}/confirm`);
  expect(confirmed.json<PurchaseResponse>().purchase.status).toBe('paid');
  if (!session.subscription) throw new Error('the paid session started no subscription');
  return { subscriptionId: session.subscription, purchaseId: purchase._id };
}

describe('VIP through Stripe', () => {
  it('a plan is a Checkout Session in mode subscription, billed every month, and paying it makes the member VIP to the period end', async () => {
    const member = await registerUser(testApp.app);
    const { subscriptionId } = await subscribe(member);
    const created = stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions').at(-1);
    expect(created?.params).toMatchObject({ mode: 'subscription', line_items: { 0: { price_data: { unit_amount: String(gold.price.amountMinor), recurring: { interval: 'month', interval_count: '1' } } } } });
    const subscription = await subscriptionOf(member);
    const item = stripe.subscriptionItem(subscriptionId);
    expect(subscription).toMatchObject({ planName: 'Gold', status: 'active', billingMonths: 1, testPayment: false });
    expect(subscription?.currentPeriodEnd).toBe(new Date(item.current_period_end * 1000).toISOString());
    expect(await vipUntilOf(member)).toBe(subscription?.currentPeriodEnd);
  });

  it('a failed renewal ends VIP with the paid period; the paid retry restores it and is a purchase; redelivery changes nothing', async () => {
    const member = await registerUser(testApp.app);
    const { subscriptionId } = await subscribe(member);
    const paidUntil = await vipUntilOf(member);

    const failed = stripe.failSubscriptionRenewal(subscriptionId);
    expect((await deliver(stripe.invoiceEvent('invoice.payment_failed', failed.id))).statusCode).toBe(200);
    expect((await subscriptionOf(member))?.status).toBe('pastDue');
    expect(await vipUntilOf(member)).toBe(paidUntil);

    const retried = stripe.createInvoice(subscriptionId, { billingReason: 'subscription_cycle', paid: true });
    stripe.subscription(subscriptionId).status = 'active';
    const paidEvent = stripe.invoiceEvent('invoice.paid', retried.id);
    for (let delivery = 0; delivery < 2; delivery += 1) expect((await deliver(paidEvent)).statusCode).toBe(200);
    const restored = await subscriptionOf(member);
    expect(restored?.status).toBe('active');
    expect(await vipUntilOf(member)).toBe(restored?.currentPeriodEnd);
    expect(restored?.currentPeriodEnd).not.toBe(paidUntil);
    const history = (await inject(member, 'GET', '/api/store/purchases')).json<PurchaseHistoryResponse>();
    expect(history.purchases.filter((purchase) => purchase.status === 'paid').map((purchase) => purchase.amount.amountMinor)).toEqual([retried.amount_paid, gold.price.amountMinor]);
  });

  it('cancel sets cancel_at_period_end at Stripe; Stripe deleting it at the period end ends the subscription', async () => {
    const member = await registerUser(testApp.app);
    const { subscriptionId } = await subscribe(member);
    const cancelled = subscriptionChangeResponseSchema.parse((await inject(member, 'POST', '/api/store/subscription/cancel')).json());
    expect(cancelled.subscription.cancelAtPeriodEnd).toBe(true);
    expect(stripe.subscription(subscriptionId).cancel_at_period_end).toBe(true);
    stripe.endSubscription(subscriptionId);
    expect((await deliver(stripe.subscriptionEvent('customer.subscription.deleted', subscriptionId))).statusCode).toBe(200);
    expect(await subscriptionOf(member)).toBeNull();
  });

  it('a plan change replaces the price at Stripe and the level at once', async () => {
    const member = await registerUser(testApp.app);
    const { subscriptionId } = await subscribe(member);
    const changed = await inject(member, 'POST', '/api/store/subscription/plan', { planId: platinum._id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(subscriptionChangeResponseSchema.parse(changed.json()).subscription).toMatchObject({ planName: 'Platinum', billingMonths: 3, price: platinum.price });
    const price = stripe.subscriptionItem(subscriptionId).price;
    expect(price).toMatchObject({ unit_amount: platinum.price.amountMinor, recurring: { interval: 'month', interval_count: 3 } });
    expect(meResponseSchema.parse((await inject(member, 'GET', '/api/user/me')).json()).user.vipTier).toBe('Platinum');
  });

  it('a withdrawal cancels at Stripe now and refunds the first invoice\'s payment less the day used, once', async () => {
    const member = await registerUser(testApp.app);
    const { subscriptionId, purchaseId } = await subscribe(member);
    const withdrawn = await inject(member, 'POST', '/api/store/subscription/withdraw');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
    // No renewal yet: the subscription's latest invoice is its first, paid at checkout.
    const firstInvoice = stripe.subscription(subscriptionId).latest_invoice ?? '';
    const refunds = stripe.refundsOf(stripe.paymentIntentOfInvoice(firstInvoice).id);
    // One day begun of a 30-day month: 999 less 33.
    expect(refunds.map((refund) => [refund.amount, refund.idempotencyKey])).toEqual([[966, `refund:${purchaseId}`]]);
    expect(await subscriptionOf(member)).toBeNull();
    expect(meResponseSchema.parse((await inject(member, 'GET', '/api/user/me')).json()).user.isVIP).toBe(false);
    expect((await inject(member, 'POST', '/api/store/subscription/withdraw')).statusCode).toBe(404);
  });
});
