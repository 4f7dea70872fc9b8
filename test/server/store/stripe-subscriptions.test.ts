import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentProviderUnavailableError,
  SubscriptionEndedError,
  UnknownSubscriptionError,
  type CheckoutRequest,
  type RefundRequest,
  type SubscriptionState,
} from '../../../server/store/payments-provider';
import { stripeClient } from '../../../server/store/plugin';
import { STRIPE_API_VERSION, STRIPE_EXPIRY_MARGIN_SECONDS, StripePaymentsProvider } from '../../../server/store/stripe-provider';
import { registerUser, type RegisteredUser } from '../helpers/accounts';
import { closedPort } from '../helpers/closed-port';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, addMonths, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, type TestApp } from '../helpers/test-app';

// VIP plans as Stripe subscriptions, through the Stripe provider itself
// (server/store/stripe-provider.ts) and the real SDK, against the fake of
// Stripe's API (helpers/fake-stripe.ts): the subscription checkout, reading a
// subscription as renewals and failures move it on, cancelling, resuming and
// changing plans, ending one at once and refunding its payments (and a coin
// pack's), and the subscription webhooks.

const PUBLIC_URL = 'http://localhost:5002';
const PLAN = { itemName: 'VIP, 3 months', amountMinor: 2_497, currency: 'EUR', billingMonths: 3 } as const;

let stripe: FakeStripe;
/** Only for its database: the provider stores members' Stripe customers there. */
let testApp: TestApp;
let provider: StripePaymentsProvider;

beforeAll(async () => {
  stripe = await startFakeStripe();
  testApp = await createTestApp();
  provider = new StripePaymentsProvider(stripeClient(FAKE_STRIPE_SECRET_KEY, stripe.address), FAKE_STRIPE_WEBHOOK_SECRET, testApp.db, PUBLIC_URL);
});
afterAll(async () => {
  await testApp?.close();
  await stripe?.close();
});

function checkoutRequest(member: RegisteredUser, overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const purchaseId = randomUUID();
  return {
    purchaseId,
    userId: member.user._id,
    email: member.body.email,
    itemName: PLAN.itemName,
    amountMinor: PLAN.amountMinor,
    currency: PLAN.currency,
    successPath: `/vip?purchase=${purchaseId}`,
    cancelPath: `/vip?purchase=${purchaseId}&checkout=cancelled`,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    idempotencyKey: `checkout:${purchaseId}`,
    billingMonths: PLAN.billingMonths,
    ...overrides,
  };
}

/** A member's subscription, started through a paid subscription checkout. */
async function subscribed(): Promise<{ subscriptionId: string; sessionId: string }> {
  const member = await registerUser(testApp.app);
  const { sessionId } = await provider.createCheckout(checkoutRequest(member));
  const subscriptionId = stripe.pay(sessionId).subscription;
  if (!subscriptionId) throw new Error('the paid subscription session started no subscription');
  return { subscriptionId, sessionId };
}

/** A coin pack paid through Stripe: the payment Orbit stores for it (its payment intent). */
async function coinPackPaid(amountMinor = 500): Promise<{ paymentId: string }> {
  const member = await registerUser(testApp.app);
  const { sessionId } = await provider.createCheckout(checkoutRequest(member, { itemName: 'Coins', amountMinor, billingMonths: null }));
  stripe.pay(sessionId);
  const { paymentId } = await provider.retrieveCheckout(sessionId);
  if (!paymentId) throw new Error('the paid coin pack has no payment');
  return { paymentId };
}

function refundRequest(paymentId: string, amountMinor: number, idempotencyKey: string = randomUUID()): RefundRequest {
  // The same key is the same request, metadata included (Stripe refuses a key reused with other parameters).
  return { purchaseId: `purchase-of-${idempotencyKey}`, paymentId, amountMinor, currency: 'EUR', idempotencyKey };
}

