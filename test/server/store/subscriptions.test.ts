import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { meResponseSchema } from '../../../contract/members/profile';
import type { VipPlan } from '../../../contract/store/catalogue';
import type { PurchaseHistoryResponse, StartCheckoutResponse } from '../../../contract/store/purchases';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  SAME_PLAN_MESSAGE,
  WITHDRAWAL_PASSED_MESSAGE,
  subscriptionChangeResponseSchema,
  subscriptionResponseSchema,
  type VipSubscription,
} from '../../../contract/store/subscriptions';
import { testSubscriptionResponseSchema } from '../../../contract/store/test-checkout';
import { paymentEvents, purchases, testCheckoutSessions, testSubscriptions, vipSubscriptions } from '../../../server/db/schema';
import { LOCAL_WEBHOOK_PATH } from '../../../server/store/plugin';
import { signTestWebhook, TEST_SIGNATURE_HEADER, testWebhookKey } from '../../../server/store/test-provider/signature';
import { subscriberVipMessage } from '../../../server/admin/moderation';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { outboxMessages } from '../helpers/outbox';
import { vipPlanNamed } from '../helpers/catalogue';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';
import { ARRIVAL_MS } from '../helpers/waits';

// VIP as a subscription on the local test provider, end to end through the
// API: Get VIP's checkout, the provider's page and webhooks, renewals paid and
// failed, cancel and resume, a plan change, and one subscription per member.

let testApp: TestApp;
let gold: VipPlan;
let platinum: VipPlan;

beforeAll(async () => {
  testApp = await createTestApp();
  gold = await vipPlanNamed(testApp.app, 'Gold');
  platinum = await vipPlanNamed(testApp.app, 'Platinum');
});
afterAll(() => testApp?.close());

const inject = (member: RegisteredUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(member.token), ...(payload ? { payload } : {}) });

function startVipCheckout(member: RegisteredUser, plan: VipPlan, extra: object = { startNow: true }) {
  return inject(member, 'POST', '/api/store/checkout', { item: { kind: 'vipPlan', id: plan._id }, attemptId: randomUUID(), ...extra });
}

async function subscriptionOf(member: RegisteredUser): Promise<VipSubscription | null> {
  const response = await inject(member, 'GET', '/api/store/subscription');
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionResponseSchema.parse(response.json()).subscription;
}

async function vipOf(member: RegisteredUser) {
  const { user } = meResponseSchema.parse((await inject(member, 'GET', '/api/user/me')).json());
  return { isVIP: user.isVIP, tier: user.vipTier, until: user.vipUntil };
}

/** Get VIP, paid on the provider's page; resolves once the webhook has made the member VIP. */
async function subscribe(member: RegisteredUser, plan: VipPlan = gold) {
  const started = await startVipCheckout(member, plan);
  expect(started.statusCode, started.body).toBe(200);
  const { purchase, checkoutUrl } = started.json<StartCheckoutResponse>();
  const sessionId = checkoutUrl.replace('/test-checkout/', '');
  const paid = await inject(member, 'POST', `/api/store/test-checkout/${sessionId}/actions`, { action: 'pay' });
  expect(paid.statusCode, paid.body).toBe(200);
  await vi.waitFor(async () => expect(await subscriptionOf(member)).not.toBeNull(), { timeout: ARRIVAL_MS, interval: 20 });
  const [session] = await testApp.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
  if (!session?.subscriptionId) throw new Error('the paid session started no subscription');
  return { purchase, sessionId, providerSubscriptionId: session.subscriptionId };
}

/** The provider's renewal (or its end of retries); resolves once Orbit has applied its webhook. */
async function providerRenews(member: RegisteredUser, providerSubscriptionId: string, outcome: 'paid' | 'failed' | 'end', until: (subscription: VipSubscription | null) => boolean) {
  const url = `/api/store/test-subscriptions/${providerSubscriptionId}/${outcome === 'end' ? 'end' : 'renewal'}`;
  const response = await inject(member, 'POST', url, outcome === 'end' ? undefined : { outcome });
  expect(response.statusCode, response.body).toBe(200);
  await vi.waitFor(async () => expect(until(await subscriptionOf(member))).toBe(true), { timeout: ARRIVAL_MS, interval: 20 });
  return testSubscriptionResponseSchema.parse(response.json()).subscription;
}

const monthsLater = (iso: string, months: number) => {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
};

