import { and, desc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { LedgerMismatch, PaymentMismatch } from '../../../contract/store/reconciliation';
import { purchases, reconciliationRuns, type PurchaseRow, type ReconciliationRunRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

// The daily reconciliation's runs, and the payments of a day it checks.

/** Claims the day's run: true for the one process whose insert made the row. */
export async function claimReconciliationDay(db: OrbitDatabase, day: string, at: Date): Promise<boolean> {
  const inserted = await db.insert(reconciliationRuns).values({ day, startedAt: at }).onConflictDoNothing().returning({ day: reconciliationRuns.day });
  return inserted.length > 0;
}

export async function finishReconciliationRun(
  db: OrbitDatabase,
  day: string,
  result: { membersOffLedger: LedgerMismatch[]; paymentsChecked: number; paymentMismatches: PaymentMismatch[]; finishedAt: Date },
): Promise<ReconciliationRunRow> {
  const [row] = await db.update(reconciliationRuns).set(result).where(eq(reconciliationRuns.day, day)).returning();
  if (!row) throw new Error(`reconciliation run ${day} vanished`);
  return row;
}

export async function latestReconciliationRuns(db: OrbitDatabase, limit: number): Promise<ReconciliationRunRow[]> {
  return db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.day)).limit(limit);
}

/** The provider's payments Orbit granted in [from, to): each is asked of the provider again. */
export async function paymentsGrantedBetween(db: OrbitDatabase, provider: PurchaseRow['provider'], from: Date, to: Date): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, provider), eq(purchases.status, 'paid'), isNotNull(purchases.checkoutSessionId), gte(purchases.paidAt, from), lt(purchases.paidAt, to)))
    .orderBy(purchases.paidAt);
}