/** A provider whose Stripe refuses connections. */
async function unreachableProvider(): Promise<StripePaymentsProvider> {
  return new StripePaymentsProvider(
    stripeClient(FAKE_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: await closedPort(), protocol: 'http', maxNetworkRetries: 0 }),
    FAKE_STRIPE_WEBHOOK_SECRET,
    testApp.db,
    PUBLIC_URL,
  );
}

const dateOf = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** What Stripe's subscription says now, as SubscriptionState has it. */
function stateAtStripe(subscriptionId: string): Pick<SubscriptionState, 'currentPeriodStart' | 'currentPeriodEnd'> {
  const item = stripe.subscriptionItem(subscriptionId);
  return { currentPeriodStart: dateOf(item.current_period_start), currentPeriodEnd: dateOf(item.current_period_end) };
}

/** The request the provider last sent to this path. */
function lastRequest(method: string, path: string) {
  const request = stripe.requests.filter((each) => each.method === method && each.path === path).at(-1);
  if (!request) throw new Error(`no ${method} ${path} reached the fake Stripe`);
  return request;
}

function signed(payload: string) {
  return provider.parseWebhook(Buffer.from(payload), { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET }) });
}

describe('a subscription checkout', () => {
  it('is created in mode subscription, billed every plan period, with the purchase on the subscription', async () => {
    const member = await registerUser(testApp.app);
    const request = checkoutRequest(member);
    const { sessionId, url } = await provider.createCheckout(request);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const sent = lastRequest('POST', '/v1/checkout/sessions');
    expect(sent.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(sent.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: request.purchaseId,
      line_items: {
        '0': {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: String(PLAN.amountMinor), product_data: { name: PLAN.itemName }, recurring: { interval: 'month', interval_count: '3' } },
        },
      },
      subscription_data: { metadata: { purchaseId: request.purchaseId } },
      success_url: `${PUBLIC_URL}${request.successPath}`,
      cancel_url: `${PUBLIC_URL}${request.cancelPath}`,
      expires_at: String(Math.ceil(request.expiresAt.getTime() / 1000) + STRIPE_EXPIRY_MARGIN_SECONDS),
    });
    const session = stripe.session(sessionId);
    expect(session).toMatchObject({ mode: 'subscription', subscriptionData: { metadata: { purchaseId: request.purchaseId } } });
    expect(session.customer).toMatch(/^cus_/);
    expect(session.lineItems).toEqual([
      { quantity: 1, currency: 'eur', unitAmount: PLAN.amountMinor, name: PLAN.itemName, recurring: expect.objectContaining({ interval: 'month', interval_count: 3 }) as unknown },
    ]);
  });

  it('stays a one-off payment for a coin pack (billingMonths null)', async () => {
    const member = await registerUser(testApp.app);
    const { sessionId } = await provider.createCheckout(checkoutRequest(member, { itemName: 'Coins', billingMonths: null }));
    const sent = lastRequest('POST', '/v1/checkout/sessions');
    expect(sent.params).toMatchObject({ mode: 'payment', line_items: { '0': { price_data: { product_data: { name: 'Coins' } } } } });
    expect(sent.params).not.toHaveProperty('subscription_data');
    expect(sent.params).not.toHaveProperty(['line_items', '0', 'price_data', 'recurring']);
    expect(stripe.session(sessionId).mode).toBe('payment');
  });

  it('answers open without a subscription, then paid with the subscription it started', async () => {
    const member = await registerUser(testApp.app);
    const request = checkoutRequest(member);
    const { sessionId } = await provider.createCheckout(request);
    expect(await provider.retrieveCheckout(sessionId)).toMatchObject({ outcome: 'open', paymentId: null, subscription: null });

    const session = stripe.pay(sessionId);
    const state = await provider.retrieveCheckout(sessionId);
    const subscriptionId = session.subscription ?? '';
    expect(subscriptionId).toMatch(/^sub_/);
    const item = stripe.subscriptionItem(subscriptionId);
    expect(state).toEqual({
      sessionId,
      purchaseId: request.purchaseId,
      outcome: 'paid',
      amountMinor: PLAN.amountMinor,
      currency: 'EUR',
      // No payment intent of its own: the subscription's first invoice paid it.
      paymentId: session.invoice,
      subscription: {
        subscriptionId,
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodStart: dateOf(item.current_period_start),
        currentPeriodEnd: dateOf(addMonths(item.current_period_start, 3)),
        endedAt: null,
        amountMinor: PLAN.amountMinor,
        currency: 'EUR',
        billingMonths: 3,
      },
    });
    expect(state.paymentId).toMatch(/^in_/);
    expect(Math.abs(item.current_period_start * 1000 - Date.now())).toBeLessThan(60_000);
    expect(stripe.subscription(subscriptionId).metadata).toEqual({ purchaseId: request.purchaseId });
    expect(lastRequest('GET', `/v1/checkout/sessions/${sessionId}`).params).toMatchObject({ expand: { '0': 'payment_intent', '1': 'subscription' } });
  });

  it('closes an open subscription checkout, and answers one paid just before with its subscription', async () => {
    const member = await registerUser(testApp.app);
    const left = await provider.createCheckout(checkoutRequest(member));
    expect(await provider.expireCheckout(left.sessionId)).toMatchObject({ outcome: 'expired', subscription: null });
    expect(stripe.session(left.sessionId).status).toBe('expired');

    const paidMeanwhile = await provider.createCheckout(checkoutRequest(member));
    const subscriptionId = stripe.pay(paidMeanwhile.sessionId).subscription;
    expect(await provider.expireCheckout(paidMeanwhile.sessionId)).toMatchObject({ outcome: 'paid', subscription: { subscriptionId, status: 'active', billingMonths: 3 } });
  });
});

