import { z } from 'zod';
import { refusingHiddenCharacters } from './member-text';
import { idSchema } from './common';

// Member safety: blocking and reporting another member, and the operator's
// queue of reports. The SPEC is silent here; app stores require both for any
// app where strangers meet (Apple's guideline 1.2), and every dating product
// people already use has them. The operator's queue is in admin-reports.ts, so
// member screens do not load the admin schemas.

/** Why a member reports someone; the labels are what the report form shows. */
export const REPORT_REASONS = ['fake_profile', 'harassment', 'inappropriate_content', 'scam', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake_profile: 'Fake profile or impersonation',
  harassment: 'Harassment, threats or hate',
  inappropriate_content: 'Inappropriate photos or content',
  scam: 'Scam, spam or asking for money',
  underage: 'Appears to be under 18',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1000;

export const reportReasonSchema = z.enum(REPORT_REASONS, { message: 'Choose a reason for the report' });

export const reportBodySchema = z.strictObject({
  reason: reportReasonSchema,
  /** What happened, in the reporter's words; optional. */
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`)
    .refine(...refusingHiddenCharacters('Details'))
    .default(''),
  /** Block the person in the same step (the form's checkbox, on by default). */
  block: z.boolean({ message: 'Block must be true or false' }).default(true),
  /** The photo the report is about, when it is about one: one of the reported person's photos (404 otherwise). */
  photoId: idSchema.optional(),
  /** Made from the chat with them: the conversation's latest messages go with the report. */
  attachConversation: z.boolean({ message: 'Attach conversation must be true or false' }).default(false),
});
export type ReportBody = z.input<typeof reportBodySchema>;

/** How many of a conversation's latest messages a report from a chat keeps. */
export const REPORT_EXCERPT_MESSAGES = 50;

/** One message of a reported conversation, as the operators read it. */
export const reportedMessageSchema = z.object({
  /** Whether the reported member wrote it (else the reporter did). */
  fromReported: z.boolean(),
  text: z.string(),
  sentAt: z.string(),
});
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;

/**
 * What the safety actions answer. They name nobody, and answer an unknown id
 * exactly as a member (storing nothing), so they never tell whether the person
 * exists or blocked the caller; the app names the person itself.
 */
export const BLOCKED_MESSAGE = 'Blocked.';
export const UNBLOCKED_MESSAGE = 'Unblocked.';
export const REPORT_RECEIVED_MESSAGE = 'Thanks for telling us. Our team will review your report.';
export const REPORTED_AND_BLOCKED_MESSAGE = `${REPORT_RECEIVED_MESSAGE} They are blocked too.`;

export const safetyMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type SafetyMessageResponse = z.infer<typeof safetyMessageResponseSchema>;

export const personParamsSchema = z.object({ id: idSchema });

/** Someone the caller blocked, as the Settings list shows them. */
export const blockedPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const blockedListResponseSchema = z.object({ success: z.literal(true), blocked: z.array(blockedPersonSchema) });
export type BlockedListResponse = z.infer<typeof blockedListResponseSchema>;
