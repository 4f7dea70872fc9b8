import { z } from 'zod';
import { genderSchema, idSchema } from './common';
import { DISCOVER_MAX_DEPTH, discoverPagesReachable, FREE_DAILY_LIKES, likeAllowanceResetsAt } from './constants';

export { DISCOVER_MAX_DEPTH, discoverPagesReachable, FREE_DAILY_LIKES, likeAllowanceResetsAt };

/** SPEC section 9 and the issue: radar radius and list limits. */
export const RADAR_MAX_RADIUS_KM = 100;
export const RADAR_MAX_LIMIT = 50;
export const DISCOVER_MAX_LIMIT = 50;
export const SPIN_MAX_LIMIT = 50;

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);

/**
 * Where a radar looks from: the caller's own stored location, or the Home
 * page radar's fixed point (SPEC). Never a point the caller picks:
 * distances from chosen points would locate anyone (issue 37, finding 2).
 */
export const RADAR_CENTRES = ['me', 'home-page'] as const;
export type RadarCentre = (typeof RADAR_CENTRES)[number];

/**
 * GET /users/radar: around the caller's stored location, or the Home radar's
 * fixed point. Strict, so an old client still sending lat and lon is told no
 * (400 "Unknown field") instead of silently being answered about elsewhere.
 */
export const radarQuerySchema = z.strictObject({
  around: z.enum(RADAR_CENTRES, { message: `around must be one of: ${RADAR_CENTRES.join(', ')}` }).default('me'),
  radiusKm: z.coerce
    .number({ message: 'radiusKm must be a number' })
    .positive('radiusKm must be more than 0')
    .max(RADAR_MAX_RADIUS_KM, `radiusKm must be at most ${RADAR_MAX_RADIUS_KM}`)
    .default(50),
  limit: wholeNumber('limit', 1, RADAR_MAX_LIMIT).default(20),
});
export type RadarQuery = z.infer<typeof radarQuerySchema>;

/**
 * One person on the radar (SPEC section 3 "Nearby user"). Never coordinates:
 * only a distance between grid-snapped positions, in whole kilometres, at least 1.
 */
export const nearbyUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  avatar: z.string(),
  region: z.string(),
  isOnline: z.boolean(),
  /** A seeded demo person (outside production only), who answers automatically: labelled "Demo" wherever they appear (issue 51). */
  isDemo: z.boolean(),
  distanceKm: z.number().int().min(1),
});
export type NearbyUser = z.infer<typeof nearbyUserSchema>;

export const radarResponseSchema = z.object({ users: z.array(nearbyUserSchema) });
export type RadarResponse = z.infer<typeof radarResponseSchema>;

/** SPEC section 3 "Candidate or match user", as the Spin, Discover and Matches screens read it. */
export const candidateSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  region: z.string(),
  avatar: z.string(),
  isOnline: z.boolean(),
  isVIP: z.boolean(),
  /** A seeded demo person (outside production only), who answers automatically: labelled "Demo" wherever they appear (issue 51). */
  isDemo: z.boolean(),
  interests: z.array(z.string()),
  /** 'Online now', 'Active today', 'Active this week'... (contract/activity.ts); '' when they hide their activity. */
  lastActive: z.string(),
  /** 0 to 100, from shared interests and age distance. */
  compatibility: z.number().int().min(0).max(100),
});
export type Candidate = z.infer<typeof candidateSchema>;

const ageFilter = (name: string) => wholeNumber(name, 18, 99).optional();

/** Filters shared by Discover and Spin. */
const peopleFilterShape = {
  gender: genderSchema.optional(),
  minAge: ageFilter('minAge'),
  maxAge: ageFilter('maxAge'),
};
const ageRangeIsOrdered = (query: { minAge?: number; maxAge?: number }) =>
  query.minAge === undefined || query.maxAge === undefined || query.minAge <= query.maxAge;
const ageRangeMessage = { message: 'minAge must not be more than maxAge', path: ['minAge'] };

export const spinQuerySchema = z
  .object({ ...peopleFilterShape, limit: wholeNumber('limit', 1, SPIN_MAX_LIMIT).default(10) })
  .refine(ageRangeIsOrdered, ageRangeMessage);
export type SpinQuery = z.infer<typeof spinQuerySchema>;

export const spinResponseSchema = z.object({ users: z.array(candidateSchema) });
export type SpinResponse = z.infer<typeof spinResponseSchema>;

export const discoverQuerySchema = z
  .object({
    ...peopleFilterShape,
    page: wholeNumber('page', 1, DISCOVER_MAX_DEPTH).default(1),
    limit: wholeNumber('limit', 1, DISCOVER_MAX_LIMIT).default(12),
  })
  .refine(ageRangeIsOrdered, ageRangeMessage)
  // A page past the depth itself already has its message from the page field; one reason per field is enough.
  .refine((query) => query.page > DISCOVER_MAX_DEPTH || query.page <= discoverPagesReachable(query.limit), {
    message: `Discover lists the first ${DISCOVER_MAX_DEPTH.toLocaleString('en-US')} people; narrow the filters to see others`,
    path: ['page'],
  });
export type DiscoverQuery = z.infer<typeof discoverQuerySchema>;

export const discoverResponseSchema = z.object({
  users: z.array(candidateSchema),
  page: z.number().int(),
  /** Pages known to exist; when the total is not exact, more may follow the last. */
  totalPages: z.number().int(),
  total: z.number().int(),
  /** False when the server stopped counting: there are more than `total` people. */
  totalIsExact: z.boolean(),
});
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;

export const likeTypeSchema = z.enum(['like', 'super', 'dislike'], { message: 'Type must be like, super or dislike' });
export type LikeType = z.infer<typeof likeTypeSchema>;

/** SPEC section 3 Like payload: type defaults to like. */
export const likeBodySchema = z.strictObject({
  targetId: idSchema,
  type: likeTypeSchema.default('like'),
});
export type LikeBody = z.input<typeof likeBodySchema>;

export const likeResponseSchema = z.object({
  success: z.literal(true),
  /** True when this decision completed a mutual like (now or earlier). */
  match: z.boolean(),
  matchId: z.string().nullable(),
  /** After a like or super like: how many a free member has left today, null for VIP (no limit). Absent after a pass, which uses none. */
  likesLeftToday: z.number().int().min(0).nullable().optional(),
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** One of the caller's matches: the other person's candidate fields plus the match itself. */
export const matchSchema = candidateSchema.extend({
  matchId: z.string(),
  matchedAt: z.string(),
});
export type Match = z.infer<typeof matchSchema>;

/** GET /matches: newest first. */
export const matchesResponseSchema = z.object({ matches: z.array(matchSchema) });
export type MatchesResponse = z.infer<typeof matchesResponseSchema>;
