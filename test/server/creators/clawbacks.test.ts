import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CREATOR_SHARE_PERCENT, withdrawalOwedMessage, type CreatorStatusResponse, type WithdrawalRequestResponse } from '../../../contract/creators';
import type { WithdrawalListResponse } from '../../../contract/admin/console';
import type { GiftOffersResponse } from '../../../contract/gifts';
import { insertEarningEntry } from '../../../server/creators/queries/withdrawals';
import { creatorEarnings, purchases } from '../../../server/db/schema';
import { command, expectOk } from '../calls/call-helpers';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinPackOfAtLeast } from '../helpers/catalogue';
import { listeningTestApp } from '../helpers/listening-app';
import { enrolCreator, identityGiven } from '../helpers/creators';
import { packBoughtOnTestProvider } from '../helpers/local-checkout';
import { FakeForwarder } from '../live/fake-forwarder';
import { hostedStream, watchingTab } from '../live/live-helpers';
import { ARRIVAL_MS } from '../helpers/waits';

// A payment behind gifted coins reversed (issue 49): a lost dispute takes
// back what the gifts earned the creator. An earning still pending is
// cancelled before it can be withdrawn; one already paid out leaves the
// creator owing it, which blocks withdrawals until new earnings settle it.

const DAY_MS = 24 * 60 * 60_000;
const listening = listeningTestApp({ live: { forwarder: new FakeForwarder(), hostGraceMs: 5_000, sweepIntervalMs: 1_000 } });
const { tabs } = listening;
const app = () => listening.testApp.app;
const db = () => listening.testApp.db;