describe('a subscription as Stripe has it', () => {
  it('moves on a period, still active, when a renewal is paid', async () => {
    const { subscriptionId } = await subscribed();
    const before = await provider.retrieveSubscription(subscriptionId);
    stripe.renewSubscription(subscriptionId);
    const after = await provider.retrieveSubscription(subscriptionId);
    expect(after).toEqual({ ...before, ...stateAtStripe(subscriptionId) });
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart).toEqual(before.currentPeriodEnd);
    expect(after.currentPeriodEnd).toEqual(dateOf(addMonths(before.currentPeriodEnd.getTime() / 1000, 3)));
  });

  it('is past_due, its period moved on unpaid, when a renewal fails', async () => {
    const { subscriptionId } = await subscribed();
    const before = await provider.retrieveSubscription(subscriptionId);
    stripe.failSubscriptionRenewal(subscriptionId);
    const after = await provider.retrieveSubscription(subscriptionId);
    expect(after.status).toBe('past_due');
    expect(after.currentPeriodStart).toEqual(before.currentPeriodEnd);
    expect(after.currentPeriodEnd.getTime()).toBeGreaterThan(before.currentPeriodEnd.getTime());
    expect(after).toMatchObject(stateAtStripe(subscriptionId));
  });

  it('reads Stripe\'s statuses as Orbit\'s three, and yearly prices in months', async () => {
    const { subscriptionId } = await subscribed();
    const expected: [Stripe.Subscription.Status, SubscriptionState['status']][] = [
      ['trialing', 'active'],
      ['active', 'active'],
      ['past_due', 'past_due'],
      ['unpaid', 'past_due'],
      ['incomplete', 'past_due'],
      ['paused', 'past_due'],
      ['incomplete_expired', 'canceled'],
      ['canceled', 'canceled'],
    ];
    for (const [atStripe, atOrbit] of expected) {
      stripe.subscription(subscriptionId).status = atStripe;
      expect((await provider.retrieveSubscription(subscriptionId)).status, atStripe).toBe(atOrbit);
    }
    stripe.subscriptionItem(subscriptionId).price.recurring = { interval: 'year', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' };
    expect((await provider.retrieveSubscription(subscriptionId)).billingMonths).toBe(12);
  });

  it('says when an ended subscription ended', async () => {
    const { subscriptionId } = await subscribed();
    const ended = stripe.endSubscription(subscriptionId);
    expect(await provider.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'canceled', endedAt: dateOf(ended.ended_at ?? 0) });
    expect(ended.ended_at).not.toBeNull();
  });

  it('throws UnknownSubscriptionError for an id Stripe does not know', async () => {
    await expect(provider.retrieveSubscription('sub_nobody')).rejects.toBeInstanceOf(UnknownSubscriptionError);
    await expect(provider.updateSubscription('sub_nobody', { cancelAtPeriodEnd: true }, randomUUID())).rejects.toBeInstanceOf(UnknownSubscriptionError);
    await expect(provider.updateSubscription('sub_nobody', { price: { ...PLAN, billingMonths: 1 } }, randomUUID())).rejects.toBeInstanceOf(UnknownSubscriptionError);
  });
});

