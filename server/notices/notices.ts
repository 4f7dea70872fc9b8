import { NOTICE_NOT_FOUND_MESSAGE, type MemberNotice, type NoticeKind } from '../../contract/notices';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { findOwnNotice, insertNotice, setNoticeSeen, unseenNoticeRows } from './queries';

/** Tells a member something once; pass the transaction of the change it is about, so both commit together. */
export async function addNotice(db: OrbitDatabase, userId: string, kind: NoticeKind, text: string): Promise<void> {
  await insertNotice(db, userId, kind, text);
}

/** The member's notices not yet dismissed, oldest first (the order they happened in). */
export async function unseenNotices(db: OrbitDatabase, userId: string): Promise<MemberNotice[]> {
  const rows = await unseenNoticeRows(db, userId);
  return rows.map((row) => ({ id: row.id, kind: row.kind as NoticeKind, text: row.text, createdAt: row.createdAt.toISOString() }));
}

/**
 * Dismisses one of the member's own notices. Dismissing it again succeeds
 * and keeps the first time; someone else's notice reads as not found, like
 * one that does not exist.
 */
export async function markNoticeSeen(db: OrbitDatabase, userId: string, noticeId: string, now: Date): Promise<void> {
  const row = await findOwnNotice(db, userId, noticeId);
  if (!row) throw new HttpError(404, NOTICE_NOT_FOUND_MESSAGE);
  if (row.seenAt === null) {
    await setNoticeSeen(db, noticeId, now);
  }
}
