import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { PaymentProvider } from '../../../contract/store/purchases';
import { coinLotDraws, coinLots, creatorEarnings, creators, giftSends, gifts, purchases, streams, users, withdrawals } from '../../db/schema';
import type { Executor } from '../../lib/transaction';

export async function creatorOf(db: Executor, userId: string): Promise<{ termsVersion: string; enrolledAt: Date } | undefined> {
  const [row] = await db.select({ termsVersion: creators.termsVersion, enrolledAt: creators.enrolledAt }).from(creators).where(eq(creators.userId, userId));
  return row;
}

/** Enrols the member, or records their acceptance of newer terms. */
export async function upsertCreator(db: Executor, userId: string, termsVersion: string): Promise<void> {
  await db.insert(creators).values({ userId, termsVersion }).onConflictDoUpdate({ target: creators.userId, set: { termsVersion } });
}

/**
 * Whether an entry of the earnings ledger counts as settled at `now`:
 * earnings, their clawbacks and releases once their date has come; a
 * withdrawal's hold at once, whatever its date. A request whose clock was
 * read before it waited for the creator's lock must still see the hold of
 * the request that had the lock first, even one dated a moment later.
 */
export function settledAt(now: Date): SQL {
  return sql`(${creatorEarnings.availableAt} <= ${now} or ${creatorEarnings.kind} = 'withdrawal')`;
}

export interface BoughtCoinsDrawn {
  /** Coins the entry took from one bought lot. */
  coins: number;
  /** What the member paid for that lot's pack, and for how many coins. */
  paidMinor: number;
  packCoins: number;
  currency: string;
  provider: PaymentProvider;
}

/** The bought coins a debit entry drew, lot by lot, with the payment behind each. */
export async function boughtCoinsDrawnBy(db: Executor, entryId: string): Promise<BoughtCoinsDrawn[]> {
  const rows = await db
    .select({ coins: coinLotDraws.coins, paidMinor: purchases.amountMinor, packCoins: purchases.coins, currency: purchases.currency, provider: purchases.provider })
    .from(coinLotDraws)
    .innerJoin(coinLots, eq(coinLots.id, coinLotDraws.lotId))
    .innerJoin(purchases, eq(purchases.id, coinLots.purchaseId))
    .where(and(eq(coinLotDraws.entryId, entryId), eq(coinLots.source, 'purchased')));
  return rows.flatMap((row) => (row.packCoins ? [{ ...row, packCoins: row.packCoins }] : []));
}

/** Whether the member was ever paid out (their later earnings wait the shorter time). */
export async function wasPaidOut(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'approved')))
    .limit(1);
  return row !== undefined;
}

