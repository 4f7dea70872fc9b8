import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { purchases, users, vipSubscriptions, type NewVipSubscriptionRow, type PurchaseRow, type VipSubscriptionRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

// VIP subscriptions, the VIP they give (users.vip_*), and their renewals'
// purchases.

export type SubscriptionUpdate = Partial<Pick<VipSubscriptionRow, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'paidUntil' | 'planId' | 'planName' | 'amountMinor' | 'currency' | 'billingMonths'>>;

/**
 * The subscription, locked, after its member's row: every writer locks a
 * member before their subscription, in the order deleting the account does
 * (the member's row, then the rows that point at it). The other order
 * deadlocks with a deletion, e.g. the provider's webhook about the
 * cancellation the deletion itself asked for.
 */
export async function lockSubscriptionByProviderId(tx: OrbitDatabase, providerSubscriptionId: string): Promise<VipSubscriptionRow | undefined> {
  const [owner] = await tx.select({ userId: vipSubscriptions.userId }).from(vipSubscriptions).where(eq(vipSubscriptions.providerSubscriptionId, providerSubscriptionId));
  if (owner?.userId) await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
  const [row] = await tx.select().from(vipSubscriptions).where(eq(vipSubscriptions.providerSubscriptionId, providerSubscriptionId)).for('update');
  return row;
}

/** The member's subscription that has not ended, if any (at most one: a unique index). */
export async function liveSubscriptionOf(db: OrbitDatabase, userId: string): Promise<VipSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(vipSubscriptions)
    .where(and(eq(vipSubscriptions.userId, userId), ne(vipSubscriptions.status, 'ended')));
  return row;
}

/** The member's latest subscription, ended or not. */
export async function latestSubscriptionOf(db: OrbitDatabase, userId: string): Promise<VipSubscriptionRow | undefined> {
  const [row] = await db.select().from(vipSubscriptions).where(eq(vipSubscriptions.userId, userId)).orderBy(desc(vipSubscriptions.createdAt)).limit(1);
  return row;
}

export async function insertSubscription(tx: OrbitDatabase, values: NewVipSubscriptionRow): Promise<VipSubscriptionRow> {
  const [row] = await tx.insert(vipSubscriptions).values(values).returning();
  if (!row) throw new Error(`subscription ${values.providerSubscriptionId} was not stored`);
  return row;
}

export async function updateSubscriptionRow(tx: OrbitDatabase, id: string, values: SubscriptionUpdate): Promise<VipSubscriptionRow> {
  const [row] = await tx.update(vipSubscriptions).set(values).where(eq(vipSubscriptions.id, id)).returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** The member's VIP as their subscription gives it: the plan's name as the level, until the end of the last period paid for. */
export async function setSubscriptionVip(tx: OrbitDatabase, userId: string, tier: string, until: Date): Promise<void> {
  await tx.update(users).set({ isVip: true, vipTier: tier, vipUntil: until }).where(eq(users.id, userId));
}

export async function linkPurchaseToSubscription(tx: OrbitDatabase, purchaseId: string, subscriptionId: string): Promise<PurchaseRow> {
  const [row] = await tx.update(purchases).set({ subscriptionId }).where(eq(purchases.id, purchaseId)).returning();
  if (!row) throw new Error(`purchase ${purchaseId} vanished`);
  return row;
}

/** A paid renewal as a purchase in the member's history; undefined when this invoice was recorded before. */
export async function insertRenewalPurchase(tx: OrbitDatabase, values: typeof purchases.$inferInsert): Promise<PurchaseRow | undefined> {
  const [row] = await tx.insert(purchases).values(values).onConflictDoNothing({ target: purchases.attemptKey }).returning();
  return row;
}

/** The payment that started a subscription: its checkout's purchase (renewals come later). */
export async function firstPaymentOf(db: OrbitDatabase, subscriptionId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.subscriptionId, subscriptionId), eq(purchases.status, 'paid')))
    .orderBy(asc(purchases.paidAt))
    .limit(1);
  return row;
}

export async function recordRefund(tx: OrbitDatabase, id: string, refund: { refundedMinor: number; refundedAt: Date; refundId: string }): Promise<PurchaseRow> {
  const [row] = await tx.update(purchases).set(refund).where(eq(purchases.id, id)).returning();
  if (!row) throw new Error(`purchase ${id} vanished`);
  return row;
}

/** Every subscription of the member, newest first (their data export). */
export async function subscriptionsOf(db: OrbitDatabase, userId: string): Promise<VipSubscriptionRow[]> {
  return db.select().from(vipSubscriptions).where(eq(vipSubscriptions.userId, userId)).orderBy(desc(vipSubscriptions.createdAt));
}
