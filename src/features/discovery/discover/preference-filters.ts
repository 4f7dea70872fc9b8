import type { Preferences, ShowMe } from '../../../../contract/members/preferences';
import type { Filters } from './DiscoverFilters';
import { MAX_AGE_PLACEHOLDER, MIN_AGE_PLACEHOLDER, type DiscoverSearch } from './discover-search';

// Type-only imports of the preferences contract: this module travels with
// Discover's screen, and the schema module would bring zod with it.

const GENDER_FOR: Record<ShowMe, Filters['gender']> = { women: 'female', men: 'male', everyone: undefined };

/**
 * The filters Discover applies: what the address says, and where it says
 * nothing, who the member wants to meet (their preferences). The controls
 * start from these and narrow them; an address with filters (a shared link,
 * back) still means what it says.
 */
export function startingFilters(search: Pick<DiscoverSearch, 'gender' | 'minAge' | 'maxAge'>, preferences: Preferences | undefined): Filters {
  return {
    gender: search.gender ?? (preferences ? GENDER_FOR[preferences.showMe] : undefined),
    // The widest range is no filter at all: the form shows its placeholders then.
    minAge: search.minAge ?? (preferences && preferences.minAge > MIN_AGE_PLACEHOLDER ? preferences.minAge : undefined),
    maxAge: search.maxAge ?? (preferences && preferences.maxAge < MAX_AGE_PLACEHOLDER ? preferences.maxAge : undefined),
  };
}

const SHOW_ME_FOR: Record<NonNullable<Filters['gender']>, ShowMe> = { female: 'women', male: 'men', other: 'everyone' };

/**
 * The preferences the applied filters stand for ("Save as my preferences"):
 * the gender and age range as filtered, no filter being the widest; the
 * distance, which Discover does not filter, stays the member's own.
 */
export function preferencesFromFilters(filters: Filters, current: Preferences): Preferences {
  return {
    showMe: filters.gender ? SHOW_ME_FOR[filters.gender] : 'everyone',
    minAge: filters.minAge ?? MIN_AGE_PLACEHOLDER,
    maxAge: filters.maxAge ?? MAX_AGE_PLACEHOLDER,
    maxDistanceKm: current.maxDistanceKm,
  };
}

export const samePreferences = (one: Preferences, other: Preferences): boolean =>
  one.showMe === other.showMe && one.minAge === other.minAge && one.maxAge === other.maxAge && one.maxDistanceKm === other.maxDistanceKm;