export async function insertEarning(
  db: Executor,
  values: { creatorId: string; giftSendId: string; amountMinor: number; currency: string; test: boolean; idempotencyKey: string; availableAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(creatorEarnings).values(values).onConflictDoNothing({ target: creatorEarnings.idempotencyKey });
}

export interface EarningsBalanceRow {
  currency: string;
  test: boolean;
  pendingMinor: number;
  withdrawableMinor: number;
}

export async function earningsBalancesOf(db: Executor, creatorId: string, now: Date): Promise<EarningsBalanceRow[]> {
  return db
    .select({
      currency: creatorEarnings.currency,
      test: creatorEarnings.test,
      pendingMinor: sql<number>`coalesce(sum(${creatorEarnings.amountMinor}) filter (where not ${settledAt(now)}), 0)`.mapWith(Number),
      withdrawableMinor: sql<number>`coalesce(sum(${creatorEarnings.amountMinor}) filter (where ${settledAt(now)}), 0)`.mapWith(Number),
    })
    .from(creatorEarnings)
    .where(eq(creatorEarnings.creatorId, creatorId))
    .groupBy(creatorEarnings.currency, creatorEarnings.test)
    .orderBy(creatorEarnings.test, creatorEarnings.currency);
}

export interface EarningRow {
  id: string;
  amountMinor: number;
  currency: string;
  test: boolean;
  giftName: string | null;
  giftIcon: string | null;
  coins: number | null;
  senderName: string | null;
  streamId: string | null;
  streamTitle: string | null;
  createdAt: Date;
  availableAt: Date;
}

/** The creator's earnings, newest first: the latest `limit`, or all (null). */
export async function recentEarningsOf(db: Executor, creatorId: string, limit: number | null): Promise<EarningRow[]> {
  const query = db
    .select({
      id: creatorEarnings.id,
      amountMinor: creatorEarnings.amountMinor,
      currency: creatorEarnings.currency,
      test: creatorEarnings.test,
      giftName: gifts.name,
      giftIcon: gifts.icon,
      coins: giftSends.coins,
      senderName: users.name,
      streamId: giftSends.streamId,
      streamTitle: streams.title,
      createdAt: creatorEarnings.createdAt,
      availableAt: creatorEarnings.availableAt,
    })
    .from(creatorEarnings)
    .leftJoin(giftSends, eq(giftSends.id, creatorEarnings.giftSendId))
    .leftJoin(gifts, eq(gifts.id, giftSends.giftId))
    .leftJoin(users, eq(users.id, giftSends.senderId))
    .leftJoin(streams, eq(streams.id, giftSends.streamId))
    // Gifts only: holds and releases are shown as withdrawals.
    .where(and(eq(creatorEarnings.creatorId, creatorId), eq(creatorEarnings.kind, 'gift')))
    .orderBy(desc(creatorEarnings.createdAt), desc(creatorEarnings.id));
  return limit === null ? query : query.limit(limit);
}

export interface EarningFromLot extends BoughtCoinsDrawn {
  earningId: string;
  creatorId: string;
  earningCurrency: string;
  test: boolean;
  availableAt: Date;
}

/** Every gift earning that drew coins of a bought lot, with the coins it drew of it and the payment behind the lot. */
export async function earningsFromLot(db: Executor, lotId: string): Promise<EarningFromLot[]> {
  const rows = await db
    .select({
      earningId: creatorEarnings.id,
      creatorId: creatorEarnings.creatorId,
      earningCurrency: creatorEarnings.currency,
      test: creatorEarnings.test,
      availableAt: creatorEarnings.availableAt,
      coins: coinLotDraws.coins,
      paidMinor: purchases.amountMinor,
      packCoins: purchases.coins,
      currency: purchases.currency,
      provider: purchases.provider,
    })
    .from(coinLotDraws)
    .innerJoin(giftSends, eq(giftSends.entryId, coinLotDraws.entryId))
    .innerJoin(creatorEarnings, and(eq(creatorEarnings.giftSendId, giftSends.id), eq(creatorEarnings.kind, 'gift')))
    .innerJoin(coinLots, eq(coinLots.id, coinLotDraws.lotId))
    .innerJoin(purchases, eq(purchases.id, coinLots.purchaseId))
    .where(eq(coinLotDraws.lotId, lotId));
  return rows.flatMap((row) => (row.packCoins && row.creatorId ? [{ ...row, packCoins: row.packCoins, creatorId: row.creatorId }] : []));
}

/** What was clawed back so far of one earning's part drawn from one lot (as a positive amount). */
export async function clawedBackOf(db: Executor, earningId: string, lotId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creatorEarnings.amountMinor}), 0)`.mapWith(Number) })
    .from(creatorEarnings)
    .where(and(eq(creatorEarnings.kind, 'clawback'), like(creatorEarnings.idempotencyKey, `clawback:${earningId}:${lotId}:%`)));
  return -(row?.total ?? 0);
}

export interface YearlyTotalRow {
  year: number;
  currency: string;
  test: boolean;
  earnedMinor: number;
  paidOutMinor: number;
}

/**
 * Per calendar year (UTC), currency and kind: gifts earned less clawbacks
 * (by when they were written), and payouts: holds of approved or returned
 * withdrawals (by when they were requested) less what returned payouts credited back.
 */
export async function yearlyTotalsOf(db: Executor, creatorId: string): Promise<YearlyTotalRow[]> {
  const year = sql<number>`extract(year from ${creatorEarnings.createdAt} at time zone 'UTC')::int`.mapWith(Number);
  const paidHold = sql`${creatorEarnings.kind} = 'withdrawal' and ${withdrawals.status} in ('approved', 'returned')`;
  const returned = sql`${creatorEarnings.kind} = 'release' and ${withdrawals.status} = 'returned'`;
  return db
    .select({
      year,
      currency: creatorEarnings.currency,
      test: creatorEarnings.test,
      earnedMinor: sql<number>`coalesce(sum(${creatorEarnings.amountMinor}) filter (where ${creatorEarnings.kind} in ('gift', 'clawback')), 0)`.mapWith(Number),
      paidOutMinor: sql<number>`coalesce(-sum(${creatorEarnings.amountMinor}) filter (where ${paidHold}), 0) - coalesce(sum(${creatorEarnings.amountMinor}) filter (where ${returned}), 0)`.mapWith(Number),
    })
    .from(creatorEarnings)
    .leftJoin(withdrawals, eq(withdrawals.id, creatorEarnings.withdrawalId))
    .where(eq(creatorEarnings.creatorId, creatorId))
    .groupBy(year, creatorEarnings.currency, creatorEarnings.test)
    .orderBy(desc(year), creatorEarnings.test, creatorEarnings.currency);
}