describe('changing a subscription', () => {
  it('cancels at the period\'s end and resumes, each change with its idempotency key', async () => {
    const { subscriptionId } = await subscribed();
    const path = `/v1/subscriptions/${subscriptionId}`;

    const cancelled = await provider.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true }, 'cancel-1');
    expect(cancelled).toMatchObject({ subscriptionId, status: 'active', cancelAtPeriodEnd: true });
    expect(stripe.subscription(subscriptionId).cancel_at_period_end).toBe(true);
    expect(lastRequest('POST', path)).toMatchObject({ params: { cancel_at_period_end: 'true' }, idempotencyKey: 'cancel-1' });

    const resumed = await provider.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false }, 'resume-1');
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    expect(stripe.subscription(subscriptionId).cancel_at_period_end).toBe(false);
    expect(lastRequest('POST', path)).toMatchObject({ params: { cancel_at_period_end: 'false' }, idempotencyKey: 'resume-1' });
  });

  it('replaces the item\'s price on a plan change, keeping the item and its product', async () => {
    const { subscriptionId } = await subscribed();
    const before = stripe.subscriptionItem(subscriptionId);
    const { id: itemId, price: oldPrice } = before;
    const yearly = { itemName: 'VIP, 12 months', amountMinor: 7_999, currency: 'EUR', billingMonths: 12 };

    const changed = await provider.updateSubscription(subscriptionId, { price: yearly }, 'plan-1');
    expect(changed).toMatchObject({ subscriptionId, status: 'active', amountMinor: 7_999, currency: 'EUR', billingMonths: 12 });
    const after = stripe.subscriptionItem(subscriptionId);
    expect(after.id).toBe(itemId);
    expect(after.price).toMatchObject({ product: oldPrice.product, unit_amount: 7_999, currency: 'eur', recurring: { interval: 'month', interval_count: 12 } });
    expect(after.price.id).not.toBe(oldPrice.id);
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      idempotencyKey: 'plan-1',
      params: {
        items: { '0': { id: itemId, price_data: { currency: 'eur', unit_amount: '7999', product: oldPrice.product, recurring: { interval: 'month', interval_count: '12' } } } },
        proration_behavior: 'create_prorations',
      },
    });

    // The same change again (a retry after a lost answer) is the one change Stripe made.
    const retried = await provider.updateSubscription(subscriptionId, { price: yearly }, 'plan-1');
    expect(retried).toEqual(changed);
    expect(stripe.subscriptionItem(subscriptionId).price.id).toBe(after.price.id);
  });

  it('throws SubscriptionEndedError for a subscription that has ended', async () => {
    const { subscriptionId } = await subscribed();
    stripe.endSubscription(subscriptionId);
    await expect(provider.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false }, randomUUID())).rejects.toBeInstanceOf(SubscriptionEndedError);
    await expect(provider.updateSubscription(subscriptionId, { price: { ...PLAN, billingMonths: 1 } }, randomUUID())).rejects.toBeInstanceOf(SubscriptionEndedError);
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
  });

  it('throws PaymentProviderUnavailableError when Stripe cannot be reached', async () => {
    const unreachable = await unreachableProvider();
    await expect(unreachable.updateSubscription('sub_any', { cancelAtPeriodEnd: true }, randomUUID())).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    await expect(unreachable.retrieveSubscription('sub_any')).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });
});

