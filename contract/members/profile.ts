import { z } from 'zod';
import { genderSchema, idSchema, roleSchema } from '../common';
import { ONBOARDING_STEPS, onboardingSchema, preferencesSchema } from './preferences';
import { displayNameSchema } from './display-name';
import { refusingHiddenCharacters } from '../member-text';

/** The `profile` object of SPEC section 3's User. */
export const profileSchema = z.object({
  name: z.string(),
  avatar: z.string(),
  isVerified: z.boolean(),
  isVIP: z.boolean(),
  vipLevel: z.string(),
  vipUntil: z.string().nullable(),
  age: z.number().int().nullable(),
  location: z.string(),
  gender: genderSchema.nullable(),
  language: z.string(),
  bio: z.string(),
  interests: z.array(z.string()),
  photos: z.array(z.string()),
  followers: z.number().int(),
  following: z.number().int(),
  coins: z.number().int(),
  lastSeen: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The signed-in user's own record (SPEC section 3 User, plus role). */
export const userSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  /** Whether the member proved the address is theirs (a link emailed to it); only its owner sees it. */
  emailVerified: z.boolean(),
  role: roleSchema,
  avatar: z.string(),
  age: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  region: z.string(),
  isOnline: z.boolean(),
  isVIP: z.boolean(),
  vipTier: z.string().nullable(),
  vipUntil: z.string().nullable(),
  interests: z.array(z.string()),
  photos: z.array(z.string()),
  bio: z.string(),
  lang: z.string(),
  coins: z.number().int(),
  /** Coins a lost payment dispute left owed (only its owner sees it): new coins settle it first, and spending waits until it is 0. */
  coinsOwed: z.number().int(),
  /** Whether others' radars may show this person (their own choice, in Settings); only its owner sees it. */
  showOnRadar: z.boolean(),
  /** Who they want to meet; only its owner sees it. */
  preferences: preferencesSchema,
  /** The guided set-up after registering; only its owner sees it. */
  onboarding: onboardingSchema,
  /** Whether the kind note about adding a photo was shown already (it is shown once). */
  photoNudgeSeen: z.boolean(),
  /** Whether the people they message see when they have read it (and whether they see it of others); only its owner sees it. */
  readReceipts: z.boolean(),
  /** Whether others see when they were last active (coarsely) and that they are online; only its owner sees it. */
  activityVisible: z.boolean(),
  /**
   * VIP's Incognito as the member set it; only its owner sees it. It hides them only while their VIP
   * lasts (then only people they liked find them in Discover, Spin and the radar).
   */
  incognito: z.boolean(),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * Another person's profile (GET /user/:id): the User shape without what only
 * its owner may see — email, coins, role and the radar choice. Coordinates and ban details are
 * in no user view at all. Never the time they were last seen: `profile.lastActive`
 * is a coarse bucket ('Active this week', contract/activity.ts), '' when they hide it.
 */
export const publicUserSchema = userSchema
  .omit({
    email: true,
    emailVerified: true,
    coins: true,
    coinsOwed: true,
    role: true,
    showOnRadar: true,
    preferences: true,
    onboarding: true,
    photoNudgeSeen: true,
    readReceipts: true,
    activityVisible: true,
    incognito: true,
  })
  .extend({
    profile: profileSchema.omit({ coins: true, lastSeen: true }).extend({ lastActive: z.string() }),
    /** A seeded demo person (outside production only), who answers automatically: labelled "Demo" wherever they appear (issue 51). */
    isDemo: z.boolean(),
  });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });

/** Where the viewer stands with this person, so Like can show that it was already sent. */
export const relationshipSchema = z.object({
  decision: z.enum(['like', 'super', 'dislike']).nullable(),
  isMatch: z.boolean(),
});
export type Relationship = z.infer<typeof relationshipSchema>;

export const publicUserResponseSchema = z.object({ user: publicUserSchema, relationship: relationshipSchema });
export type PublicUserResponse = z.infer<typeof publicUserResponseSchema>;

/** SPEC section 9 and the issue: editable profile limits. */
export const PROFILE_LIMITS = {
  nameMax: 50,
  bioMax: 500,
  regionMax: 80,
  languageMax: 40,
  interestsMax: 10,
  interestMax: 30,
  photosMax: 6,
} as const;

/**
 * Seven decimal places of a degree are about a centimetre: finer digits say
 * nothing about where someone is, and PostgreSQL refuses the tiniest
 * (subnormal) doubles outright, which turned such a location into a 500.
 */
const toCentimetrePrecision = (degrees: number) => Math.round(degrees * 1e7) / 1e7 || 0;

export const geoLocationSchema = z.strictObject({
  latitude: z
    .number({ message: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90')
    .transform(toCentimetrePrecision),
  longitude: z
    .number({ message: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .transform(toCentimetrePrecision),
});
export type GeoLocation = z.infer<typeof geoLocationSchema>;

const trimmedText = (label: string, max: number, min = 0) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(...refusingHiddenCharacters(label));

/**
 * PATCH /user/me: only these fields, each optional. Anything else (coins,
 * isVIP, role, ban, email, ...) is refused as an unknown field.
 */
export const updateProfileBodySchema = z
  .strictObject({
    name: displayNameSchema(PROFILE_LIMITS.nameMax).optional(),
    bio: trimmedText('Bio', PROFILE_LIMITS.bioMax).optional(),
    age: z
      .number({ message: 'Age must be a number' })
      .int('Age must be a whole number')
      .min(18, 'You must be at least 18')
      .max(99, 'Age must be at most 99')
      .optional(),
    gender: genderSchema.optional(),
    language: trimmedText('Language', PROFILE_LIMITS.languageMax, 1).optional(),
    region: trimmedText('Region', PROFILE_LIMITS.regionMax).optional(),
    interests: z
      .array(trimmedText('Each interest', PROFILE_LIMITS.interestMax, 1), { message: 'Interests must be a list' })
      .max(PROFILE_LIMITS.interestsMax, `At most ${PROFILE_LIMITS.interestsMax} interests`)
      .optional(),
    /** Coordinates for the radar (never shown to anyone); null forgets them. */
    location: geoLocationSchema.nullable().optional(),
    /** false takes the person off everyone else's radar; they still see the radar themselves. */
    showOnRadar: z.boolean({ message: 'Show on radar must be true or false' }).optional(),
    /** Who they want to meet, whole. */
    preferences: preferencesSchema.optional(),
    /** The set-up step to come back to. */
    onboardingStep: z.enum(ONBOARDING_STEPS, { message: `Onboarding step must be one of ${ONBOARDING_STEPS.join(', ')}` }).optional(),
    /** The set-up is over (finished or skipped); it cannot be un-finished. */
    onboardingCompleted: z.literal(true, { message: 'Onboarding completed can only be true' }).optional(),
    /** The note about adding a photo was shown. */
    photoNudgeSeen: z.literal(true, { message: 'Photo nudge seen can only be true' }).optional(),
    /** false: the people they message no longer see when they read it, and they see it of nobody. */
    readReceipts: z.boolean({ message: 'Read receipts must be true or false' }).optional(),
    /** false: nobody else sees when they were last active, nor that they are online. */
    activityVisible: z.boolean({ message: 'Show when I was active must be true or false' }).optional(),
    /** true (VIP only, else 403): only people they liked find them in Discover, Spin and the radar. false is always allowed. */
    incognito: z.boolean({ message: 'Incognito must be true or false' }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to update' });
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