describe('Get VIP buys a subscription', () => {
  it('asks for the start-now request and a plan on sale', async () => {
    const member = await registerUser(testApp.app);
    const unticked = await startVipCheckout(member, gold, {});
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json<{ message: string }>().message).toContain('Tick the box to start your VIP now');
    const unknown = await inject(member, 'POST', '/api/store/checkout', { item: { kind: 'vipPlan', id: randomUUID() }, attemptId: randomUUID(), startNow: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('VIP plan not found');
    expect(await vipOf(member)).toEqual({ isVIP: false, tier: null, until: null });
  });

  it('pays the first month, makes the member VIP to the period end, and sends a receipt', async () => {
    const member = await registerUser(testApp.app);
    const started = await startVipCheckout(member, gold);
    const body = started.json<StartCheckoutResponse>();
    expect(body.purchase).toMatchObject({ kind: 'vipPlan', itemName: 'Gold', coins: null, billingMonths: 1, amount: gold.price, status: 'pending', withdrawalWaived: false });
    const sessionId = body.checkoutUrl.replace('/test-checkout/', '');
    const page = await inject(member, 'GET', `/api/store/test-checkout/${sessionId}`);
    expect(page.json<{ session: { itemName: string; successPath: string } }>().session).toMatchObject({ itemName: 'Gold VIP', successPath: `/vip?purchase=${body.purchase._id}` });
    // Nothing before the payment.
    expect(await subscriptionOf(member)).toBeNull();

    await inject(member, 'POST', `/api/store/test-checkout/${sessionId}/actions`, { action: 'pay' });
    await vi.waitFor(async () => expect(await subscriptionOf(member)).not.toBeNull(), { timeout: ARRIVAL_MS, interval: 20 });
    const subscription = await subscriptionOf(member);
    expect(subscription).toMatchObject({ planId: gold._id, planName: 'Gold', price: gold.price, billingMonths: 1, status: 'active', cancelAtPeriodEnd: false, testPayment: true });
    const periodEnd = new Date(subscription?.currentPeriodEnd ?? '').getTime();
    expect(Math.abs(periodEnd - monthsLater(new Date().toISOString(), 1))).toBeLessThan(60_000);
    expect(subscription?.vipUntil).toBe(subscription?.currentPeriodEnd);
    expect(await vipOf(member)).toEqual({ isVIP: true, tier: 'Gold', until: subscription?.currentPeriodEnd });

    const history = (await inject(member, 'GET', '/api/store/purchases')).json<PurchaseHistoryResponse>();
    expect(history.purchases.map((purchase) => [purchase.kind, purchase.status])).toEqual([['vipPlan', 'paid']]);
    await testApp.app.mailer.idle();
    const receipt = outboxMessages(testApp.outboxDir, member.body.email).find((message) => message.subject.includes('receipt'));
    expect(receipt?.body).toContain('VIP, renews every month until you cancel');
  });

  it('offers no second subscription while one runs', async () => {
    const member = await registerUser(testApp.app);
    await subscribe(member);
    const second = await startVipCheckout(member, platinum);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(ALREADY_SUBSCRIBED_MESSAGE);
  });
});

describe('renewals', () => {
  it('a paid renewal moves VIP on a period and is a purchase of its own, once', async () => {
    const member = await registerUser(testApp.app);
    const { providerSubscriptionId } = await subscribe(member);
    const first = await subscriptionOf(member);
    const renewed = await providerRenews(member, providerSubscriptionId, 'paid', (now) => now?.currentPeriodEnd !== first?.currentPeriodEnd);
    const after = await subscriptionOf(member);
    expect(after?.currentPeriodEnd).toBe(renewed.currentPeriodEnd);
    expect(new Date(after?.currentPeriodEnd ?? '').getTime()).toBe(monthsLater(first?.currentPeriodEnd ?? '', 1));
    expect((await vipOf(member)).until).toBe(after?.currentPeriodEnd);
    const history = (await inject(member, 'GET', '/api/store/purchases')).json<PurchaseHistoryResponse>();
    expect(history.purchases.filter((purchase) => purchase.kind === 'vipPlan' && purchase.status === 'paid')).toHaveLength(2);
  });

  it('a failed renewal ends VIP with the period paid for; a later successful retry restores it', async () => {
    const member = await registerUser(testApp.app);
    const { providerSubscriptionId } = await subscribe(member);
    const paidPeriodEnd = (await subscriptionOf(member))?.currentPeriodEnd;
    await providerRenews(member, providerSubscriptionId, 'failed', (now) => now?.status === 'pastDue');
    const pastDue = await subscriptionOf(member);
    expect(pastDue?.vipUntil).toBe(paidPeriodEnd);
    expect(pastDue?.currentPeriodEnd).not.toBe(paidPeriodEnd);
    expect((await vipOf(member)).until).toBe(paidPeriodEnd);

    await providerRenews(member, providerSubscriptionId, 'paid', (now) => now?.status === 'active');
    const restored = await subscriptionOf(member);
    expect(restored?.vipUntil).toBe(pastDue?.currentPeriodEnd);
    expect((await vipOf(member)).until).toBe(pastDue?.currentPeriodEnd);
  });

  it('the provider giving up ends the subscription, and Get VIP opens again', async () => {
    const member = await registerUser(testApp.app);
    const { providerSubscriptionId } = await subscribe(member);
    await providerRenews(member, providerSubscriptionId, 'failed', (now) => now?.status === 'pastDue');
    await providerRenews(member, providerSubscriptionId, 'end', (now) => now === null);
    const [row] = await testApp.db.select().from(vipSubscriptions).where(eq(vipSubscriptions.providerSubscriptionId, providerSubscriptionId));
    expect(row?.status).toBe('ended');
    expect((await vipOf(member)).isVIP).toBe(false);
    expect((await startVipCheckout(member, gold)).statusCode).toBe(200);
  });

  it('an event delivered again applies nothing more', async () => {
    const member = await registerUser(testApp.app);
    const { providerSubscriptionId } = await subscribe(member);
    const eventsBefore = await testApp.db.$count(paymentEvents);
    const invoice = { id: `tin_${randomUUID()}`, subscription: providerSubscriptionId, amount_paid: gold.price.amountMinor, currency: 'usd', billing_reason: 'subscription_cycle' };
    const body = Buffer.from(JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), data: { object: invoice } }));
    const key = testWebhookKey(TEST_JWT_SECRET);
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: LOCAL_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signTestWebhook(key, body, new Date()) },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await testApp.db.$count(paymentEvents)).toBe(eventsBefore + 1);
    const history = (await inject(member, 'GET', '/api/store/purchases')).json<PurchaseHistoryResponse>();
    expect(history.purchases.filter((purchase) => purchase.status === 'paid')).toHaveLength(2);
  });
});

