import { z } from 'zod';
import { idSchema } from './common';

// Things Orbit tells a member once, outside the screen they were on (a
// moderator removed one of their photos, say), shown until they dismiss it.

export const NOTICE_KINDS = ['photo_removed'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What the member reads when a moderator removes one of their photos. */
export const PHOTO_REMOVED_NOTICE = "A moderator removed one of your photos because it broke Orbit's rules.";
export const NOTICE_NOT_FOUND_MESSAGE = 'Notice not found';

export const memberNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  text: z.string(),
  createdAt: z.string(),
});
export type MemberNotice = z.infer<typeof memberNoticeSchema>;

export const noticeParamsSchema = z.object({ id: idSchema });

/** GET /user/me/notices and POST /user/me/notices/:id/seen: the notices still to show, oldest first. */
export const noticesResponseSchema = z.object({ success: z.literal(true), notices: z.array(memberNoticeSchema) });
export type NoticesResponse = z.infer<typeof noticesResponseSchema>;
