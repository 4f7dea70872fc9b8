import type { AdminReport, ReportStatus } from '../../contract/admin/reports';
import { REPORT_REASON_LABELS } from '../../contract/safety';
import { PHOTO_GALLERY_WIDTH, photoUrl } from '../../contract/photos/photos';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { defaultAvatarUrl } from '../members/views';
import { recordAdminAction } from './queries/audit';
import { markReportResolved, reportExists, reportPageRows } from './queries/reports';
import { pageWindow, totalPagesFor } from './paging';

export const REPORT_NOT_FOUND = 'Report not found';
export const REPORT_RESOLVED_MESSAGE = 'Report resolved';

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
  const { rows, total } = await reportPageRows(db, query.status, pageWindow(query.page, query.limit));
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
    const resolved = await markReportResolved(tx, adminId, id, now);
    if (!resolved) {
      if (!(await reportExists(tx, id))) throw new HttpError(404, REPORT_NOT_FOUND);
      return REPORT_RESOLVED_MESSAGE;
    }
    await recordAdminAction(tx, { adminId, action: 'resolve-report', targetType: 'report', targetId: id, details: REPORT_REASON_LABELS[resolved.reason] });
    return REPORT_RESOLVED_MESSAGE;
  });
}
