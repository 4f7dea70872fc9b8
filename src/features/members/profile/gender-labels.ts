import type { Gender } from '../../../../contract/common';

/**
 * How a stored gender reads to people: the API keeps the lowercase values,
 * Sign Up, Edit Profile and the profile show these. (Discover's filter keeps
 * the SPEC's own lowercase wording: All, male, female.)
 */
export const GENDER_LABELS: Readonly<Record<Gender, string>> = { female: 'Female', male: 'Male', other: 'Other' };

/** The order the forms offer them in. */
export const GENDER_CHOICES: readonly Gender[] = ['female', 'male', 'other'];
