import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoinPack } from '../../../contract/store/catalogue';
import type { StartCheckoutResponse } from '../../../contract/store/purchases';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { coinLedger, purchases, testCheckoutSessions, users } from '../../../server/db/schema';
import { LOCAL_WEBHOOK_PATH } from '../../../server/store/plugin';
import { signTestWebhook, TEST_SIGNATURE_HEADER, testWebhookKey } from '../../../server/store/test-provider/signature';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { firstCoinPack } from '../helpers/catalogue';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

// Whatever a member, their browser and the provider do to one checkout, in
// any order and at the same time (pay, come back and confirm, cancel, the
// webhook delivered again), the coins arrive exactly once if and only if the
// provider took the payment, and the balance stays the sum of the ledger.

let testApp: TestApp;
let pack: CoinPack;
const key = testWebhookKey(TEST_JWT_SECRET);

beforeAll(async () => {
  testApp = await createTestApp();
  pack = await firstCoinPack(testApp.app);
});
afterAll(() => testApp?.close());

type Step = 'pay' | 'payLater' | 'bankConfirms' | 'bankRejects' | 'confirm' | 'cancel' | 'redeliver';
const STEPS: Step[] = ['pay', 'payLater', 'bankConfirms', 'bankRejects', 'confirm', 'cancel', 'redeliver'];

function run(member: RegisteredUser, purchaseId: string, sessionId: string, step: Step) {
  const page = (path: string, payload: object) => testApp.app.inject({ method: 'POST', url: `/api/store/test-checkout/${sessionId}/${path}`, headers: bearer(member.token), payload });
  switch (step) {
    case 'pay':
      return page('actions', { action: 'pay' });
    case 'payLater':
      return page('actions', { action: 'payLater' });
    case 'bankConfirms':
      return page('settle', { outcome: 'succeed' });
    case 'bankRejects':
      return page('settle', { outcome: 'fail' });
    case 'confirm':
      return testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/confirm`, headers: bearer(member.token) });
    case 'cancel':
      return testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/cancel`, headers: bearer(member.token) });
    case 'redeliver': {
      // A completed-checkout event (real or stale): Orbit reads the truth from the provider either way.
      const body = Buffer.from(JSON.stringify({ id: `evt_${randomUUID()}`, type: 'checkout.session.completed', data: { object: { id: sessionId } } }));
      return testApp.app.inject({ method: 'POST', url: LOCAL_WEBHOOK_PATH, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signTestWebhook(key, body, new Date()) }, payload: body });
    }
  }
}

describe('granting a checkout', () => {
  it('credits exactly once exactly when the provider took the payment, whatever happens in whatever order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }), async (rounds) => {
        const member = await registerUser(testApp.app);
        const started = (
          await testApp.app.inject({
            method: 'POST',
            url: '/api/store/checkout',
            headers: bearer(member.token),
            payload: { item: { kind: 'coinPack', id: pack._id }, attemptId: randomUUID(), waiveWithdrawal: true },
          })
        ).json<StartCheckoutResponse>();
        const purchaseId = started.purchase._id;
        const sessionId = started.checkoutUrl.replace('/test-checkout/', '');
        // Each round's steps at the same time, rounds one after another.
        for (const round of rounds) {
          const answers = await Promise.all(round.map((step) => run(member, purchaseId, sessionId, step)));
          for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
        }

        const [session] = await testApp.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
        const providerTookIt = session?.status === 'complete';
        // The provider's webhook for the last step may still be on its way; the return page would settle it anyway.
        await testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/confirm`, headers: bearer(member.token) });
        await vi.waitFor(async () => {
          const [purchase] = await testApp.db.select().from(purchases).where(eq(purchases.id, purchaseId));
          expect(purchase?.status === 'paid').toBe(providerTookIt);
        });
        const entries = await testApp.db.select().from(coinLedger).where(eq(coinLedger.userId, member.user._id));
        const [balance] = await testApp.db.select({ coins: users.coins }).from(users).where(eq(users.id, member.user._id));
        expect(entries.map((entry) => entry.amount)).toEqual(providerTookIt ? [pack.coins] : []);
        expect(balance?.coins).toBe(providerTookIt ? pack.coins : 0);
      }),
      { numRuns: 25 },
    );
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  });
});
