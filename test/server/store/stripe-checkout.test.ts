import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinHistoryResponse } from '../../../contract/coins/ledger';
import type { CoinPack } from '../../../contract/store/catalogue';
import { TEST_PAYMENT_LABEL, type CancelCheckoutResponse, type PurchaseResponse, type StartCheckoutResponse } from '../../../contract/store/purchases';
import { paymentCustomers, paymentEvents, purchases } from '../../../server/db/schema';
import { PROVIDER_UNREACHABLE_AT_CHECKOUT } from '../../../server/store/at-provider';
import { STRIPE_API_VERSION, STRIPE_EXPIRY_MARGIN_SECONDS } from '../../../server/store/stripe-provider';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { closedPort } from '../helpers/closed-port';
import { outboxMessages } from '../helpers/outbox';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, signStripeWebhook, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { firstCoinPack } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Buying a coin pack through Stripe Checkout, against a fake of Stripe's API
// (helpers/fake-stripe.ts) reached through the real SDK: the customer and the
// session Orbit creates, Stripe's signed webhooks, the return page, and
// everything that must not grant coins.

const WEBHOOK_PATH = '/api/store/webhooks/stripe';

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

const buyNow = () => ({ item: { kind: 'coinPack', id: pack._id }, attemptId: randomUUID(), waiveWithdrawal: true });

function startCheckout(app: TestApp, member: RegisteredUser, body: object = buyNow()) {
  return app.app.inject({ method: 'POST', url: '/api/store/checkout', headers: bearer(member.token), payload: body });
}

async function checkout(member: RegisteredUser, body: object = buyNow()): Promise<StartCheckoutResponse & { sessionId: string }> {
  const response = await startCheckout(testApp, member, body);
  expect(response.statusCode, response.body).toBe(200);
  const started = response.json<StartCheckoutResponse>();
  const sessionId = /^https:\/\/checkout\.stripe\.com\/c\/pay\/(cs_test_\w+)$/.exec(started.checkoutUrl)?.[1];
  if (!sessionId) throw new Error(`not a Stripe checkout URL: ${started.checkoutUrl}`);
  return { ...started, sessionId };
}

