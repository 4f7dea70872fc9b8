import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminReport, ReportStatus } from '../../contract/admin-reports';
import { REPORT_REASON_LABELS } from '../../contract/safety';
import { PHOTO_GALLERY_WIDTH, photoUrl } from '../../contract/photos';
import { memberPhotos, userReports, users } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { defaultAvatarUrl } from '../routes/user-view';
import { recordAdminAction } from './audit';
import { pageWindow, totalPagesFor } from './paging';

export const REPORT_NOT_FOUND = 'Report not found';
export const REPORT_RESOLVED_MESSAGE = 'Report resolved';

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');
const otherReport = alias(userReports, 'other_report');

/** Open reports against the same person, this one included (an index probe on reported_id and status). */
const openReportsAgainst = sql<number>`(select count(*)::int from ${userReports} ${otherReport}
  where ${otherReport.reportedId} = ${userReports.reportedId} and ${otherReport.status} = 'open')`;

export interface ReportPage {
  reports: AdminReport[];
  currentPage: number;
  totalPages: number;
  total: number;
}

/**
 * One page of the queue. Open reports newest first (the order of
 * user_reports_status_created_at_idx); resolved ones most recently resolved
 * first, which is what an operator checking recent work looks for.
 */
export async function listReports(db: OrbitDatabase, query: { page: number; limit: number; status: ReportStatus }): Promise<ReportPage> {
  const where = eq(userReports.status, query.status);
  const window = pageWindow(query.page, query.limit);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(userReports).where(where);
  const order =
    query.status === 'open'
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
  const total = Number(counted?.total ?? 0);
  return {
    reports: rows.map((row) => ({
      _id: row.report.id,
      reason: row.report.reason,
      reasonLabel: REPORT_REASON_LABELS[row.report.reason],
      details: row.report.details,
      status: row.report.status,
      createdAt: row.report.createdAt.toISOString(),
      resolvedAt: row.report.resolvedAt?.toISOString() ?? null,
      reporter: row.reporter && { _id: row.reporter.id, username: row.reporter.username, name: row.reporter.name || row.reporter.username },
      reported: row.reported
        ? {
            _id: row.reported.id,
            username: row.reported.username,
            name: row.reported.name || row.reported.username,
            avatar: row.reported.avatar || defaultAvatarUrl(row.reported.username),
            isBanned: row.reported.isBanned,
            accountDeleted: false,
          }
        : {
            // Gone with the account: its name, pictures and ban. What was reported, and by whom, stays.
            _id: row.report.reportedId,
            username: row.report.reportedUsername,
            name: row.report.reportedUsername,
            avatar: defaultAvatarUrl(row.report.reportedUsername),
            isBanned: false,
            accountDeleted: true,
          },
      photoId: row.report.photoId,
      photoUrl: row.reportedPhotoId ? photoUrl(row.reportedPhotoId, PHOTO_GALLERY_WIDTH) : null,
      messages: row.report.conversationExcerpt ?? [],
      openReportsAgainst: Number(row.openReportsAgainst),
    })),
    currentPage: query.page,
    totalPages: totalPagesFor(total, query.limit),
    total,
  };
}

/**
 * Marks a report resolved and writes the audit entry in the same
 * transaction. Resolving a resolved report succeeds without touching it (the
 * first operator's time and name stay) and without a second audit entry.
 */
export async function resolveReport(db: OrbitDatabase, adminId: string, id: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [resolved] = await tx
      .update(userReports)
      // The copied messages were kept for this review only.
      .set({ status: 'resolved', resolvedAt: now, resolvedBy: adminId, conversationExcerpt: null })
      .where(and(eq(userReports.id, id), eq(userReports.status, 'open')))
      .returning({ reason: userReports.reason, reportedId: userReports.reportedId });
    if (!resolved) {
      const [existing] = await tx.select({ id: userReports.id }).from(userReports).where(eq(userReports.id, id)).limit(1);
      if (!existing) throw new HttpError(404, REPORT_NOT_FOUND);
      return REPORT_RESOLVED_MESSAGE;
    }
    await recordAdminAction(tx, { adminId, action: 'resolve-report', targetType: 'report', targetId: id, details: REPORT_REASON_LABELS[resolved.reason] });
    return REPORT_RESOLVED_MESSAGE;
  });
}
