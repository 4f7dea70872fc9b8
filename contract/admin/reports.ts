import { z } from 'zod';
import { pagedFields, pageQuery } from './console';
import { reportedMessageSchema, reportReasonSchema } from '../safety';

// The operators' queue of member reports (see safety.ts for the member side).

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES, { message: 'Status must be open or resolved' });
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const adminReportsQuerySchema = z.strictObject({ ...pageQuery, status: reportStatusSchema.default('open') });
export type AdminReportsQuery = z.input<typeof adminReportsQuerySchema>;

const reportPartySchema = z.object({ _id: z.string(), username: z.string(), name: z.string() });

export const adminReportSchema = z.object({
  _id: z.string(),
  reason: reportReasonSchema,
  /** The reason as the member chose it (REPORT_REASON_LABELS), so the admin screen needs no copy of the labels. */
  reasonLabel: z.string(),
  details: z.string(),
  status: reportStatusSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** null when the reporter has deleted their account. */
  reporter: reportPartySchema.nullable(),
  reported: reportPartySchema.extend({
    avatar: z.string(),
    isBanned: z.boolean(),
    /** The reported member has deleted their account: the report stays, named by the username it was about, and there is no one left to ban. */
    accountDeleted: z.boolean(),
  }),
  /** The photo the report is about, when it is about one (kept after the photo is gone). */
  photoId: z.string().nullable(),
  /** That photo's address while the reported person still has it; null once it is removed, or when the report is about no photo. */
  photoUrl: z.string().nullable(),
  /** The conversation's latest messages when the report was made from a chat (kept until the report is resolved), oldest first. */
  messages: z.array(reportedMessageSchema),
  /** Open reports against the same person, this one included: several reporters weigh more than one. */
  openReportsAgainst: z.number().int(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportListResponseSchema = z.object({ success: z.literal(true), reports: z.array(adminReportSchema), ...pagedFields });
export type AdminReportListResponse = z.infer<typeof adminReportListResponseSchema>;
