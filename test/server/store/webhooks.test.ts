import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinPack } from '../../../contract/store/catalogue';
import type { StartCheckoutResponse } from '../../../contract/store/purchases';
import { paymentEvents, purchases, testCheckoutSessions, users } from '../../../server/db/schema';
import { LOCAL_WEBHOOK_PATH } from '../../../server/store/plugin';
import { signTestWebhook, TEST_SIGNATURE_HEADER, testWebhookKey } from '../../../server/store/test-provider/signature';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { firstCoinPack } from '../helpers/catalogue';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

// The provider's webhooks: only a request signed by the provider, over its
// exact bytes, moves anything; each event applies once; events in any order
// leave a purchase as the provider has it.

let testApp: TestApp;
let pack: CoinPack;
const key = testWebhookKey(TEST_JWT_SECRET);

beforeAll(async () => {
  testApp = await createTestApp();
  pack = await firstCoinPack(testApp.app);
});
afterAll(() => testApp?.close());

async function pendingPurchase(member: RegisteredUser): Promise<{ purchaseId: string; sessionId: string }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/store/checkout',
    headers: bearer(member.token),
    payload: { item: { kind: 'coinPack', id: pack._id }, attemptId: randomUUID(), waiveWithdrawal: true },
  });
  const body = response.json<StartCheckoutResponse>();
  return { purchaseId: body.purchase._id, sessionId: body.checkoutUrl.replace('/test-checkout/', '') };
}

function event(type: string, sessionId: string, id = `evt_${randomUUID()}`): Buffer {
  return Buffer.from(JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: { id: sessionId, object: 'checkout.session' } } }));
}

function post(body: Buffer, signature: string | undefined) {
  return testApp.app.inject({
    method: 'POST',
    url: LOCAL_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [TEST_SIGNATURE_HEADER]: signature }) },
    payload: body,
  });
}

async function balanceOf(member: RegisteredUser): Promise<number> {
  const [row] = await testApp.db.select({ coins: users.coins }).from(users).where(eq(users.id, member.user._id));
  return row?.coins ?? -1;
}

async function statusOf(purchaseId: string) {
  const [row] = await testApp.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId));
  return row?.status;
}

const markPaidAtProvider = (sessionId: string) => testApp.db.update(testCheckoutSessions).set({ status: 'complete' }).where(eq(testCheckoutSessions.id, sessionId));

describe('the payment webhook', () => {
  it('refuses a request without a valid signature, and grants nothing', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, sessionId } = await pendingPurchase(member);
    await markPaidAtProvider(sessionId);
    const body = event('checkout.session.completed', sessionId);
    const otherKey = testWebhookKey('another-secret-0123456789-abcdefghijklmnopqrstuv');
    const tampered = Buffer.from(body.toString().replace('checkout.session.completed', 'checkout.session.completed '));
    const old = signTestWebhook(key, body, new Date(Date.now() - 10 * 60_000));
    for (const [request, signature] of [
      [body, undefined],
      [body, 'not a signature'],
      [body, signTestWebhook(otherKey, body, new Date())],
      [tampered, signTestWebhook(key, body, new Date())],
      [body, old],
    ] as const) {
      const response = await post(request, signature);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Webhook refused: /) as unknown });
    }
    expect(await statusOf(purchaseId)).toBe('pending');
    expect(await balanceOf(member)).toBe(0);
  });

  it('applies an event once however often it is delivered, and several events for one payment credit once', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, sessionId } = await pendingPurchase(member);
    await markPaidAtProvider(sessionId);
    const body = event('checkout.session.completed', sessionId);
    const signature = signTestWebhook(key, body, new Date());
    const answers = await Promise.all([post(body, signature), post(body, signature), post(body, signature)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const eventId = (JSON.parse(body.toString()) as { id: string }).id;
    expect(await testApp.db.select().from(paymentEvents).where(eq(paymentEvents.id, `local:${eventId}`))).toHaveLength(1);
    // A second event about the same payment (Stripe sends completed, then async_payment_succeeded for some methods).
    const second = event('checkout.session.async_payment_succeeded', sessionId);
    expect((await post(second, signTestWebhook(key, second, new Date()))).statusCode).toBe(200);
    expect(await statusOf(purchaseId)).toBe('paid');
    expect(await balanceOf(member)).toBe(pack.coins);
  });

  it('leaves a purchase as the provider has it whatever order events arrive in', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, sessionId } = await pendingPurchase(member);
    await markPaidAtProvider(sessionId);
    // The expiry notice of an earlier moment arrives after the payment: the provider says paid, so paid it is.
    const expired = event('checkout.session.expired', sessionId);
    const completed = event('checkout.session.completed', sessionId);
    expect((await post(expired, signTestWebhook(key, expired, new Date()))).statusCode).toBe(200);
    expect((await post(completed, signTestWebhook(key, completed, new Date()))).statusCode).toBe(200);
    expect(await statusOf(purchaseId)).toBe('paid');
    expect(await balanceOf(member)).toBe(pack.coins);
  });

  it('answers 200 to an event about a checkout Orbit does not know or does not act on, changing nothing', async () => {
    const unknown = event('checkout.session.completed', 'tcs_unknownunknownunknown');
    expect((await post(unknown, signTestWebhook(key, unknown, new Date()))).statusCode).toBe(200);
    const other = event('customer.created', 'cus_123');
    expect((await post(other, signTestWebhook(key, other, new Date()))).statusCode).toBe(200);
  });

  it('refuses signed bytes that are not an event', async () => {
    const junk = Buffer.from('{"hello":');
    expect((await post(junk, signTestWebhook(key, junk, new Date()))).statusCode).toBe(400);
  });
});
