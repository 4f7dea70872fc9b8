import { and, desc, eq, sql } from 'drizzle-orm';
import type { EarningEntryKind } from '../../../contract/creators';
import { creatorEarnings, creators, withdrawals, type NewWithdrawalRow, type WithdrawalRow } from '../../db/schema';
import type { Executor } from '../../lib/transaction';
import { settledAt } from './earnings';

/**
 * Locks the creator's row for the rest of the transaction: a withdrawal
 * request reads the balance and holds from it under this lock, so two
 * requests racing for the same earnings are one after the other.
 */
export async function lockCreator(tx: Executor, userId: string): Promise<{ termsVersion: string } | undefined> {
  const [row] = await tx.select({ termsVersion: creators.termsVersion }).from(creators).where(eq(creators.userId, userId)).for('update');
  return row;
}

/** Earnings that can be withdrawn now in one currency and kind (test or not): matured gifts, less holds, plus releases. */
export async function withdrawableOf(tx: Executor, userId: string, account: { currency: string; test: boolean }, now: Date): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${creatorEarnings.amountMinor}), 0)`.mapWith(Number) })
    .from(creatorEarnings)
    .where(
      and(
        eq(creatorEarnings.creatorId, userId),
        eq(creatorEarnings.currency, account.currency),
        eq(creatorEarnings.test, account.test),
        settledAt(now),
      ),
    );
  return row?.total ?? 0;
}

export async function withdrawalByRequest(tx: Executor, userId: string, requestId: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestId, requestId)));
  return row;
}

export async function insertWithdrawal(tx: Executor, values: NewWithdrawalRow): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('insertWithdrawal returned no row');
  return row;
}

export interface EarningEntry {
  creatorId: string;
  kind: EarningEntryKind;
  amountMinor: number;
  currency: string;
  test: boolean;
  idempotencyKey: string;
  availableAt: Date;
  createdAt: Date;
  giftSendId?: string;
  withdrawalId?: string;
}

/** One entry of the earnings ledger; an entry already written under its key is left as it is. */
export async function insertEarningEntry(tx: Executor, entry: EarningEntry): Promise<void> {
  await tx.insert(creatorEarnings).values(entry).onConflictDoNothing({ target: creatorEarnings.idempotencyKey });
}

/** What a withdrawal holds now: its hold less what was released of it (0 once released, or for demo history with no hold). */
export async function heldBy(tx: Executor, withdrawalId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${creatorEarnings.amountMinor}), 0)`.mapWith(Number) })
    .from(creatorEarnings)
    .where(eq(creatorEarnings.withdrawalId, withdrawalId));
  return -(row?.total ?? 0);
}

/** The member's withdrawals, newest first. */
export async function withdrawalsOf(db: Executor, userId: string, limit: number): Promise<WithdrawalRow[]> {
  return db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)).limit(limit);
}
