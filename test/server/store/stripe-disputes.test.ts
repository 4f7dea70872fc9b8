import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinPack } from '../../../contract/store/catalogue';
import { COIN_REFUND_MESSAGES } from '../../../contract/store/purchases';
import { coinsOwedMessage } from '../../../server/coins/ledger';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { balancesOffTheLots } from '../../../server/coins/queries/lots';
import { purchases } from '../../../server/db/schema';
import { coinPackOfAtLeast } from '../helpers/catalogue';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinHistoryOf, coinsOwedBy } from '../helpers/coins';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { deliverStripeEvent, packBoughtThroughStripe } from '../helpers/stripe-purchase';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A card holder disputes a coin pack's payment (issue 48), through Stripe's
// charge.dispute.* webhooks against the fake Stripe: the pack's unspent coins
// are held, spent ones owed (spending waits, new coins settle them); won gives
// everything back, lost keeps the debt.

let stripe: FakeStripe;
let testApp: TestApp;
let pack: CoinPack;
let adminToken: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  testApp = await createTestApp({ payments: { provider: 'stripe', secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, api: stripe.address } });
  // Big enough that a spend or two leaves some of it unspent.
  pack = await coinPackOfAtLeast(testApp.app, 500);
  adminToken = await loginAdmin(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
  await stripe?.close();
});

const deliver = (payload: string) => deliverStripeEvent(testApp.app, payload);
const boughtPack = (member: RegisteredUser) => packBoughtThroughStripe(testApp.app, stripe, member, pack._id);

const spend = (member: RegisteredUser) => testApp.app.inject({ method: 'POST', url: '/api/coins/spend', headers: bearer(member.token), payload: { item: 'extraLikes', attemptId: randomUUID() } });

const grant = (member: RegisteredUser, amount: number) =>
  testApp.app.inject({ method: 'POST', url: `/api/admin/user/${member.user._id}/coins`, headers: bearer(adminToken), payload: { amount, reason: 'dispute test', requestId: randomUUID() } });

const coinsOf = (member: RegisteredUser) => coinHistoryOf(testApp.app, member);

const owedBy = (member: RegisteredUser) => coinsOwedBy(testApp.db, member);

async function disputeOf(purchaseId: string) {
  const [row] = await testApp.db.select({ status: purchases.disputeStatus, owed: purchases.disputeOwedCoins }).from(purchases).where(eq(purchases.id, purchaseId));
  return row;
}

async function expectLedgerWhole(): Promise<void> {
  expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  expect(await balancesOffTheLots(testApp.db)).toEqual([]);
}

