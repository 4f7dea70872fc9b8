import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { paymentEvents, purchases, users, type NewPurchaseRow, type PurchaseRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

// Purchases with money and the provider events already applied.

export async function insertPurchase(db: OrbitDatabase, values: NewPurchaseRow): Promise<PurchaseRow | undefined> {
  const [row] = await db.insert(purchases).values(values).onConflictDoNothing({ target: purchases.attemptKey }).returning();
  return row;
}

export async function purchaseByAttemptKey(db: OrbitDatabase, attemptKey: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.attemptKey, attemptKey));
  return row;
}

/** The member's own purchase; undefined for anyone else's. */
export async function ownPurchase(db: OrbitDatabase, userId: string, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
  return row;
}

/**
 * The purchase `where` finds, locked after its buyer's row: every writer locks
 * a member before what points at them, in the order deleting the account does
 * (the member's row, then its foreign keys' rows). The other order deadlocks
 * with a deletion, e.g. a payment's webhook crediting coins meanwhile.
 */
async function lockPurchaseWhere(tx: OrbitDatabase, where: SQL): Promise<PurchaseRow | undefined> {
  const [buyer] = await tx.select({ userId: purchases.userId }).from(purchases).where(where).orderBy(purchases.paidAt).limit(1);
  if (buyer?.userId) await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.userId)).for('update');
  const [row] = await tx.select().from(purchases).where(where).orderBy(purchases.paidAt).limit(1).for('update');
  return row;
}

export async function lockPurchase(tx: OrbitDatabase, id: string): Promise<PurchaseRow | undefined> {
  return lockPurchaseWhere(tx, eq(purchases.id, id));
}

/** The purchase a checkout session was made for, locked until the transaction ends. */
export async function lockPurchaseBySession(tx: OrbitDatabase, sessionId: string): Promise<PurchaseRow | undefined> {
  return lockPurchaseWhere(tx, eq(purchases.checkoutSessionId, sessionId));
}

export async function setCheckoutSession(db: OrbitDatabase, id: string, sessionId: string): Promise<PurchaseRow> {
  const [row] = await db.update(purchases).set({ checkoutSessionId: sessionId }).where(eq(purchases.id, id)).returning();
  if (!row) throw new Error(`purchase ${id} vanished`);
  return row;
}

export async function updatePurchase(
  tx: OrbitDatabase,
  id: string,
  values: Partial<
    Pick<PurchaseRow, 'status' | 'paidAt' | 'paymentId' | 'refundStatus' | 'refundAttempts' | 'refundId' | 'refundedMinor' | 'refundedAt' | 'disputeId' | 'disputeStatus' | 'disputeOwedCoins'>
  >,
): Promise<PurchaseRow> {
  const [row] = await tx.update(purchases).set(values).where(eq(purchases.id, id)).returning();
  if (!row) throw new Error(`purchase ${id} vanished`);
  return row;
}

export async function purchasesOf(db: OrbitDatabase, userId: string, page: number, pageSize: number): Promise<{ rows: PurchaseRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, userId))
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(purchases).where(eq(purchases.userId, userId)),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The purchase a provider's refund was of (Orbit's own refunds, by the id the provider gave it). */
export async function lockPurchaseByRefund(tx: OrbitDatabase, refundId: string): Promise<PurchaseRow | undefined> {
  return lockPurchaseWhere(tx, eq(purchases.refundId, refundId));
}

/** The purchase a provider's payment paid for (a dispute names the payment). */
export async function lockPurchaseByPayment(tx: OrbitDatabase, paymentId: string): Promise<PurchaseRow | undefined> {
  return lockPurchaseWhere(tx, eq(purchases.paymentId, paymentId));
}

/** Where a receipt goes. */
export async function buyerEmail(db: OrbitDatabase, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** Records a provider event in the caller's transaction: false when it was applied before. */
export async function recordPaymentEvent(tx: OrbitDatabase, id: string, type: string): Promise<boolean> {
  const inserted = await tx.insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