describe('withdrawing within 14 days', () => {
  /** The first payment as if made `days` ago. */
  async function paidDaysAgo(purchaseId: string, days: number) {
    await testApp.db.update(purchases).set({ paidAt: new Date(Date.now() - days * 86_400_000 - 60_000) }).where(eq(purchases.id, purchaseId));
  }

  it('offers what would come back, ends the subscription and VIP at once, refunds less the days used, and says so', async () => {
    const member = await registerUser(testApp.app);
    const { purchase } = await subscribe(member);
    await paidDaysAgo(purchase._id, 3);
    // Four days begun of a 30-day month: 999 less 133 (999 x 4 / 30, rounded down).
    const offered = await subscriptionOf(member);
    expect(offered?.withdrawal?.refund).toEqual({ amountMinor: 866, currency: 'USD' });

    const withdrawn = await inject(member, 'POST', '/api/store/subscription/withdraw');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const answer = subscriptionChangeResponseSchema.parse(withdrawn.json());
    expect(answer.subscription.status).toBe('ended');
    expect(answer.message).toBe('You withdrew from VIP: 8.66 USD goes back to you, and your VIP has ended.');
    expect(await subscriptionOf(member)).toBeNull();
    expect((await vipOf(member)).isVIP).toBe(false);
    const history = (await inject(member, 'GET', '/api/store/purchases')).json<PurchaseHistoryResponse>();
    expect(history.purchases[0]?.refunded).toEqual({ amountMinor: 866, currency: 'USD' });
    // Again: nothing more to withdraw from, and nothing refunded twice.
    expect((await inject(member, 'POST', '/api/store/subscription/withdraw')).statusCode).toBe(404);
    const [row] = await testApp.db.select().from(purchases).where(eq(purchases.id, purchase._id));
    expect(row?.refundedMinor).toBe(866);
    await testApp.app.mailer.idle();
    expect(outboxMessages(testApp.outboxDir, member.body.email).map((message) => message.subject)).toContain('You withdrew from Orbit VIP');
  });

  it('after 14 days it is refused with the reason, and the member can still cancel', async () => {
    const member = await registerUser(testApp.app);
    const { purchase } = await subscribe(member);
    await paidDaysAgo(purchase._id, 14);
    expect((await subscriptionOf(member))?.withdrawal).toBeNull();
    const refused = await inject(member, 'POST', '/api/store/subscription/withdraw');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(WITHDRAWAL_PASSED_MESSAGE);
    expect((await subscriptionOf(member))?.status).toBe('active');
  });
});

