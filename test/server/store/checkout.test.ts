import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoinPack } from '../../../contract/store/catalogue';
import {
  CHECKOUT_CANCELLED_MESSAGE,
  purchaseUpdatedEventSchema,
  TEST_PAYMENT_LABEL,
  WITHDRAWAL_WAIVER_TEXT,
  type CancelCheckoutResponse,
  type Purchase,
  type PurchaseHistoryResponse,
  type PurchaseResponse,
  type PurchaseUpdatedEvent,
  type StartCheckoutResponse,
} from '../../../contract/store/purchases';
import { TEST_CARD_DECLINED_MESSAGE, type TestCheckoutResponse } from '../../../contract/store/test-checkout';
import { coinLedger, coinPacks, purchases, testCheckoutSessions } from '../../../server/db/schema';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinHistoryOf } from '../helpers/coins';
import { outboxMessages } from '../helpers/outbox';
import { firstCoinPack } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { baseUrl, connected, nextEvent, openSocket } from '../messaging/messaging-helpers';
import { ARRIVAL_MS } from '../helpers/waits';

// Buying a coin pack on the local test provider, end to end through the API:
// checkout, the provider's page, its signed webhook, the return page's
// confirmation, and everything that must not grant coins.

let testApp: TestApp;
let pack: CoinPack;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  pack = await firstCoinPack(testApp.app);
});
afterAll(() => testApp?.close());

function startCheckout(member: RegisteredUser, body: object = { item: { kind: 'coinPack', id: pack._id }, attemptId: randomUUID(), waiveWithdrawal: true }) {
  return testApp.app.inject({ method: 'POST', url: '/api/store/checkout', headers: bearer(member.token), payload: body });
}

async function checkout(member: RegisteredUser): Promise<StartCheckoutResponse & { sessionId: string }> {
  const response = await startCheckout(member);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<StartCheckoutResponse>();
  const sessionId = body.checkoutUrl.replace('/test-checkout/', '');
  return { ...body, sessionId };
}

function onCheckoutPage(member: RegisteredUser, sessionId: string, step: 'actions' | 'settle', body: object) {
  return testApp.app.inject({ method: 'POST', url: `/api/store/test-checkout/${sessionId}/${step}`, headers: bearer(member.token), payload: body });
}