function confirm(member: RegisteredUser, purchaseId: string) {
  return testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/confirm`, headers: bearer(member.token) });
}

/** Posts an event as Stripe does, signed with the endpoint's secret unless a signature (or null: none) is given. */
function deliver(payload: string, signature: string | null = signStripeWebhook(payload)) {
  return testApp.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}

async function balanceOf(member: RegisteredUser): Promise<number> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/coins/history', headers: bearer(member.token) })).json<CoinHistoryResponse>().balance;
}

async function storedPurchase(id: string) {
  const [row] = await testApp.db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) throw new Error(`no purchase ${id}`);
  return row;
}

describe('buying a coin pack through Stripe', () => {
  it('says real money moves here', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/store/payments' });
    expect(response.json()).toEqual({ success: true, provider: 'stripe', testPayments: false });
  });

  it('makes one Stripe customer per member and one session per Buy Now, at the price shown, however often it is sent', async () => {
    const member = await registerUser(testApp.app);
    const body = buyNow();
    const [first, again] = await Promise.all([checkout(member, body), checkout(member, body)]);
    expect(again.purchase._id).toBe(first.purchase._id);
    expect(again.sessionId).toBe(first.sessionId);
    expect(first.purchase).toMatchObject({ status: 'pending', provider: 'stripe', testPayment: false });

    const session = stripe.session(first.sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: first.purchase._id,
      metadata: { purchaseId: first.purchase._id },
      amount_total: pack.price.amountMinor,
      currency: pack.price.currency.toLowerCase(),
      success_url: `http://localhost:5002/coins?purchase=${first.purchase._id}`,
      cancel_url: `http://localhost:5002/coins?purchase=${first.purchase._id}&checkout=cancelled`,
      lineItems: [{ quantity: 1, currency: pack.price.currency.toLowerCase(), unitAmount: pack.price.amountMinor, name: pack.name }],
    });
    const purchase = await storedPurchase(first.purchase._id);
    // Stripe's minimum is 30 minutes after creation: the session outlasts Orbit's 30 minutes by the margin.
    expect(session.expires_at).toBe(Math.ceil((purchase.checkoutExpiresAt?.getTime() ?? 0) / 1000) + STRIPE_EXPIRY_MARGIN_SECONDS);
    expect(purchase.checkoutSessionId).toBe(first.sessionId);

    // A second Buy Now is a second session, for the same customer.
    const second = await checkout(member);
    expect(second.sessionId).not.toBe(first.sessionId);
    const [customer, ...more] = await testApp.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, member.user._id));
    expect(more).toEqual([]);
    expect(customer).toMatchObject({ provider: 'stripe', customerId: session.customer });
    expect(stripe.session(second.sessionId).customer).toBe(customer?.customerId);
    expect(stripe.customers.get(customer?.customerId ?? '')).toMatchObject({ email: member.body.email, metadata: { userId: member.user._id } });
    expect([...stripe.customers.values()].filter((each) => each.metadata.userId === member.user._id)).toHaveLength(1);

    // Every request names the pinned API version; creations carry Orbit's idempotency keys.
    const mine = stripe.requests.filter((request) => request.idempotencyKey === `customer:${member.user._id}` || request.idempotencyKey === `checkout:${first.purchase._id}`);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(stripe.requests.every((request) => request.stripeVersion === STRIPE_API_VERSION)).toBe(true);
  });

  it('credits once when Stripe\'s signed webhook says paid, however often it is delivered', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    stripe.pay(started.sessionId);
    const event = stripe.event('checkout.session.completed', started.sessionId);

    const delivered = await deliver(event);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true });
    const paid = await storedPurchase(started.purchase._id);
    expect(paid).toMatchObject({ status: 'paid', paymentId: stripe.session(started.sessionId).payment_intent });
    expect(await balanceOf(member)).toBe(pack.coins);

    // Stripe retries a delivery it did not see answered; another event about the same session; the return page.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(stripe.event('checkout.session.completed', started.sessionId))).statusCode).toBe(200);
    expect((await confirm(member, started.purchase._id)).json<PurchaseResponse>().purchase.status).toBe('paid');
    expect(await balanceOf(member)).toBe(pack.coins);

    // One receipt, and a real one: no test-payment label.
    await testApp.app.mailer.idle();
    const receipts = outboxMessages(testApp.outboxDir, member.body.email).filter((message) => message.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).not.toContain(TEST_PAYMENT_LABEL);
  });

  it('refuses a webhook whose signature does not hold, and grants nothing', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    stripe.pay(started.sessionId);
    const event = stripe.event('checkout.session.completed', started.sessionId);

    const forged = await deliver(event, signStripeWebhook(event, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ message: string }>().message).toMatch(/^Webhook refused: /);
    expect((await deliver(event, null)).statusCode).toBe(400);
    expect((await deliver(event, 't=1,v1=00')).statusCode).toBe(400);
    // Signed over other bytes than those sent.
    expect((await deliver(event.replace('checkout.session.completed', 'checkout.session.expired'), signStripeWebhook(event))).statusCode).toBe(400);
    expect((await storedPurchase(started.purchase._id)).status).toBe('pending');
    expect(await balanceOf(member)).toBe(0);
  });

  it('grants through the return page alone when the webhook never came, once however often it is asked', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    expect((await confirm(member, started.purchase._id)).json<PurchaseResponse>().purchase.status).toBe('pending');
    stripe.pay(started.sessionId);
    const answers = await Promise.all([confirm(member, started.purchase._id), confirm(member, started.purchase._id), confirm(member, started.purchase._id)]);
    for (const answer of answers) expect(answer.json<PurchaseResponse>().purchase.status).toBe('paid');
    expect(await balanceOf(member)).toBe(pack.coins);
  });

  it('grants nothing when what Stripe charged is not what the purchase costs', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    stripe.pay(started.sessionId);
    stripe.chargeInstead(started.sessionId, 1);
    expect((await deliver(stripe.event('checkout.session.completed', started.sessionId))).statusCode).toBe(200);
    expect((await confirm(member, started.purchase._id)).json<PurchaseResponse>().purchase.status).toBe('pending');
    expect(await balanceOf(member)).toBe(0);
  });

  it('waits for a delayed payment, then grants it, or fails it without coins', async () => {
    const member = await registerUser(testApp.app);
    const later = await checkout(member);
    stripe.payLater(later.sessionId);
    expect((await deliver(stripe.event('checkout.session.completed', later.sessionId))).statusCode).toBe(200);
    expect((await storedPurchase(later.purchase._id)).status).toBe('processing');
    expect(await balanceOf(member)).toBe(0);
    stripe.settleLater(later.sessionId);
    expect((await deliver(stripe.event('checkout.session.async_payment_succeeded', later.sessionId))).statusCode).toBe(200);
    expect((await storedPurchase(later.purchase._id)).status).toBe('paid');
    expect(await balanceOf(member)).toBe(pack.coins);

    const failing = await checkout(member);
    stripe.payLater(failing.sessionId);
    expect((await confirm(member, failing.purchase._id)).json<PurchaseResponse>().purchase.status).toBe('processing');
    stripe.failLater(failing.sessionId);
    expect((await deliver(stripe.event('checkout.session.async_payment_failed', failing.sessionId))).statusCode).toBe(200);
    expect((await storedPurchase(failing.purchase._id)).status).toBe('failed');
    expect(await balanceOf(member)).toBe(pack.coins);
  });

  it('closes a cancelled checkout at Stripe, and keeps a payment made just before', async () => {
    const member = await registerUser(testApp.app);
    const left = await checkout(member);
    const cancelled = await testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${left.purchase._id}/cancel`, headers: bearer(member.token) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<CancelCheckoutResponse>().purchase.status).toBe('cancelled');
    expect(stripe.session(left.sessionId).status).toBe('expired');
    // Stripe's expiry webhook after it changes nothing.
    expect((await deliver(stripe.event('checkout.session.expired', left.sessionId))).statusCode).toBe(200);
    expect((await storedPurchase(left.purchase._id)).status).toBe('cancelled');

    const paidMeanwhile = await checkout(member);
    stripe.pay(paidMeanwhile.sessionId);
    const refused = await testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${paidMeanwhile.purchase._id}/cancel`, headers: bearer(member.token) });
    expect(refused.statusCode).toBe(409);
    expect((await storedPurchase(paidMeanwhile.purchase._id)).status).toBe('paid');
    expect(await balanceOf(member)).toBe(pack.coins);
  });

  it('records events it does not act on, and those about sessions Stripe does not know, without changing anything', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    const other = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } });
    expect((await deliver(other)).statusCode).toBe(200);
    const unknown = JSON.parse(stripe.event('checkout.session.completed', started.sessionId)) as { data: { object: { id: string } } };
    unknown.data.object.id = 'cs_test_nobody';
    expect((await deliver(JSON.stringify(unknown))).statusCode).toBe(200);
    expect((await storedPurchase(started.purchase._id)).status).toBe('pending');
  });
});

