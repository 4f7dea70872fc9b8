import {
  CREATOR_FIRST_PENDING_DAYS,
  CREATOR_MIN_AGE,
  CREATOR_PENDING_DAYS,
  CREATOR_SHARE_PERCENT,
  CREATOR_TERMS_SUMMARY,
  CREATOR_TERMS_VERSION,
  CREATOR_UNDER_AGE_MESSAGE,
  WITHDRAWAL_MIN_MINOR,
  type CreatorStatusResponse,
  type Earning,
} from '../../contract/creators';
import type { PaymentProvider } from '../../contract/store/purchases';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { Executor } from '../lib/transaction';
import { HttpError } from '../plugins/errors';
import {
  boughtCoinsDrawnBy,
  clawedBackOf,
  creatorOf,
  earningsBalancesOf,
  earningsFromLot,
  insertEarning,
  recentEarningsOf,
  upsertCreator,
  wasPaidOut,
  yearlyTotalsOf,
  type BoughtCoinsDrawn,
  type EarningRow,
} from './queries/earnings';
import { identityOf } from './queries/identities';
import { insertEarningEntry, withdrawalsOf } from './queries/withdrawals';
import { toCreatorIdentity } from './identity';
import { toMemberWithdrawal } from './withdrawals';

const DAY_MS = 24 * 60 * 60_000;
/** How many of the latest earnings, and of withdrawals, the creator's page lists. */
const RECENT_EARNINGS = 50;
const RECENT_WITHDRAWALS = 20;
/** Payments in which no money moved: their earnings are shown as test earnings and never paid out. */
const TEST_PROVIDERS: ReadonlySet<PaymentProvider> = new Set(['local', 'seed']);

const toEarning = (row: EarningRow): Earning => ({
  _id: row.id,
  amount: { amountMinor: row.amountMinor, currency: row.currency },
  test: row.test,
  giftName: row.giftName ?? 'Gift',
  giftIcon: row.giftIcon ?? '🎁',
  coins: row.coins ?? 1,
  senderName: row.senderName,
  streamId: row.streamId,
  streamTitle: row.streamTitle,
  earnedAt: row.createdAt.toISOString(),
  availableAt: row.availableAt.toISOString(),
});

/** GET /creators/me: enrolment, the published terms, balances and the latest earnings. */
export async function creatorStatus(db: OrbitDatabase, member: Pick<UserRow, 'id'>, now: Date): Promise<CreatorStatusResponse> {
  const [creator, balances, earnings, withdrawals, yearlyTotals, identity] = await Promise.all([
    creatorOf(db, member.id),
    earningsBalancesOf(db, member.id, now),
    recentEarningsOf(db, member.id, RECENT_EARNINGS),
    withdrawalsOf(db, member.id, RECENT_WITHDRAWALS),
    yearlyTotalsOf(db, member.id),
    identityOf(db, member.id),
  ]);
  return {
    success: true,
    enrolled: creator?.termsVersion === CREATOR_TERMS_VERSION,
    sharePercent: CREATOR_SHARE_PERCENT,
    pendingDays: CREATOR_PENDING_DAYS,
    firstPendingDays: CREATOR_FIRST_PENDING_DAYS,
    terms: [...CREATOR_TERMS_SUMMARY],
    // A sum below zero is a debt (clawed back after a payout), not a negative balance.
    balances: balances.map(({ withdrawableMinor, ...balance }) => ({ ...balance, withdrawableMinor: Math.max(withdrawableMinor, 0), owedMinor: Math.max(-withdrawableMinor, 0) })),
    earnings: earnings.map(toEarning),
    minimumWithdrawalMinor: WITHDRAWAL_MIN_MINOR,
    withdrawals: withdrawals.map(toMemberWithdrawal),
    yearlyTotals,
    identity: identity ? toCreatorIdentity(identity) : null,
  };
}

/** POST /creators/me: a member 18 or over enrols, accepting the current terms (again is fine). */
export async function enrolCreator(db: OrbitDatabase, member: Pick<UserRow, 'id' | 'age'>, now: Date): Promise<CreatorStatusResponse> {
  if (member.age === null || member.age < CREATOR_MIN_AGE) throw new HttpError(403, CREATOR_UNDER_AGE_MESSAGE);
  await upsertCreator(db, member.id, CREATOR_TERMS_VERSION);
  return creatorStatus(db, member, now);
}

