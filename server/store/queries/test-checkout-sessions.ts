import { eq } from 'drizzle-orm';
import { testCheckoutSessions, type TestCheckoutSessionRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

// The local test provider's checkout sessions: its own records, as Stripe
// keeps its own.

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

export async function updateTestSession(tx: OrbitDatabase, id: string, values: Partial<Pick<TestCheckoutSessionRow, 'status' | 'declined'>>): Promise<TestCheckoutSessionRow> {
  const [row] = await tx.update(testCheckoutSessions).set(values).where(eq(testCheckoutSessions.id, id)).returning();
  if (!row) throw new Error(`test checkout session ${id} vanished`);
  return row;
}
