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