describe('ending a subscription at once', () => {
  it('cancels it at Stripe without a proration credit, answering it canceled with when it ended', async () => {
    const { subscriptionId } = await subscribed();
    const before = await provider.retrieveSubscription(subscriptionId);

    const ended = await provider.cancelSubscriptionNow(subscriptionId, 'withdraw-1');
    const atStripe = stripe.subscription(subscriptionId);
    expect(atStripe.status).toBe('canceled');
    expect(atStripe.ended_at).not.toBeNull();
    expect(ended).toEqual({ ...before, status: 'canceled', endedAt: dateOf(atStripe.ended_at ?? 0) });
    // Stripe's cancel is a DELETE; nothing asks for prorate or a final invoice (both default to false).
    const sent = lastRequest('DELETE', `/v1/subscriptions/${subscriptionId}`);
    expect(sent.params).toEqual({});
    expect(sent.idempotencyKey).toBe('withdraw-1');
  });

  it('answers a subscription already ended as it is, asked again or ended by Stripe', async () => {
    const { subscriptionId } = await subscribed();
    const first = await provider.cancelSubscriptionNow(subscriptionId, 'withdraw-2');
    const deletes = () => stripe.requests.filter((each) => each.method === 'DELETE' && each.path === `/v1/subscriptions/${subscriptionId}`).length;
    expect(deletes()).toBe(1);
    // Stripe refuses to cancel it again (as for an unknown id): the provider reads it instead.
    expect(await provider.cancelSubscriptionNow(subscriptionId, 'withdraw-2')).toEqual(first);
    expect(deletes()).toBe(2);

    const other = await subscribed();
    const endedByStripe = stripe.endSubscription(other.subscriptionId);
    expect(await provider.cancelSubscriptionNow(other.subscriptionId, randomUUID())).toMatchObject({
      subscriptionId: other.subscriptionId,
      status: 'canceled',
      endedAt: dateOf(endedByStripe.ended_at ?? 0),
    });
  });

  it('throws UnknownSubscriptionError for an id Stripe does not know', async () => {
    await expect(provider.cancelSubscriptionNow('sub_nobody', randomUUID())).rejects.toBeInstanceOf(UnknownSubscriptionError);
  });

  it('throws PaymentProviderUnavailableError when Stripe cannot be reached', async () => {
    await expect((await unreachableProvider()).cancelSubscriptionNow('sub_any', randomUUID())).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });
});

