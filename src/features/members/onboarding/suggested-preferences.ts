import {
  DEFAULT_PREFERENCES,
  PREFERENCE_AGE_MAX,
  PREFERENCE_AGE_MIN,
  type Preferences,
  type ShowMe,
} from '../../../../contract/members/preferences';
import type { User } from '../../../../contract/members/profile';

/** How far either side of the member's own age the suggested range reaches. */
export const SUGGESTED_AGE_SPAN = 5;

const SHOW_ME_FOR_GENDER: Record<NonNullable<User['gender']>, ShowMe> = { female: 'men', male: 'women', other: 'everyone' };

const clampAge = (age: number) => Math.min(PREFERENCE_AGE_MAX, Math.max(PREFERENCE_AGE_MIN, age));

const isUntouched = (preferences: Preferences) =>
  preferences.showMe === DEFAULT_PREFERENCES.showMe &&
  preferences.minAge === DEFAULT_PREFERENCES.minAge &&
  preferences.maxAge === DEFAULT_PREFERENCES.maxAge &&
  preferences.maxDistanceKm === DEFAULT_PREFERENCES.maxDistanceKm;

/**
 * What the preferences step starts with: the member's own choice once they
 * made one; before that a guess they can change (women for men, men for
 * women, everyone otherwise; ages around their own), keeping their distance.
 */
export function suggestedPreferences(user: Pick<User, 'gender' | 'age' | 'preferences'>): Preferences {
  if (!isUntouched(user.preferences)) return user.preferences;
  const showMe = user.gender ? SHOW_ME_FOR_GENDER[user.gender] : 'everyone';
  if (user.age === null) return { ...user.preferences, showMe };
  return { ...user.preferences, showMe, minAge: clampAge(user.age - SUGGESTED_AGE_SPAN), maxAge: clampAge(user.age + SUGGESTED_AGE_SPAN) };
}