/** The creator's share of the money behind coins drawn from one bought lot, rounded down so Orbit never pays out more than it was paid. */
const shareOfLot = (lot: BoughtCoinsDrawn) => Math.floor((lot.coins * lot.paidMinor * CREATOR_SHARE_PERCENT) / (lot.packCoins * 100));

export interface GiftEarningSource {
  creatorId: string;
  giftSendId: string;
  /** The sender's ledger entry that paid for the gift. */
  entryId: string;
}

/**
 * Inside the gift's transaction: what the gift earns its creator, at send
 * time. The creator's share of the money behind the bought coins the gift
 * drew (each lot at its pack's price per coin), rounded down per lot so
 * Orbit never pays out more than it was paid; earned and granted coins earn
 * nothing. One earning per currency and kind of payment, keyed by the send.
 */
export async function earnFromGift(tx: Executor, source: GiftEarningSource, now: Date): Promise<void> {
  const creator = await creatorOf(tx, source.creatorId);
  if (creator?.termsVersion !== CREATOR_TERMS_VERSION) return;
  const drawn = await boughtCoinsDrawnBy(tx, source.entryId);
  if (drawn.length === 0) return;
  const totals = new Map<string, { currency: string; test: boolean; amountMinor: number }>();
  for (const lot of drawn) {
    const test = TEST_PROVIDERS.has(lot.provider);
    const key = `${lot.currency}:${test ? 'test' : 'paid'}`;
    const share = shareOfLot(lot);
    const total = totals.get(key) ?? { currency: lot.currency, test, amountMinor: 0 };
    total.amountMinor += share;
    totals.set(key, total);
  }
  const pendingDays = (await wasPaidOut(tx, source.creatorId)) ? CREATOR_PENDING_DAYS : CREATOR_FIRST_PENDING_DAYS;
  const availableAt = new Date(now.getTime() + pendingDays * DAY_MS);
  for (const [key, total] of totals) {
    if (total.amountMinor === 0) continue;
    await insertEarning(tx, { creatorId: source.creatorId, giftSendId: source.giftSendId, ...total, idempotencyKey: `earn:${source.giftSendId}:${key}`, availableAt, createdAt: now });
  }
}

export interface LotReversal {
  lotId: string;
  /** What share of the lot's payment went back: all of it (a lost dispute), or a refund's part. */
  reversedMinor: number;
  paidMinor: number;
  /** Names the reversal (a dispute's or a refund's id): the same reversal claws back once. */
  key: string;
}

/**
 * Inside the transaction that takes back a payment's coins (a lost dispute,
 * a refund made at the provider): what gifts of those coins earned creators
 * is clawed back, each earning's part from that lot in proportion to the
 * money reversed, rounded up and never beyond the part. The clawback takes
 * the earning's own date, so an earning still pending is cancelled before
 * it can be withdrawn; one already paid out leaves the creator owing it,
 * which later earnings settle before any withdrawal.
 */
export async function clawBackEarnings(tx: Executor, reversal: LotReversal, now: Date): Promise<void> {
  for (const earning of await earningsFromLot(tx, reversal.lotId)) {
    const test = TEST_PROVIDERS.has(earning.provider);
    if (earning.earningCurrency !== earning.currency || earning.test !== test) continue;
    const part = shareOfLot(earning);
    const due = Math.min(part, Math.ceil((part * reversal.reversedMinor) / reversal.paidMinor)) - (await clawedBackOf(tx, earning.earningId, reversal.lotId));
    if (due <= 0) continue;
    await insertEarningEntry(tx, {
      creatorId: earning.creatorId,
      kind: 'clawback',
      amountMinor: -due,
      currency: earning.currency,
      test,
      idempotencyKey: `clawback:${earning.earningId}:${reversal.lotId}:${reversal.key}`,
      availableAt: earning.availableAt,
      createdAt: now,
    });
  }
}
