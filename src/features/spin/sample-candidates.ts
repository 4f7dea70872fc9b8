import type { Candidate } from '../../../contract/discovery';

const sample = (id: number, name: string, age: number, region: string, interests: string[], isOnline: boolean, isVIP: boolean): Candidate => ({
  id: `sample-${id}`,
  username: name.toLowerCase(),
  name,
  age,
  gender: null,
  region,
  avatar: `/api/media/avatar/sample-${name.toLowerCase()}`,
  isOnline,
  isVIP,
  interests,
  lastActive: isOnline ? 'Online now' : 'Active 2 hours ago',
  compatibility: 85,
});

/** SPEC section 8: when the spin list cannot be fetched, sample users are shown. */
export const SAMPLE_CANDIDATES: readonly Candidate[] = [
  sample(1, 'Priya', 26, 'Bandra, Mumbai', ['Travel', 'Yoga', 'Coffee'], true, false),
  sample(2, 'Arjun', 29, 'Andheri, Mumbai', ['Cricket', 'Music', 'Cooking'], false, true),
  sample(3, 'Meera', 24, 'Colaba, Mumbai', ['Art', 'Books', 'Dance'], true, false),
  sample(4, 'Rohan', 31, 'Powai, Mumbai', ['Hiking', 'Photography', 'Tech'], false, false),
  sample(5, 'Ananya', 27, 'Juhu, Mumbai', ['Movies', 'Street Food', 'Fitness'], true, true),
];

/** Sample people have no profile to open. */
export function isSampleCandidate(candidate: Pick<Candidate, 'id'>): boolean {
  return candidate.id.startsWith('sample-');
}
