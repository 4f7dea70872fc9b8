import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { NOTICE_KINDS, NOTICE_NOT_FOUND_MESSAGE, type MemberNotice, type NoticeKind } from '../../contract/notices';
import { memberNotices } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';

/** Tells a member something once; pass the transaction of the change it is about, so both commit together. */
export async function addNotice(db: OrbitDatabase, userId: string, kind: NoticeKind, text: string): Promise<void> {
  await db.insert(memberNotices).values({ userId, kind, text });
}

/** The member's notices not yet dismissed, oldest first (the order they happened in). */
export async function unseenNotices(db: OrbitDatabase, userId: string): Promise<MemberNotice[]> {
  const rows = await db
    .select()
    .from(memberNotices)
    // Only kinds this server knows how to describe; a row of a newer kind waits for a server that does.
    .where(and(eq(memberNotices.userId, userId), isNull(memberNotices.seenAt), inArray(memberNotices.kind, [...NOTICE_KINDS])))
    .orderBy(asc(memberNotices.createdAt), asc(memberNotices.id));
  return rows.map((row) => ({ id: row.id, kind: row.kind as NoticeKind, text: row.text, createdAt: row.createdAt.toISOString() }));
}

/**
 * Dismisses one of the member's own notices. Dismissing it again succeeds
 * and keeps the first time; someone else's notice reads as not found, like
 * one that does not exist.
 */
export async function markNoticeSeen(db: OrbitDatabase, userId: string, noticeId: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ seenAt: memberNotices.seenAt })
    .from(memberNotices)
    .where(and(eq(memberNotices.id, noticeId), eq(memberNotices.userId, userId)))
    .limit(1);
  if (!row) throw new HttpError(404, NOTICE_NOT_FOUND_MESSAGE);
  if (row.seenAt === null) {
    await db.update(memberNotices).set({ seenAt: now }).where(and(eq(memberNotices.id, noticeId), isNull(memberNotices.seenAt)));
  }
}
