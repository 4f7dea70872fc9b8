import { eq } from 'drizzle-orm';
import { creatorIdentities, type CreatorIdentityRow } from '../../db/schema';
import type { Executor } from '../../lib/transaction';

export async function identityOf(db: Executor, userId: string): Promise<CreatorIdentityRow | undefined> {
  const [row] = await db.select().from(creatorIdentities).where(eq(creatorIdentities.userId, userId));
  return row;
}

/** Stores the creator's identity; a changed one waits for a new check. */
export async function upsertIdentity(db: Executor, values: Omit<CreatorIdentityRow, 'checkedAt' | 'checkedBy'>): Promise<CreatorIdentityRow> {
  const changed = { ...values, checkedAt: null, checkedBy: null };
  const [row] = await db.insert(creatorIdentities).values(changed).onConflictDoUpdate({ target: creatorIdentities.userId, set: changed }).returning();
  if (!row) throw new Error('upsertIdentity returned no row');
  return row;
}

export async function markIdentityChecked(db: Executor, userId: string, adminId: string, now: Date): Promise<CreatorIdentityRow | undefined> {
  const [row] = await db.update(creatorIdentities).set({ checkedAt: now, checkedBy: adminId }).where(eq(creatorIdentities.userId, userId)).returning();
  return row;
}
