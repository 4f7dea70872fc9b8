import { z } from 'zod';
import { candidateSchema } from './discovery';

/** How many people one page of Likes you holds at most, and by default. */
export const LIKES_YOU_MAX_LIMIT = 50;
export const LIKES_YOU_PAGE_SIZE = 20;

/**
 * Where the next page starts: the last like's time to the microsecond, then its
 * id, so two likes in the same millisecond are never skipped or repeated.
 */
const likesYouCursorSchema = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'cursor must be the next value of an earlier page');

/** GET /users/likes-you: `cursor` is the `next` of the page before; none gives the newest page. */
export const likesYouQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${LIKES_YOU_MAX_LIMIT}`)
    .max(LIKES_YOU_MAX_LIMIT, `limit must be between 1 and ${LIKES_YOU_MAX_LIMIT}`)
    .default(LIKES_YOU_PAGE_SIZE),
  cursor: likesYouCursorSchema.optional(),
});
export type LikesYouQuery = z.infer<typeof likesYouQuerySchema>;

/** Someone who liked the caller, as a VIP caller sees them: their card, and how they liked. */
export const admirerSchema = candidateSchema.extend({
  superLike: z.boolean(),
  likedAt: z.string(),
});
export type Admirer = z.infer<typeof admirerSchema>;

/**
 * VIP sees the people; a free member sees only how many. The locked answer
 * carries nothing that identifies anyone (no ids, names or photos): a blur
 * drawn by the browser over a real photo would hide nothing.
 */
export const likesYouResponseSchema = z.discriminatedUnion('access', [
  z.object({
    access: z.literal('vip'),
    /** Everyone waiting for the caller's decision, not only this page. */
    count: z.number().int().min(0),
    /** Newest like first. */
    people: z.array(admirerSchema),
    /** The cursor of the next page, or null on the last. */
    next: z.string().nullable(),
  }),
  z.object({ access: z.literal('locked'), count: z.number().int().min(0) }),
]);
export type LikesYouResponse = z.infer<typeof likesYouResponseSchema>;
