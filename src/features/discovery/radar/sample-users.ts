import { avatarPath } from '../../../../contract/media/avatar';
import type { NearbyUser } from '../../../../contract/discovery';

/**
 * SPEC section 4: when the radar fetch fails the screen shows 5 sample users
 * instead of an error. Their avatars are the app's generated art.
 */
export const SAMPLE_NEARBY_USERS: readonly NearbyUser[] = [
  { _id: 'sample-1', username: 'priya_s', name: 'Priya', age: 26, avatar: avatarPath('sample-priya', 'feminine'), region: 'Bandra, Mumbai', isOnline: true, isDemo: false, distanceKm: 2 },
  { _id: 'sample-2', username: 'arjun_k', name: 'Arjun', age: 29, avatar: avatarPath('sample-arjun', 'masculine'), region: 'Andheri, Mumbai', isOnline: true, isDemo: false, distanceKm: 4 },
  { _id: 'sample-3', username: 'meera_j', name: 'Meera', age: 24, avatar: avatarPath('sample-meera', 'feminine'), region: 'Colaba, Mumbai', isOnline: true, isDemo: false, distanceKm: 7 },
  { _id: 'sample-4', username: 'rohan_d', name: 'Rohan', age: 31, avatar: avatarPath('sample-rohan', 'masculine'), region: 'Powai, Mumbai', isOnline: true, isDemo: false, distanceKm: 10 },
  { _id: 'sample-5', username: 'ananya_r', name: 'Ananya', age: 27, avatar: avatarPath('sample-ananya', 'feminine'), region: 'Juhu, Mumbai', isOnline: true, isDemo: false, distanceKm: 13 },
];

/** Sample ids are not real accounts: the list offers no profile or call links for them. */
export function isSampleUser(user: Pick<NearbyUser, '_id'>): boolean {
  return user._id.startsWith('sample-');
}
