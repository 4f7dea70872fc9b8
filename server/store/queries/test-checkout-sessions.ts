import { eq } from 'drizzle-orm';
import { testCheckoutSessions, testSubscriptions, type TestCheckoutSessionRow, type TestSubscriptionRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

// The local test provider's checkout sessions and subscriptions: its own
// records, as Stripe keeps its own.

export type NewTestCheckoutSession = typeof testCheckoutSessions.$inferInsert;

/** Inserts the session unless one with this id exists (a retried create); answers the stored one. */
export async function insertTestSession(db: OrbitDatabase, values: NewTestCheckoutSession): Promise<TestCheckoutSessionRow> {
  await db.insert(testCheckoutSessions).values(values).onConflictDoNothing();
  const row = await testSessionById(db, values.id);
  if (!row) throw new Error(`test checkout session ${values.id} vanished`);
  return row;
}

export async function testSessionById(db: OrbitDatabase, id: string): Promise<TestCheckoutSessionRow | undefined> {
  const [row] = await db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id));
  return row;
}

export async function lockTestSession(tx: OrbitDatabase, id: string): Promise<TestCheckoutSessionRow | undefined> {
  const [row] = await tx.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id)).for('update');
  return row;
}

export async function updateTestSession(tx: OrbitDatabase, id: string, values: Partial<Pick<TestCheckoutSessionRow, 'status' | 'declined' | 'subscriptionId' | 'disputeStatus'>>): Promise<TestCheckoutSessionRow> {
  const [row] = await tx.update(testCheckoutSessions).set(values).where(eq(testCheckoutSessions.id, id)).returning();
  if (!row) throw new Error(`test checkout session ${id} vanished`);
  return row;
}

export type NewTestSubscription = typeof testSubscriptions.$inferInsert;
export type TestSubscriptionChange = Partial<Pick<TestSubscriptionRow, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodStart' | 'currentPeriodEnd' | 'endedAt' | 'itemName' | 'amountMinor' | 'currency' | 'billingMonths'>>;

export async function insertTestSubscription(tx: OrbitDatabase, values: NewTestSubscription): Promise<TestSubscriptionRow> {
  const [row] = await tx.insert(testSubscriptions).values(values).returning();
  if (!row) throw new Error(`test subscription ${values.id} was not stored`);
  return row;
}

export async function lockTestSubscription(tx: OrbitDatabase, id: string): Promise<TestSubscriptionRow | undefined> {
  const [row] = await tx.select().from(testSubscriptions).where(eq(testSubscriptions.id, id)).for('update');
  return row;
}

export async function updateTestSubscription(tx: OrbitDatabase, id: string, values: TestSubscriptionChange): Promise<TestSubscriptionRow> {
  const [row] = await tx.update(testSubscriptions).set(values).where(eq(testSubscriptions.id, id)).returning();
  if (!row) throw new Error(`test subscription ${id} vanished`);
  return row;
}

export async function testSubscriptionById(db: OrbitDatabase, id: string): Promise<TestSubscriptionRow | undefined> {
  const [row] = await db.select().from(testSubscriptions).where(eq(testSubscriptions.id, id));
  return row;
}
