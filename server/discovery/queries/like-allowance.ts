import { and, eq, gt, sql } from 'drizzle-orm';
import { likeAllowanceDays, users } from '../../db/schema';
import type { Transaction } from '../../lib/transaction';

/**
 * Counts one more like on the member's day, unless the day already holds
 * `limit`: one statement, so two likes at the same moment both read the row
 * under its lock and never share the last one. Returns the count after it, or
 * undefined when the allowance was already used up (nothing counted).
 */
export async function countLikeOnDay(tx: Transaction, userId: string, day: string, limit: number): Promise<number | undefined> {
  const [counted] = await tx
    .insert(likeAllowanceDays)
    .values({ userId, day, used: 1 })
    .onConflictDoUpdate({
      target: [likeAllowanceDays.userId, likeAllowanceDays.day],
      set: { used: sql`${likeAllowanceDays.used} + 1` },
      where: sql`${likeAllowanceDays.used} < ${limit}`,
    })
    .returning({ used: likeAllowanceDays.used });
  return counted?.used;
}

/** Uses one bought like; the number left after it, or undefined when there were none. */
export async function takeExtraLike(tx: Transaction, userId: string): Promise<number | undefined> {
  const [left] = await tx
    .update(users)
    .set({ extraLikes: sql`${users.extraLikes} - 1` })
    .where(and(eq(users.id, userId), gt(users.extraLikes, 0)))
    .returning({ extraLikes: users.extraLikes });
  return left?.extraLikes;
}

/** Adds bought likes; the number held after it. */
export async function addExtraLikes(tx: Transaction, userId: string, count: number): Promise<number> {
  const [held] = await tx
    .update(users)
    .set({ extraLikes: sql`${users.extraLikes} + ${count}` })
    .where(eq(users.id, userId))
    .returning({ extraLikes: users.extraLikes });
  if (!held) throw new Error('extra likes added to a member who is not there');
  return held.extraLikes;
}