function confirm(member: RegisteredUser, purchaseId: string) {
  return testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/confirm`, headers: bearer(member.token) });
}

async function storedPurchase(id: string) {
  const [row] = await testApp.db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) throw new Error(`no purchase ${id}`);
  return row;
}

const coinsOf = (member: RegisteredUser) => coinHistoryOf(testApp.app, member);

/** The webhook arrives after the page's answer, as from a real provider: wait for it. */
async function paidByWebhook(id: string) {
  await vi.waitFor(async () => expect((await storedPurchase(id)).status).toBe('paid'), { timeout: ARRIVAL_MS, interval: 20 });
}

describe('buying a coin pack on the test provider', () => {
  it('says no money moves here', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/store/payments' });
    expect(response.json()).toEqual({ success: true, provider: 'local', testPayments: true });
  });

  it('grants the coins once the provider confirms payment, tells open tabs, and emails the receipt', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    expect(started.purchase).toMatchObject({ status: 'pending', itemName: pack.name, coins: pack.coins, amount: pack.price, testPayment: true, withdrawalWaived: true });
    expect(started.checkoutUrl).toMatch(/^\/test-checkout\/tcs_/);
    // Nothing yet: a checkout is not a payment.
    expect((await coinsOf(member)).balance).toBe(0);

    const socket = openSocket(baseUrl(testApp.app), member.token);
    try {
      await connected(socket);
      const paidEvent = nextEvent<PurchaseUpdatedEvent>(socket, 'purchase:updated', ARRIVAL_MS, (event) => event.purchase.status === 'paid');
      const balanceEvent = nextEvent<{ balance: number }>(socket, 'coins:balance');
      const paid = await onCheckoutPage(member, started.sessionId, 'actions', { action: 'pay' });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json<TestCheckoutResponse>().session).toMatchObject({ status: 'complete', successPath: `/coins?purchase=${started.purchase._id}` });
      expect(purchaseUpdatedEventSchema.parse(await paidEvent).purchase).toMatchObject({ _id: started.purchase._id, status: 'paid' });
      expect((await balanceEvent).balance).toBe(pack.coins);
    } finally {
      socket.close();
    }

    const coins = await coinsOf(member);
    expect(coins.balance).toBe(pack.coins);
    expect(coins.entries).toEqual([expect.objectContaining({ amount: pack.coins, kind: 'purchased', reference: `${pack.name} (receipt ${started.purchase.receiptNumber})` })]);

    // The return page confirms after the webhook: nothing more is granted.
    const confirmed = await confirm(member, started.purchase._id);
    expect(confirmed.json<PurchaseResponse>().purchase).toMatchObject({ status: 'paid', paidAt: expect.any(String) as unknown });
    expect((await coinsOf(member)).balance).toBe(pack.coins);

    await testApp.app.mailer.idle();
    const [receipt, ...more] = outboxMessages(testApp.outboxDir, member.body.email).filter((message) => message.subject.includes('receipt'));
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe(`Your Orbit receipt ${started.purchase.receiptNumber}`);
    expect(receipt?.body).toContain(`Item: ${pack.name}`);
    expect(receipt?.body).toContain(`Coins: ${pack.coins.toLocaleString('en-US')}`);
    expect(receipt?.body).toContain(TEST_PAYMENT_LABEL);
    expect(receipt?.body).toContain(WITHDRAWAL_WAIVER_TEXT);

    const history = (await testApp.app.inject({ method: 'GET', url: '/api/store/purchases', headers: bearer(member.token) })).json<PurchaseHistoryResponse>();
    expect(history).toMatchObject({ total: 1, purchases: [{ _id: started.purchase._id, status: 'paid' }] });
  });

  it('grants through the return page alone when the webhook never came, once however often it is asked', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    // The provider's record says paid; its webhook is lost (as if Orbit was down when it was sent).
    await testApp.db.update(testCheckoutSessions).set({ status: 'complete' }).where(eq(testCheckoutSessions.id, started.sessionId));
    const answers = await Promise.all([confirm(member, started.purchase._id), confirm(member, started.purchase._id), confirm(member, started.purchase._id)]);
    for (const answer of answers) expect(answer.json<PurchaseResponse>().purchase.status).toBe('paid');
    const coins = await coinsOf(member);
    expect(coins.balance).toBe(pack.coins);
    expect(coins.total).toBe(1);
  });

  it('starts one checkout for one Buy Now, however often it is sent', async () => {
    const member = await registerUser(testApp.app);
    const body = { item: { kind: 'coinPack', id: pack._id }, attemptId: randomUUID(), waiveWithdrawal: true };
    const answers = await Promise.all([startCheckout(member, body), startCheckout(member, body)]);
    const [first, second] = answers.map((answer) => answer.json<StartCheckoutResponse>());
    expect(second?.purchase._id).toBe(first?.purchase._id);
    expect(second?.checkoutUrl).toBe(first?.checkoutUrl);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/store/purchases', headers: bearer(member.token) })).json<PurchaseHistoryResponse>().total).toBe(1);
  });

  it('grants what the member was shown when the price changes while checkout is open', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    await testApp.db.update(coinPacks).set({ priceMinor: pack.price.amountMinor * 3, coins: pack.coins * 10 }).where(eq(coinPacks.id, pack._id));
    try {
      await onCheckoutPage(member, started.sessionId, 'actions', { action: 'pay' });
      await paidByWebhook(started.purchase._id);
      expect((await coinsOf(member)).balance).toBe(pack.coins);
      expect((await storedPurchase(started.purchase._id)).amountMinor).toBe(pack.price.amountMinor);
    } finally {
      await testApp.db.update(coinPacks).set({ priceMinor: pack.price.amountMinor, coins: pack.coins }).where(eq(coinPacks.id, pack._id));
    }
  });

  it('grants nothing when what was charged is not what the purchase costs', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    await testApp.db.update(testCheckoutSessions).set({ status: 'complete', amountMinor: 1 }).where(eq(testCheckoutSessions.id, started.sessionId));
    expect((await confirm(member, started.purchase._id)).json<PurchaseResponse>().purchase.status).toBe('pending');
    expect((await coinsOf(member)).balance).toBe(0);
  });

  it('keeps a declined card on the checkout page, open', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    const declined = await onCheckoutPage(member, started.sessionId, 'actions', { action: 'decline' });
    expect(declined.json<TestCheckoutResponse>().session).toMatchObject({ status: 'open', declined: true });
    expect(TEST_CARD_DECLINED_MESSAGE).toContain('declined');
    expect((await confirm(member, started.purchase._id)).json<PurchaseResponse>().purchase.status).toBe('pending');
  });

  it('waits for the bank on a payment made later, then grants it, or fails it without coins', async () => {
    const member = await registerUser(testApp.app);
    const later = await checkout(member);
    await onCheckoutPage(member, later.sessionId, 'actions', { action: 'payLater' });
    expect((await confirm(member, later.purchase._id)).json<PurchaseResponse>().purchase.status).toBe('processing');
    expect((await coinsOf(member)).balance).toBe(0);
    await onCheckoutPage(member, later.sessionId, 'settle', { outcome: 'succeed' });
    await paidByWebhook(later.purchase._id);
    expect((await coinsOf(member)).balance).toBe(pack.coins);

    const failing = await checkout(member);
    await onCheckoutPage(member, failing.sessionId, 'actions', { action: 'payLater' });
    await onCheckoutPage(member, failing.sessionId, 'settle', { outcome: 'fail' });
    await vi.waitFor(async () => expect((await storedPurchase(failing.purchase._id)).status).toBe('failed'), { timeout: ARRIVAL_MS, interval: 20 });
    expect((await coinsOf(member)).balance).toBe(pack.coins);
    // Settled once: the bank cannot answer twice.
    expect((await onCheckoutPage(member, failing.sessionId, 'settle', { outcome: 'succeed' })).statusCode).toBe(409);
  });

  it('closes a cancelled checkout so nothing can be paid through it, and says nothing was charged', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    const cancelled = await testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${started.purchase._id}/cancel`, headers: bearer(member.token) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<CancelCheckoutResponse>()).toMatchObject({ message: CHECKOUT_CANCELLED_MESSAGE, purchase: { status: 'cancelled' } });
    const tooLate = await onCheckoutPage(member, started.sessionId, 'actions', { action: 'pay' });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ message: 'This checkout has expired' });
    expect((await coinsOf(member)).balance).toBe(0);
  });

  it('refuses to cancel what was already paid, and keeps it paid', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    await onCheckoutPage(member, started.sessionId, 'actions', { action: 'pay' });
    const cancelled = await testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${started.purchase._id}/cancel`, headers: bearer(member.token) });
    expect(cancelled.statusCode).toBe(409);
    await paidByWebhook(started.purchase._id);
    expect((await coinsOf(member)).balance).toBe(pack.coins);
  });

  it('lets a checkout expire after its time: it shows as expired and cannot be paid', async () => {
    const member = await registerUser(testApp.app);
    const started = await checkout(member);
    const past = new Date(Date.now() - 1000);
    await testApp.db.update(testCheckoutSessions).set({ expiresAt: past }).where(eq(testCheckoutSessions.id, started.sessionId));
    await testApp.db.update(purchases).set({ checkoutExpiresAt: past }).where(eq(purchases.id, started.purchase._id));
    expect((await onCheckoutPage(member, started.sessionId, 'actions', { action: 'pay' })).statusCode).toBe(409);
    const history = (await testApp.app.inject({ method: 'GET', url: '/api/store/purchases', headers: bearer(member.token) })).json<PurchaseHistoryResponse>();
    expect(history.purchases.map((purchase: Purchase) => purchase.status)).toEqual(['expired']);
  });
});

describe('what a checkout refuses', () => {
  it('needs the withdrawal box ticked, a pack on sale, and a member who holds coins', async () => {
    const member = await registerUser(testApp.app);
    const unticked = await startCheckout(member, { item: { kind: 'coinPack', id: pack._id }, attemptId: randomUUID(), waiveWithdrawal: false });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json()).toMatchObject({ message: expect.stringContaining('Tick the box to get your coins now') as unknown });

    const unknown = await startCheckout(member, { item: { kind: 'coinPack', id: randomUUID() }, attemptId: randomUUID(), waiveWithdrawal: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Coin pack not found' });

    await testApp.db.update(coinPacks).set({ active: false }).where(eq(coinPacks.id, pack._id));
    try {
      expect((await startCheckout(member)).statusCode).toBe(404);
    } finally {
      await testApp.db.update(coinPacks).set({ active: true }).where(eq(coinPacks.id, pack._id));
    }

    const admin = { token: await loginAdmin(testApp.app) } as RegisteredUser;
    const byAdmin = await startCheckout(admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({ message: 'This action is for user accounts' });

    const signedOut = await testApp.app.inject({ method: 'POST', url: '/api/store/checkout', payload: { item: { kind: 'coinPack', id: pack._id }, attemptId: randomUUID(), waiveWithdrawal: true } });
    expect(signedOut.statusCode).toBe(401);
  });

  it("keeps one member's checkout and purchases from another", async () => {
    const [buyer, other] = await Promise.all([registerUser(testApp.app), registerUser(testApp.app)]);
    const started = await checkout(buyer);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/store/test-checkout/${started.sessionId}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await onCheckoutPage(other, started.sessionId, 'actions', { action: 'pay' })).statusCode).toBe(404);
    expect((await confirm(other, started.purchase._id)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${started.purchase._id}/cancel`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await storedPurchase(started.purchase._id)).status).toBe('pending');
  });

  it('leaves every balance equal to its ledger', async () => {
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
    const entries = await testApp.db.select().from(coinLedger).where(eq(coinLedger.kind, 'purchased'));
    expect(new Set(entries.map((entry) => entry.idempotencyKey)).size).toBe(entries.length);
  });
});
