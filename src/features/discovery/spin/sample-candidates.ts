import type { Candidate } from '../../../../contract/discovery';
import { avatarLookFor, avatarPath } from '../../../../contract/media/avatar';

const sample = (id: number, name: string, gender: 'female' | 'male', age: number, region: string, interests: string[], isOnline: boolean, isVIP: boolean): Candidate => ({
  id: `sample-${id}`,
  username: name.toLowerCase(),
  name,
  age,
  gender,
  region,
  avatar: avatarPath(`sample-${name.toLowerCase()}`, avatarLookFor(gender)),
  isOnline,
  isVIP,
  isDemo: false,
  interests,
  lastActive: isOnline ? 'Online now' : 'Active today',
  compatibility: 85,
});

/** SPEC section 8: when the spin list cannot be fetched, sample users are shown. */
export const SAMPLE_CANDIDATES: readonly Candidate[] = [
  sample(1, 'Priya', 'female', 26, 'Bandra, Mumbai', ['Travel', 'Yoga', 'Coffee'], true, false),
  sample(2, 'Arjun', 'male', 29, 'Andheri, Mumbai', ['Cricket', 'Music', 'Cooking'], false, true),
  sample(3, 'Meera', 'female', 24, 'Colaba, Mumbai', ['Art', 'Books', 'Dance'], true, false),
  sample(4, 'Rohan', 'male', 31, 'Powai, Mumbai', ['Hiking', 'Photography', 'Tech'], false, false),
  sample(5, 'Ananya', 'female', 27, 'Juhu, Mumbai', ['Movies', 'Street Food', 'Fitness'], true, true),
];

/** Sample people have no profile to open. */
export function isSampleCandidate(candidate: Pick<Candidate, 'id'>): boolean {
  return candidate.id.startsWith('sample-');
}
