import { and, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { memberPhotos, userBlocks, userReports, users } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { Executor, Transaction } from '../lib/transaction';

/**
 * Neither person blocked the other: a block hides both people from each
 * other, whoever made it. Two `not exists` probes rather than one with `or`,
 * so each is a lookup on the (blocker_id, blocked_id) primary key per other
 * person, or an anti-join the planner can drive from user_blocks_blocked_id_idx.
 */
export function notBlockedEitherWay(callerId: string | Placeholder, otherId: AnyColumn | SQL): SQL {
  const callerBlocked = sql`select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${callerId} and ${userBlocks.blockedId} = ${otherId}`;
  const blockedCaller = sql`select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${otherId} and ${userBlocks.blockedId} = ${callerId}`;
  return sql`(not exists (${callerBlocked}) and not exists (${blockedCaller}))`;
}

/**
 * The member a safety action is about, or null for an unknown id. Banned
 * members can still be blocked and reported (a ban may be lifted); admin
 * accounts count as unknown, as they do everywhere a member looks.
 *
 * An unknown id is answered exactly like a member, storing nothing: someone
 * who blocked the caller is unknown to them everywhere else (their profile is
 * 404), so a different answer here would tell the caller they were blocked
 * (issue 37, finding 13). The answers name nobody for the same reason; the
 * app already knows whom it acted on.
 */
export async function findMember(db: Executor, id: string): Promise<{ id: string; username: string } | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'user')))
    .limit(1);
  return row ?? null;
}

/** Blocking twice is the same as blocking once; the first block's time is kept. */
export async function insertBlock(tx: Transaction, blockerId: string, blockedId: string): Promise<void> {
  await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Removes the blocker's own block of that person, if there is one. */
export async function deleteBlock(db: OrbitDatabase, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The people the blocker blocked, newest first. */
export async function blockedPeopleRows(db: OrbitDatabase, blockerId: string) {
  return db
    .select({ id: users.id, username: users.username, name: users.name, avatar: users.avatar, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}

/** Whether the photo is one the member has now. */
export async function hasPhoto(tx: Transaction, userId: string, photoId: string): Promise<boolean> {
  const [photo] = await tx
    .select({ id: memberPhotos.id })
    .from(memberPhotos)
    .where(and(eq(memberPhotos.id, photoId), eq(memberPhotos.userId, userId)))
    .limit(1);
  return photo !== undefined;
}

/**
 * Files a report, or amends the reporter's open report about the same person
 * (reason and details; its place in the queue stays). An amendment without a
 * photo or an excerpt keeps the ones the open report named.
 */
export async function fileOrAmendReport(tx: Transaction, report: Pick<typeof userReports.$inferInsert, 'reporterId' | 'reportedId' | 'reportedUsername' | 'reason' | 'details' | 'photoId' | 'conversationExcerpt'>): Promise<void> {
  await tx
    .insert(userReports)
    .values(report)
    .onConflictDoUpdate({
      target: [userReports.reporterId, userReports.reportedId],
      targetWhere: sql`${userReports.status} = 'open'`,
      set: {
        reason: report.reason,
        details: report.details,
        photoId: sql`coalesce(excluded.photo_id, ${userReports.photoId})`,
        conversationExcerpt: sql`coalesce(excluded.conversation_excerpt, ${userReports.conversationExcerpt})`,
      },
    });
}