describe('refunds', () => {
  it('refunds a coin pack by its payment intent, the amount asked, with the idempotency key', async () => {
    const { paymentId } = await coinPackPaid(500);
    expect(paymentId).toMatch(/^pi_/);

    const refund = await provider.refund(refundRequest(paymentId, 200, 'refund-pi-1'));
    expect(refund).toEqual({ refundId: expect.stringMatching(/^re_/) as unknown, purchaseId: expect.any(String) as unknown, paymentId, amountMinor: 200, status: 'succeeded' });
    // Listed among the payment's refunds, as charge.refunded has Orbit ask.
    expect(await provider.refundsOfPayment(paymentId)).toEqual([refund]);
    expect(stripe.refundsOf(paymentId)).toEqual([expect.objectContaining({ id: refund.refundId, amount: 200, currency: 'eur', status: 'succeeded', idempotencyKey: 'refund-pi-1' })]);
    const sent = lastRequest('POST', '/v1/refunds');
    expect(sent).toMatchObject({ params: { payment_intent: paymentId, amount: '200' }, idempotencyKey: 'refund-pi-1' });
    // The amount is in the payment's currency: Stripe's refund `currency` is for customer balances, not sent.
    expect(sent.params).not.toHaveProperty('currency');
  });

  it('refunds a subscription\'s first payment by its invoice, through that invoice\'s payment intent', async () => {
    const { subscriptionId, sessionId } = await subscribed();
    const { paymentId } = await provider.retrieveCheckout(sessionId);
    expect(paymentId).toMatch(/^in_/);
    // A renewal paid since, through a payment intent of its own: not the one refunded.
    const renewal = stripe.renewSubscription(subscriptionId);
    const firstIntent = stripe.paymentIntentOfInvoice(paymentId ?? '');
    const renewalIntent = stripe.paymentIntentOfInvoice(renewal.id);
    expect(firstIntent.id).not.toBe(renewalIntent.id);

    const refund = await provider.refund(refundRequest(paymentId ?? '', PLAN.amountMinor, 'refund-in-1'));
    expect(refund.status).toBe('succeeded');
    expect(stripe.refundsOf(firstIntent.id)).toEqual([expect.objectContaining({ id: refund.refundId, amount: PLAN.amountMinor, idempotencyKey: 'refund-in-1' })]);
    expect(stripe.refundsOf(renewalIntent.id)).toEqual([]);
    expect(lastRequest('GET', `/v1/invoices/${paymentId}`).params).toMatchObject({ expand: { '0': 'payments' } });
    expect(lastRequest('POST', '/v1/refunds')).toMatchObject({ params: { payment_intent: firstIntent.id, amount: String(PLAN.amountMinor) }, idempotencyKey: 'refund-in-1' });
  });

  it('makes one refund of a refund asked again with the same key', async () => {
    const { paymentId } = await coinPackPaid(500);
    const first = await provider.refund(refundRequest(paymentId, 300, 'refund-retry'));
    const retried = await provider.refund(refundRequest(paymentId, 300, 'refund-retry'));
    expect(retried).toEqual(first);
    expect(stripe.refundsOf(paymentId)).toHaveLength(1);
    expect(stripe.requests.filter((each) => each.path === '/v1/refunds' && each.idempotencyKey === 'refund-retry')).toHaveLength(2);
  });

  it('is refused above what is left of the payment', async () => {
    const { paymentId } = await coinPackPaid(500);
    await expect(provider.refund(refundRequest(paymentId, 501))).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(stripe.refundsOf(paymentId)).toEqual([]);

    await provider.refund(refundRequest(paymentId, 400));
    await expect(provider.refund(refundRequest(paymentId, 101))).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(await provider.refund(refundRequest(paymentId, 100))).toMatchObject({ status: 'succeeded' });
    expect(stripe.refundsOf(paymentId).map((refund) => refund.amount)).toEqual([400, 100]);
  });

  it('reads Stripe\'s refund statuses as succeeded, pending or failed', async () => {
    const { paymentId } = await coinPackPaid(500);
    const expected: [Stripe.Refund['status'], 'succeeded' | 'pending' | 'failed'][] = [
      ['pending', 'pending'],
      ['requires_action', 'pending'],
      ['failed', 'failed'],
      ['canceled', 'failed'],
      // A status the SDK's types do not name (they say string | null): not taken for failed, so never refunded twice.
      [null, 'pending'],
      ['a_status_added_later', 'pending'],
      ['succeeded', 'succeeded'],
    ];
    for (const [atStripe, atOrbit] of expected) {
      stripe.nextRefundStatus(atStripe);
      expect((await provider.refund(refundRequest(paymentId, 10))).status, String(atStripe)).toBe(atOrbit);
    }
    // The switch is for one refund only.
    expect((await provider.refund(refundRequest(paymentId, 10))).status).toBe('succeeded');
  });

  it('throws a plain error naming a payment Stripe does not know', async () => {
    for (const paymentId of ['pi_nobody', 'in_nobody']) {
      const refused = provider.refund(refundRequest(paymentId, 100));
      await expect(refused).rejects.toThrow(paymentId);
      await expect(refused).rejects.not.toBeInstanceOf(PaymentProviderUnavailableError);
      await expect(refused).rejects.not.toBeInstanceOf(Stripe.errors.StripeError);
    }
  });

  it('throws PaymentProviderUnavailableError when Stripe cannot be reached', async () => {
    const unreachable = await unreachableProvider();
    await expect(unreachable.refund(refundRequest('pi_any', 100))).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    await expect(unreachable.refund(refundRequest('in_any', 100))).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });
});

