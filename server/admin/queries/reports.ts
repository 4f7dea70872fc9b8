import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportStatus } from '../../../contract/admin/reports';
import { memberPhotos, userReports, users } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');
const otherReport = alias(userReports, 'other_report');

/** Open reports against the same person, this one included (an index probe on reported_id and status). */
const openReportsAgainst = sql<number>`(select count(*)::int from ${userReports} ${otherReport}
  where ${otherReport.reportedId} = ${userReports.reportedId} and ${otherReport.status} = 'open')`;

/**
 * One page of the queue with the people on both sides. Open reports newest
 * first (the order of user_reports_status_created_at_idx); resolved ones most
 * recently resolved first.
 */
export async function reportPageRows(db: OrbitDatabase, status: ReportStatus, window: { limit: number; offset: number }) {
  const where = eq(userReports.status, status);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(userReports).where(where);
  const order =
    status === 'open'
      ? [desc(userReports.createdAt), desc(userReports.id)]
      : [sql`${userReports.resolvedAt} desc nulls last`, desc(userReports.id)];
  const rows = await db
    .select({
      report: userReports,
      reporter: { id: reporter.id, username: reporter.username, name: reporter.name },
      reported: { id: reported.id, username: reported.username, name: reported.name, avatar: reported.avatar, isBanned: reported.isBanned },
      openReportsAgainst,
      reportedPhotoId: memberPhotos.id,
    })
    .from(userReports)
    // Left joins: a report outlives both a reporter who deleted their account
    // (reporter_id is then null) and a reported member who did (no row left).
    .leftJoin(reporter, eq(reporter.id, userReports.reporterId))
    .leftJoin(reported, eq(reported.id, userReports.reportedId))
    // The reported photo while its owner still has it (a removed photo leaves no row).
    .leftJoin(memberPhotos, and(eq(memberPhotos.id, userReports.photoId), eq(memberPhotos.userId, userReports.reportedId)))
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Resolves the report if it is still open (then returns its reason and whom it is about). */
export async function markReportResolved(db: OrbitDatabase, adminId: string, id: string, now: Date) {
  const [resolved] = await db
    .update(userReports)
    // The copied messages were kept for this review only.
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: adminId, conversationExcerpt: null })
    .where(and(eq(userReports.id, id), eq(userReports.status, 'open')))
    .returning({ reason: userReports.reason, reportedId: userReports.reportedId });
  return resolved;
}

export async function reportExists(db: OrbitDatabase, id: string): Promise<boolean> {
  const [existing] = await db.select({ id: userReports.id }).from(userReports).where(eq(userReports.id, id)).limit(1);
  return existing !== undefined;
}