describe('cancel, resume and change of plan', () => {
  it('cancel keeps VIP to the period end, says so, emails it; resume renews again', async () => {
    const member = await registerUser(testApp.app);
    await subscribe(member);
    const before = await subscriptionOf(member);
    const cancelled = await inject(member, 'POST', '/api/store/subscription/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = subscriptionChangeResponseSchema.parse(cancelled.json());
    expect(answer.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: before?.currentPeriodEnd });
    const endDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(before?.currentPeriodEnd ?? ''));
    expect(answer.message).toBe(`Your VIP will not renew. It stays active until ${endDate}.`);
    expect(await vipOf(member)).toEqual({ isVIP: true, tier: 'Gold', until: before?.currentPeriodEnd });
    // Again: nothing more changes, and no second email.
    expect((await inject(member, 'POST', '/api/store/subscription/cancel')).statusCode).toBe(200);
    await testApp.app.mailer.idle();
    expect(outboxMessages(testApp.outboxDir, member.body.email).filter((message) => message.subject === 'Your Orbit VIP will not renew')).toHaveLength(1);

    const resumed = subscriptionChangeResponseSchema.parse((await inject(member, 'POST', '/api/store/subscription/resume')).json());
    expect(resumed.subscription.cancelAtPeriodEnd).toBe(false);
    expect(resumed.message).toBe(`Your VIP renews again on ${endDate}.`);
  });

  it('a cancelled subscription ends at its period end instead of renewing', async () => {
    const member = await registerUser(testApp.app);
    const { providerSubscriptionId } = await subscribe(member);
    const paidUntil = (await subscriptionOf(member))?.currentPeriodEnd;
    await inject(member, 'POST', '/api/store/subscription/cancel');
    await providerRenews(member, providerSubscriptionId, 'paid', (now) => now === null);
    expect((await vipOf(member)).until).toBe(paidUntil);
    expect((await inject(member, 'GET', '/api/store/purchases')).json<PurchaseHistoryResponse>().purchases).toHaveLength(1);
    expect((await inject(member, 'POST', '/api/store/subscription/resume')).statusCode).toBe(404);
  });

  it('a plan change sets the new level now and the new price and period for the renewals', async () => {
    const member = await registerUser(testApp.app);
    await subscribe(member);
    const before = await subscriptionOf(member);
    const changed = await inject(member, 'POST', '/api/store/subscription/plan', { planId: platinum._id });
    expect(changed.statusCode, changed.body).toBe(200);
    const { subscription } = subscriptionChangeResponseSchema.parse(changed.json());
    expect(subscription).toMatchObject({ planId: platinum._id, planName: 'Platinum', price: platinum.price, billingMonths: 3, currentPeriodEnd: before?.currentPeriodEnd });
    expect((await vipOf(member)).tier).toBe('Platinum');
    const same = await inject(member, 'POST', '/api/store/subscription/plan', { planId: platinum._id });
    expect(same.statusCode).toBe(409);
    expect(same.json<{ message: string }>().message).toBe(SAME_PLAN_MESSAGE);
  });

  it('without a subscription there is nothing to cancel', async () => {
    const member = await registerUser(testApp.app);
    for (const action of ['cancel', 'resume']) {
      const response = await inject(member, 'POST', `/api/store/subscription/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('You have no VIP subscription');
    }
  });

  it('deleting the account stops renewals at the provider first, so a deleted member is never charged again', async () => {
    const member = await registerUser(testApp.app);
    const { providerSubscriptionId } = await subscribe(member);
    const deleted = await testApp.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: bearer(member.token), payload: { password: member.body.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [atProvider] = await testApp.db.select().from(testSubscriptions).where(eq(testSubscriptions.id, providerSubscriptionId));
    // The test provider's own row goes with the account (a cascade); Orbit's stays for the books, marked as not renewing.
    expect(atProvider).toBeUndefined();
    const [row] = await testApp.db.select().from(vipSubscriptions).where(eq(vipSubscriptions.providerSubscriptionId, providerSubscriptionId));
    expect(row).toMatchObject({ userId: null, cancelAtPeriodEnd: true });
  });

  it("an admin's Make VIP and Remove VIP leave a subscriber's VIP to their subscription, and say why", async () => {
    const member = await registerUser(testApp.app);
    await subscribe(member);
    const before = await vipOf(member);
    const admin = await loginAdmin(testApp.app);
    for (const action of ['make-vip', 'remove-vip']) {
      const response = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${member.user._id}/${action}`, headers: bearer(admin), payload: {} });
      expect(response.statusCode, action).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(subscriberVipMessage(member.body.username));
    }
    expect(await vipOf(member)).toEqual(before);
  });

  it("another member's test subscription cannot be renewed by them", async () => {
    const owner = await registerUser(testApp.app);
    const stranger = await registerUser(testApp.app);
    const { providerSubscriptionId } = await subscribe(owner);
    const response = await inject(stranger, 'POST', `/api/store/test-subscriptions/${providerSubscriptionId}/renewal`, { outcome: 'failed' });
    expect(response.statusCode).toBe(404);
    expect((await subscriptionOf(owner))?.status).toBe('active');
  });
});
