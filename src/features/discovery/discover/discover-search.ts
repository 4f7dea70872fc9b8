import type { Gender } from '../../../../contract/common';
import { discoverPagesReachable, GENDERS } from '../../../../contract/constants';
import { optionalChoice, optionalInteger } from '../../../search-params';

/** Discover's state lives in the address, so a filtered view can be shared and survives a reload. */
export interface DiscoverSearch {
  view?: 'list' | 'radar';
  gender?: Gender;
  minAge?: number;
  maxAge?: number;
  page?: number;
}

export function readDiscoverSearch(search: Record<string, unknown>): DiscoverSearch {
  return {
    view: optionalChoice(search.view, ['list', 'radar']),
    gender: optionalChoice(search.gender, GENDERS),
    minAge: optionalInteger(search.minAge, 18, 99),
    maxAge: optionalInteger(search.maxAge, 18, 99),
    // A page deeper than the API lists reads as no page: the first.
    page: optionalInteger(search.page, 1, discoverPagesReachable(DISCOVER_PAGE_SIZE)),
  };
}

/** SPEC: the age filter's placeholders. */
export const MIN_AGE_PLACEHOLDER = 18;
export const MAX_AGE_PLACEHOLDER = 99;
export const DISCOVER_PAGE_SIZE = 12;

export interface FilterDraft {
  gender: '' | 'male' | 'female';
  minAge: string;
  maxAge: string;
}

export type FilterErrors = Partial<Record<'minAge' | 'maxAge', string>>;

function parseAge(text: string, label: string): { value?: number; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  const value = Number(trimmed);
  if (!Number.isInteger(value)) return { error: `${label} must be a whole number` };
  if (value < MIN_AGE_PLACEHOLDER || value > MAX_AGE_PLACEHOLDER) return { error: `${label} must be between 18 and 99` };
  return { value };
}

/** The typed filters from the form, or a message per field. */
export function readFilterDraft(draft: FilterDraft): { filters: Pick<DiscoverSearch, 'gender' | 'minAge' | 'maxAge'> } | { errors: FilterErrors } {
  const min = parseAge(draft.minAge, 'Min age');
  const max = parseAge(draft.maxAge, 'Max age');
  const errors: FilterErrors = {};
  if (min.error) errors.minAge = min.error;
  if (max.error) errors.maxAge = max.error;
  if (!errors.minAge && !errors.maxAge && min.value !== undefined && max.value !== undefined && min.value > max.value) {
    errors.minAge = 'Min age must not be more than max age';
  }
  if (errors.minAge || errors.maxAge) return { errors };
  return { filters: { gender: draft.gender || undefined, minAge: min.value, maxAge: max.value } };
}
