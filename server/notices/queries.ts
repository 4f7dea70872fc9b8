import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { NOTICE_KINDS, type NoticeKind } from '../../contract/notices';
import { memberNotices, type MemberNoticeRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';

export async function insertNotice(db: OrbitDatabase, userId: string, kind: NoticeKind, text: string): Promise<void> {
  await db.insert(memberNotices).values({ userId, kind, text });
}

/** The member's notices not yet dismissed, oldest first; only kinds this server knows how to describe (a newer kind waits for a server that does). */
export async function unseenNoticeRows(db: OrbitDatabase, userId: string): Promise<MemberNoticeRow[]> {
  return db
    .select()
    .from(memberNotices)
    .where(and(eq(memberNotices.userId, userId), isNull(memberNotices.seenAt), inArray(memberNotices.kind, [...NOTICE_KINDS])))
    .orderBy(asc(memberNotices.createdAt), asc(memberNotices.id));
}

/** The member's own notice (someone else's is not found), with when it was dismissed. */
export async function findOwnNotice(db: OrbitDatabase, userId: string, noticeId: string): Promise<{ seenAt: Date | null } | undefined> {
  const [row] = await db
    .select({ seenAt: memberNotices.seenAt })
    .from(memberNotices)
    .where(and(eq(memberNotices.id, noticeId), eq(memberNotices.userId, userId)))
    .limit(1);
  return row;
}

/** Dismisses the notice unless it already was: the first time is kept. */
export async function setNoticeSeen(db: OrbitDatabase, noticeId: string, now: Date): Promise<void> {
  await db.update(memberNotices).set({ seenAt: now }).where(and(eq(memberNotices.id, noticeId), isNull(memberNotices.seenAt)));
}