describe('Stripe out of reach', () => {
  it('tells the member nothing was charged, and credits nothing', async () => {
    const port = await closedPort();
    const unreachable = await createTestApp({
      payments: { provider: 'stripe', secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, api: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 } },
    });
    try {
      const member = await registerUser(unreachable.app);
      const response = await startCheckout(unreachable, member);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, message: PROVIDER_UNREACHABLE_AT_CHECKOUT });
      const [purchase] = await unreachable.db.select().from(purchases).where(eq(purchases.userId, member.user._id));
      expect(purchase).toMatchObject({ status: 'pending', checkoutSessionId: null });
      expect(await unreachable.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, member.user._id))).toEqual([]);
      const confirmed = await unreachable.app.inject({ method: 'POST', url: `/api/store/purchases/${purchase?.id ?? ''}/confirm`, headers: bearer(member.token) });
      expect(confirmed.json<PurchaseResponse>().purchase.status).toBe('pending');
      const coins = (await unreachable.app.inject({ method: 'GET', url: '/api/coins/history', headers: bearer(member.token) })).json<CoinHistoryResponse>();
      expect(coins.balance).toBe(0);

      // A webhook Orbit cannot check back with Stripe is refused unapplied, so Stripe delivers it again later.
      const event = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_unreachable', object: 'checkout.session' } } });
      const webhook = await unreachable.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhook(event) }, payload: event });
      expect(webhook.statusCode).toBe(503);
      expect(await unreachable.db.select().from(paymentEvents)).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});