describe('subscription webhooks', () => {
  it('reads customer.subscription.* as a change to ask Stripe about, with no renewal', async () => {
    const { subscriptionId } = await subscribed();
    for (const type of ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']) {
      const event = stripe.subscriptionEvent(type, subscriptionId, `evt_${type}`);
      expect(signed(event)).toEqual({ id: `evt_${type}`, kind: 'subscription', providerType: type, subscriptionId, renewal: null });
    }
  });

  it('reads a paid renewal invoice as a renewal, and the first invoice as none', async () => {
    const { subscriptionId, sessionId } = await subscribed();
    const renewal = stripe.renewSubscription(subscriptionId);
    expect(signed(stripe.invoiceEvent('invoice.paid', renewal.id, 'evt_renewal'))).toEqual({
      id: 'evt_renewal',
      kind: 'subscription',
      providerType: 'invoice.paid',
      subscriptionId,
      renewal: { invoiceId: renewal.id, amountMinor: PLAN.amountMinor, currency: 'EUR' },
    });

    // The checkout's own invoice is the purchase the checkout already granted.
    const first = stripe.invoice(stripe.session(sessionId).invoice ?? '');
    expect(first.billing_reason).toBe('subscription_create');
    expect(signed(stripe.invoiceEvent('invoice.paid', first.id))).toMatchObject({ kind: 'subscription', subscriptionId, renewal: null });

    // A cycle invoice that paid nothing (a credit covered it) is no purchase either.
    const free = stripe.createInvoice(subscriptionId, { billingReason: 'subscription_cycle', paid: true, amount: 0 });
    expect(signed(stripe.invoiceEvent('invoice.paid', free.id))).toMatchObject({ kind: 'subscription', subscriptionId, renewal: null });
  });

  it('reads an invoice naming its subscription as an object', async () => {
    const { subscriptionId } = await subscribed();
    const renewal = stripe.renewSubscription(subscriptionId);
    const event = JSON.parse(stripe.invoiceEvent('invoice.paid', renewal.id)) as { data: { object: { parent: { subscription_details: { subscription: unknown } } } } };
    event.data.object.parent.subscription_details.subscription = stripe.subscription(subscriptionId);
    expect(signed(JSON.stringify(event))).toMatchObject({ kind: 'subscription', subscriptionId, renewal: { invoiceId: renewal.id } });
  });

  it('reads a failed renewal as a change with no renewal', async () => {
    const { subscriptionId } = await subscribed();
    const failed = stripe.failSubscriptionRenewal(subscriptionId);
    // Partly paid (Stripe takes partial payments on an open invoice): still no renewal until the invoice is paid.
    failed.amount_paid = 100;
    expect(signed(stripe.invoiceEvent('invoice.payment_failed', failed.id, 'evt_failed'))).toEqual({
      id: 'evt_failed',
      kind: 'subscription',
      providerType: 'invoice.payment_failed',
      subscriptionId,
      renewal: null,
    });
  });

  it('ignores an invoice of no subscription', () => {
    const oneOff = stripe.createInvoice(null, { billingReason: 'manual', paid: true, amount: 500 });
    expect(oneOff.parent).toBeNull();
    expect(signed(stripe.invoiceEvent('invoice.paid', oneOff.id, 'evt_one_off'))).toEqual({ id: 'evt_one_off', kind: 'ignored', providerType: 'invoice.paid' });
  });
});
