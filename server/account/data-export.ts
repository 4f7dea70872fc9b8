import { messagesOfMember } from '../messaging/queries';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { DataExport } from '../../contract/data-export';
import { likes, matches, purchases, sessions, userBlocks, userReports, users, withdrawals, type UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { largestPhotoUrl, listPhotoRows } from '../photos/queries';
import { toUserView } from '../routes/user-view';

/**
 * Other people are named, never identified: only these two columns are read,
 * so no id, email or coordinate of theirs can reach the file.
 */
const personColumns = { username: users.username, name: users.name };
const asPerson = (row: { username: string; name: string }) => ({ username: row.username, name: row.name || row.username });

/**
 * Everything Orbit keeps about `user` (GDPR access and portability). One
 * query per list: it runs rarely, and plain queries are easy to audit for
 * what they let out.
 */
export async function buildDataExport(db: OrbitDatabase, user: UserRow, now: Date): Promise<DataExport> {
  const photoRows = await listPhotoRows(db, user.id);

  const decisions = await db
    .select({ ...personColumns, type: likes.type, at: likes.updatedAt })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.toUserId))
    .where(eq(likes.fromUserId, user.id))
    .orderBy(desc(likes.updatedAt), desc(likes.id));

  // Each pair is stored once with the smaller id first, so the other person is whichever column is not the member.
  const otherInMatch = sql`case when ${matches.userAId} = ${user.id} then ${matches.userBId} else ${matches.userAId} end`;
  const matchRows = await db
    .select({ ...personColumns, matchedAt: matches.createdAt })
    .from(matches)
    .innerJoin(users, eq(users.id, otherInMatch))
    .where(or(eq(matches.userAId, user.id), eq(matches.userBId, user.id)))
    .orderBy(desc(matches.createdAt), desc(matches.id));

  const blocked = await db
    .select({ ...personColumns, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, user.id))
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
    .where(eq(userReports.reporterId, user.id))
    .orderBy(desc(userReports.createdAt), desc(userReports.id));

  const purchaseRows = await db
    .select({ kind: purchases.kind, item: purchases.itemName, amount: purchases.amount, currency: purchases.currency, at: purchases.createdAt })
    .from(purchases)
    .where(eq(purchases.userId, user.id))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));

  // Who decided stays out: operators are people too, and the decision is what the member needs.
  const withdrawalRows = await db
    .select({
      coins: withdrawals.amountCoins,
      amount: withdrawals.amountMoney,
      currency: withdrawals.currency,
      method: withdrawals.method,
      status: withdrawals.status,
      transactionId: withdrawals.txnId,
      reason: withdrawals.reason,
      requestedAt: withdrawals.createdAt,
      decidedAt: withdrawals.decidedAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, user.id))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));

  const messageRows = await messagesOfMember(db, user.id);

  // The id is the token's jti: listing it would hand out what a stolen export needs to pose as a session.
  const sessionRows = await db
    .select({ userAgent: sessions.userAgent, startedAt: sessions.createdAt, expiresAt: sessions.expiresAt, endedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(desc(sessions.createdAt));

  return {
    exportedAt: now.toISOString(),
    account: toUserView(user, now),
    photos: photoRows.map((row) => ({ url: largestPhotoUrl(row.id, row.widths), createdAt: row.createdAt.toISOString() })),
    location: user.latitude !== null && user.longitude !== null ? { latitude: user.latitude, longitude: user.longitude } : null,
    decisions: decisions.map((row) => ({ ...asPerson(row), type: row.type, at: row.at.toISOString() })),
    matches: matchRows.map((row) => ({ ...asPerson(row), matchedAt: row.matchedAt.toISOString() })),
    messages: messageRows.map((row) => ({ with: row.peerUsername, seq: row.seq, fromMe: row.fromMe, text: row.body, sentAt: row.sentAt.toISOString() })),
    blocked: blocked.map((row) => ({ ...asPerson(row), blockedAt: row.blockedAt.toISOString() })),
    reports: reports.map((row) => ({ ...asPerson(row), reason: row.reason, details: row.details, status: row.status, at: row.at.toISOString() })),
    // numeric comes back as a string from some drivers unless mapped; Number() keeps the file right either way.
    purchases: purchaseRows.map((row) => ({ kind: row.kind, item: row.item, amount: Number(row.amount), currency: row.currency, at: row.at.toISOString() })),
    withdrawals: withdrawalRows.map((row) => ({
      ...row,
      amount: Number(row.amount),
      requestedAt: row.requestedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    })),
    sessions: sessionRows.map((row) => ({
      userAgent: row.userAgent,
      startedAt: row.startedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
    })),
  };
}
