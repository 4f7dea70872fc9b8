import { z } from 'zod';

// Who a member wants to meet (issue 35), and where they are in the guided
// set-up after registering. Plain values first, schemas after.

/** "Show me": whose profiles Discover, Spin and the radar list. */
export const SHOW_ME = ['women', 'men', 'everyone'] as const;
export type ShowMe = (typeof SHOW_ME)[number];

export const SHOW_ME_LABELS: Record<ShowMe, string> = { women: 'Women', men: 'Men', everyone: 'Everyone' };

export const PREFERENCE_AGE_MIN = 18;
export const PREFERENCE_AGE_MAX = 99;
/** Distance choices stop here; null means anywhere. */
export const PREFERENCE_DISTANCE_MAX_KM = 500;

/** The set-up's steps in order; a member may skip any and come back to it. */
export const ONBOARDING_STEPS = ['photos', 'about', 'interests', 'location', 'preferences'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Interests offered as chips during set-up and in Edit Profile; members may add their own. */
export const SUGGESTED_INTERESTS = [
  'Travel',
  'Music',
  'Live Music',
  'Movies',
  'Books',
  'Cooking',
  'Street Food',
  'Coffee',
  'Fitness',
  'Yoga',
  'Running',
  'Hiking',
  'Cricket',
  'Football',
  'Dancing',
  'Photography',
  'Art',
  'Gaming',
  'Tech',
  'Fashion',
  'Pets',
  'Nature',
  'Beach',
  'Wine',
] as const;

const ageBound = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(PREFERENCE_AGE_MIN, `${label} must be between ${PREFERENCE_AGE_MIN} and ${PREFERENCE_AGE_MAX}`)
    .max(PREFERENCE_AGE_MAX, `${label} must be between ${PREFERENCE_AGE_MIN} and ${PREFERENCE_AGE_MAX}`);

export const preferencesSchema = z
  .strictObject({
    showMe: z.enum(SHOW_ME, { message: 'Show me must be women, men or everyone' }),
    minAge: ageBound('Youngest age'),
    maxAge: ageBound('Oldest age'),
    /** Kilometres from the member's location; null: anywhere. */
    maxDistanceKm: z
      .number({ message: 'Distance must be a number' })
      .int('Distance must be a whole number of kilometres')
      .min(1, `Distance must be between 1 and ${PREFERENCE_DISTANCE_MAX_KM} km`)
      .max(PREFERENCE_DISTANCE_MAX_KM, `Distance must be between 1 and ${PREFERENCE_DISTANCE_MAX_KM} km`)
      .nullable(),
  })
  .refine((preferences) => preferences.minAge <= preferences.maxAge, {
    message: 'The youngest age must not be more than the oldest',
    path: ['minAge'],
  });
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = { showMe: 'everyone', minAge: PREFERENCE_AGE_MIN, maxAge: PREFERENCE_AGE_MAX, maxDistanceKm: null };

/** Where the member stands in the set-up: `completed` once they finished or skipped the last step; `step` is where to resume. */
export const onboardingSchema = z.object({
  completed: z.boolean(),
  step: z.enum(ONBOARDING_STEPS),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** A place a member typed in for their location (GET /places). */
export const placeSchema = z.object({
  name: z.string(),
  /** Region or state and country, for telling two Springfields apart. */
  area: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

export const placesQuerySchema = z.object({
  q: z.string({ message: 'Type a city name' }).trim().min(2, 'Type at least 2 letters').max(80, 'City names are at most 80 characters'),
});
export const placesResponseSchema = z.object({ places: z.array(placeSchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;
