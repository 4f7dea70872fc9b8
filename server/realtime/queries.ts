import { and, eq, inArray, isNull, not } from 'drizzle-orm';
import { sessionNotIdle } from '../auth/queries/sessions';
import { sessions, users, type UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { Executor } from '../lib/transaction';

/** The member as the database has them now (receipts choice, ban). */
export async function findMember(db: OrbitDatabase, userId: string): Promise<UserRow | undefined> {
  const [member] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return member;
}

/** Whether the member reads as online now (undefined when they are gone). */
export async function isOnlineNow(db: OrbitDatabase, userId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isOnline;
}

/** Which of the members hide their activity (their matches never hear of their presence). */
export async function membersHidingActivity(db: Executor, memberIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...memberIds]), not(users.activityVisible)));
  return rows.map((row) => row.id);
}

/** Marks the sessions in use now, unless revoked, left or already idle. */
export async function markSessionsInUse(db: OrbitDatabase, sessionIds: string[], now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastActiveAt: now })
    .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt), isNull(sessions.leftAt), sessionNotIdle(now)));
}