async function statusOf(member: RegisteredUser): Promise<CreatorStatusResponse> {
  const response = await app().inject({ method: 'GET', url: '/api/creators/me', headers: bearer(member.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatorStatusResponse>();
}

async function disputeLost(member: RegisteredUser, purchaseId: string): Promise<void> {
  const [row] = await db().select({ paymentId: purchases.paymentId }).from(purchases).where(eq(purchases.id, purchaseId));
  const lost = await app().inject({ method: 'POST', url: `/api/store/test-payments/${row?.paymentId ?? ''}/dispute`, headers: bearer(member.token), payload: { status: 'lost' } });
  expect(lost.statusCode, lost.body).toBe(200);
  await vi.waitFor(
    async () => {
      const [after] = await db().select({ status: purchases.disputeStatus }).from(purchases).where(eq(purchases.id, purchaseId));
      expect(after?.status).toBe('lost');
    },
    { timeout: ARRIVAL_MS, interval: 20 },
  );
}

/** A creator live, a viewer who bought a pack on the test provider watching, and a way to gift. */
async function creatorAndBuyer() {
  const [creator, viewer] = await Promise.all([registerUser(app()), registerUser(app())]);
  await enrolCreator(app(), creator);
  await identityGiven(app(), creator, await loginAdmin(app()));
  const pack = await coinPackOfAtLeast(app(), 100);
  const purchaseId = await packBoughtOnTestProvider(app(), db(), viewer, pack._id);
  const offers = (await app().inject({ method: 'GET', url: '/api/gifts', headers: bearer(viewer.token) })).json<GiftOffersResponse>().gifts;
  const heart = offers.find((offer) => offer.name === 'Heart');
  if (!heart) throw new Error('no Heart gift');
  const { streamId } = await hostedStream(app(), tabs, creator);
  const { tab } = await watchingTab(tabs, viewer, streamId);
  const sendHeart = async () => expectOk(await command(tab, 'live:gift', { streamId, giftId: heart._id, sendId: randomUUID() }));
  const earnedPerHeart = Math.floor((heart.price * pack.price.amountMinor * CREATOR_SHARE_PERCENT) / (pack.coins * 100));
  return { creator, viewer, purchaseId, currency: pack.price.currency, sendHeart, earnedPerHeart };
}

/** Moves the creator's earnings past their pending days, as the clock would. */
async function matured(creator: RegisteredUser): Promise<void> {
  await db().update(creatorEarnings).set({ availableAt: new Date(Date.now() - DAY_MS) }).where(eq(creatorEarnings.creatorId, creator.user._id));
}

describe('clawing back earnings', () => {
  it('cancels a pending earning when the payment behind the gift is lost in a dispute, once', async () => {
    const { creator, viewer, purchaseId, currency, sendHeart, earnedPerHeart } = await creatorAndBuyer();
    await sendHeart();
    expect((await statusOf(creator)).balances).toEqual([{ currency, test: true, pendingMinor: earnedPerHeart, withdrawableMinor: 0, owedMinor: 0 }]);

    await disputeLost(viewer, purchaseId);
    const status = await statusOf(creator);
    expect(status.balances).toEqual([{ currency, test: true, pendingMinor: 0, withdrawableMinor: 0, owedMinor: 0 }]);
    // The gift stays in the creator's history; the clawback is its own entry.
    expect(status.earnings).toHaveLength(1);
    const kinds = await db().select({ kind: creatorEarnings.kind, amount: creatorEarnings.amountMinor }).from(creatorEarnings).where(eq(creatorEarnings.creatorId, creator.user._id));
    expect(kinds.map((row) => [row.kind, row.amount]).sort()).toEqual([['clawback', -earnedPerHeart], ['gift', earnedPerHeart]]);
  });

  it('leaves a creator who was paid out owing the amount, refusing withdrawals until new earnings settle it', async () => {
    const { creator, viewer, purchaseId, currency, sendHeart, earnedPerHeart } = await creatorAndBuyer();
    await sendHeart();
    await matured(creator);
    // Earlier earnings (of other payments) bring the balance above the least withdrawal.
    const earlier = 2000;
    await insertEarningEntry(db(), { creatorId: creator.user._id, kind: 'gift', amountMinor: earlier, currency, test: true, idempotencyKey: randomUUID(), availableAt: new Date(Date.now() - DAY_MS), createdAt: new Date() });
    const requested = await app().inject({
      method: 'POST',
      url: '/api/creators/me/withdrawals',
      headers: bearer(creator.token),
      payload: { requestId: randomUUID(), amountMinor: earlier + earnedPerHeart, currency, test: true, method: 'paypal', account: 'creator@example.com' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const admin = await loginAdmin(app());
    const paid = await app().inject({
      method: 'POST',
      url: `/api/admin/withdrawals/approve/${requested.json<WithdrawalRequestResponse>().withdrawal._id}`,
      headers: bearer(admin),
      payload: { txnId: 'TXN-CLAW' },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    await disputeLost(viewer, purchaseId);
    expect((await statusOf(creator)).balances).toEqual([{ currency, test: true, pendingMinor: 0, withdrawableMinor: 0, owedMinor: earnedPerHeart }]);
    const refused = await app().inject({
      method: 'POST',
      url: '/api/creators/me/withdrawals',
      headers: bearer(creator.token),
      payload: { requestId: randomUUID(), amountMinor: 2000, currency, test: true, method: 'paypal', account: 'creator@example.com' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(withdrawalOwedMessage(earnedPerHeart, currency));

    // The admin sees it beside the creator's requests: what they owe, what they earned in all, and reports against them.
    const reported = await app().inject({ method: 'POST', url: `/api/users/${creator.user._id}/report`, headers: bearer(viewer.token), payload: { reason: 'scam' } });
    expect(reported.statusCode, reported.body).toBe(201);
    const listed = await app().inject({ method: 'GET', url: '/api/admin/withdrawals/all?limit=100', headers: bearer(admin) });
    const row = listed.json<WithdrawalListResponse>().withdrawals.find((withdrawal) => withdrawal.user?._id === creator.user._id);
    expect(row).toMatchObject({ owed: { amountMinor: earnedPerHeart, currency }, earned: { amountMinor: earlier + earnedPerHeart, currency }, openReports: 1 });

    // New earnings settle the debt first: a new gift of another buyer's coins leaves what it earned less the debt.
    await insertEarningEntry(db(), { creatorId: creator.user._id, kind: 'gift', amountMinor: 2500, currency, test: true, idempotencyKey: randomUUID(), availableAt: new Date(Date.now() - DAY_MS), createdAt: new Date() });
    expect((await statusOf(creator)).balances).toEqual([{ currency, test: true, pendingMinor: 0, withdrawableMinor: 2500 - earnedPerHeart, owedMinor: 0 }]);
  });
});