describe('a disputed coin pack', () => {
  it('holds the unspent coins while open; won, gives them back; each event applies once', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    expect((await grant(member, 50)).statusCode).toBe(200);
    const dispute = stripe.openDispute(paymentIntent);
    const opened = stripe.disputeEvent('charge.dispute.created', dispute.id);
    expect((await deliver(opened)).statusCode).toBe(200);
    expect((await deliver(opened)).statusCode).toBe(200);

    const held = await coinsOf(member);
    expect(held.balance).toBe(50);
    expect(held.entries[0]).toMatchObject({ kind: 'held', amount: -pack.coins });
    expect(await disputeOf(purchaseId)).toEqual({ status: 'open', owed: 0 });
    // The bank settles it, not a refund.
    const refund = await testApp.app.inject({ method: 'POST', url: `/api/store/purchases/${purchaseId}/refund`, headers: bearer(member.token) });
    expect(refund.json()).toMatchObject({ message: COIN_REFUND_MESSAGES.notRefundable });

    stripe.closeDispute(dispute.id, 'won');
    expect((await deliver(stripe.disputeEvent('charge.dispute.closed', dispute.id))).statusCode).toBe(200);
    expect((await deliver(stripe.disputeEvent('charge.dispute.closed', dispute.id))).statusCode).toBe(200);
    const back = await coinsOf(member);
    expect(back.balance).toBe(50 + pack.coins);
    expect(back.entries.filter((entry) => entry.kind === 'released')).toEqual([expect.objectContaining({ amount: pack.coins })]);
    expect(await disputeOf(purchaseId)).toMatchObject({ status: 'won' });
    await expectLedgerWhole();
  });

  it('owes the coins already spent: spending waits, lost keeps the debt, and new coins settle it first', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    expect((await spend(member)).statusCode).toBe(200);
    expect((await spend(member)).statusCode).toBe(200);
    const spent = 200;
    expect((await coinsOf(member)).balance).toBe(pack.coins - spent);

    const dispute = stripe.openDispute(paymentIntent);
    expect((await deliver(stripe.disputeEvent('charge.dispute.created', dispute.id))).statusCode).toBe(200);
    expect((await coinsOf(member)).balance).toBe(0);
    expect(await owedBy(member)).toBe(spent);
    expect(await disputeOf(purchaseId)).toEqual({ status: 'open', owed: spent });
    const paused = await spend(member);
    expect(paused.statusCode).toBe(409);
    expect(paused.json()).toMatchObject({ message: coinsOwedMessage(spent) });

    stripe.closeDispute(dispute.id, 'lost');
    expect((await deliver(stripe.disputeEvent('charge.dispute.closed', dispute.id))).statusCode).toBe(200);
    expect(await disputeOf(purchaseId)).toMatchObject({ status: 'lost' });
    expect(await owedBy(member)).toBe(spent);

    // New coins settle the debt first.
    expect((await grant(member, 150)).statusCode).toBe(200);
    expect((await coinsOf(member)).balance).toBe(0);
    expect(await owedBy(member)).toBe(50);
    expect((await grant(member, 150)).statusCode).toBe(200);
    expect((await coinsOf(member)).balance).toBe(100);
    expect(await owedBy(member)).toBe(0);
    expect((await coinsOf(member)).entries.filter((entry) => entry.kind === 'settled').map((entry) => entry.amount)).toEqual([-50, -150]);
    expect((await spend(member)).statusCode).toBe(200);
    await expectLedgerWhole();
  });

  it('won after part of the debt was settled gives back the held coins and what was settled', async () => {
    const member = await registerUser(testApp.app);
    const { paymentIntent } = await boughtPack(member);
    expect((await spend(member)).statusCode).toBe(200);
    const dispute = stripe.openDispute(paymentIntent);
    expect((await deliver(stripe.disputeEvent('charge.dispute.created', dispute.id))).statusCode).toBe(200);
    expect((await grant(member, 60)).statusCode).toBe(200);
    expect(await owedBy(member)).toBe(40);

    stripe.closeDispute(dispute.id, 'won');
    expect((await deliver(stripe.disputeEvent('charge.dispute.closed', dispute.id))).statusCode).toBe(200);
    expect(await owedBy(member)).toBe(0);
    // 400 held, and the 60 settled: as before the dispute, with the 60 granted.
    expect((await coinsOf(member)).balance).toBe(pack.coins - 100 + 60);
    await expectLedgerWhole();
  });

  it('a dispute first heard of as lost (the opening event never came) is opened and lost', async () => {
    const member = await registerUser(testApp.app);
    const { purchaseId, paymentIntent } = await boughtPack(member);
    const dispute = stripe.openDispute(paymentIntent);
    stripe.closeDispute(dispute.id, 'lost');
    expect((await deliver(stripe.disputeEvent('charge.dispute.closed', dispute.id))).statusCode).toBe(200);
    expect((await coinsOf(member)).balance).toBe(0);
    expect(await disputeOf(purchaseId)).toEqual({ status: 'lost', owed: 0 });
    // The opening event arriving late changes nothing.
    expect((await deliver(stripe.disputeEvent('charge.dispute.created', dispute.id))).statusCode).toBe(200);
    expect((await coinsOf(member)).balance).toBe(0);
    await expectLedgerWhole();
  });
});
