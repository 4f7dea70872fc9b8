import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Relationship } from '../../contract/members/profile';
import { likes, matches, purchases, sessions, userBlocks, userReports, users, withdrawals, type NewUserRow, type UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { orderedPair } from '../lib/member-pair';
import { notBlockedEitherWay } from '../safety/queries';

export async function updateMemberRow(db: OrbitDatabase, userId: string, changes: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return updated;
}

/** One unbanned demo person, if any (read off users_demo_people_idx). */
export function demoPersonQuery(db: OrbitDatabase) {
  return db.select({ id: users.id }).from(users).where(and(eq(users.isDemo, true), eq(users.isBanned, false))).limit(1);
}

/** Whether seeded demo people are about: seeded outside production, banned when demo data is turned off. */
export async function hasDemoPeople(db: OrbitDatabase): Promise<boolean> {
  const [demo] = await demoPersonQuery(db);
  return demo !== undefined;
}

/** A member's row unless banned, an admin, or blocked either way with the viewer. */
export async function findVisibleMember(db: OrbitDatabase, viewerId: string, memberId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.role, 'user'), eq(users.isBanned, false), notBlockedEitherWay(viewerId, users.id)))
    .limit(1);
  return row;
}

export async function relationshipBetween(db: OrbitDatabase, viewerId: string, otherId: string): Promise<Relationship> {
  const [decision] = await db
    .select({ type: likes.type })
    .from(likes)
    .where(and(eq(likes.fromUserId, viewerId), eq(likes.toUserId, otherId)));
  const pair = orderedPair(viewerId, otherId);
  const [match] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)));
  return { decision: decision?.type ?? null, isMatch: Boolean(match) };
}

/**
 * Other people are named, never identified: only these two columns are read,
 * so no id, email or coordinate of theirs can reach the file.
 */
const personColumns = { username: users.username, name: users.name };
/**
 * What a data export lists of the member's, besides photos and messages. One
 * query per list: it runs rarely, and plain queries are easy to audit for
 * what they let out.
 */
export async function dataExportRows(db: OrbitDatabase, userId: string) {
  const decisions = await db
    .select({ ...personColumns, type: likes.type, at: likes.updatedAt })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.toUserId))
    .where(eq(likes.fromUserId, userId))
    .orderBy(desc(likes.updatedAt), desc(likes.id));

  // Each pair is stored once with the smaller id first, so the other person is whichever column is not the member.
  const otherInMatch = sql`case when ${matches.userAId} = ${userId} then ${matches.userBId} else ${matches.userAId} end`;
  const matchRows = await db
    .select({ ...personColumns, matchedAt: matches.createdAt })
    .from(matches)
    .innerJoin(users, eq(users.id, otherInMatch))
    .where(or(eq(matches.userAId, userId), eq(matches.userBId, userId)))
    .orderBy(desc(matches.createdAt), desc(matches.id));

  const blocked = await db
    .select({ ...personColumns, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(desc(userBlocks.createdAt));

  // Reports about the member are the operators' records, not theirs to read: only the ones they sent.
  // Left: a report stays after the person it was about deleted their account; it then names them by username.
  const reports = await db
    .select({
      username: userReports.reportedUsername,
      name: sql<string>`coalesce(${users.name}, '')`,
      reason: userReports.reason,
      details: userReports.details,
      status: userReports.status,
      at: userReports.createdAt,
    })
    .from(userReports)
    .leftJoin(users, eq(users.id, userReports.reportedId))
    .where(eq(userReports.reporterId, userId))
    .orderBy(desc(userReports.createdAt), desc(userReports.id));

  const purchaseRows = await db
    .select({
      id: purchases.id,
      kind: purchases.kind,
      item: purchases.itemName,
      coins: purchases.coins,
      amountMinor: purchases.amountMinor,
      currency: purchases.currency,
      refundedMinor: purchases.refundedMinor,
      status: purchases.status,
      at: purchases.createdAt,
      paidAt: purchases.paidAt,
    })
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));

  // Who decided stays out: operators are people too, and the decision is what the member needs.
  const withdrawalRows = await db
    .select({
      coins: withdrawals.amountCoins,
      amountMinor: withdrawals.amountMinor,
      currency: withdrawals.currency,
      method: withdrawals.method,
      status: withdrawals.status,
      transactionId: withdrawals.txnId,
      reason: withdrawals.reason,
      requestedAt: withdrawals.createdAt,
      decidedAt: withdrawals.decidedAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));

  // The id is the token's jti: listing it would hand out what a stolen export needs to pose as a session.
  const sessionRows = await db
    .select({ userAgent: sessions.userAgent, startedAt: sessions.createdAt, expiresAt: sessions.expiresAt, endedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));

  return { decisions, matchRows, blocked, reports, purchaseRows, withdrawalRows, sessionRows };
}
