import { getTableColumns } from 'drizzle-orm';
import type { Candidate } from '../../contract/discovery';
import { users, type UserRow } from '../db/schema';
import { defaultAvatarUrl, hasActiveVip } from '../routes/user-view';
import { compatibilityPercent, type CompatibilityTraits } from './compatibility';
import { lastActiveText, shownOnline } from './last-active';

/** Only what a candidate card needs: no email, coordinates, ban data or secrets are ever selected. */
const {
  id,
  username,
  name,
  age,
  gender,
  region,
  avatar,
  isOnline,
  isVip,
  vipUntil,
  interests,
  lastSeenAt,
  activityVisible,
} = getTableColumns(users);
export const candidateColumns = { id, username, name, age, gender, region, avatar, isOnline, isVip, vipUntil, interests, lastSeenAt, activityVisible };

export type CandidateRow = Pick<
  UserRow,
  'id' | 'username' | 'name' | 'age' | 'gender' | 'region' | 'avatar' | 'isOnline' | 'isVip' | 'vipUntil' | 'interests' | 'lastSeenAt' | 'activityVisible'
>;

/** SPEC section 3 "Candidate or match user", as seen by `viewer`. */
export function toCandidate(row: CandidateRow, viewer: CompatibilityTraits, now: Date): Candidate {
  return {
    id: row.id,
    username: row.username,
    name: row.name || row.username,
    age: row.age,
    gender: row.gender,
    region: row.region,
    avatar: row.avatar || defaultAvatarUrl(row.username),
    isOnline: shownOnline(row),
    isVIP: hasActiveVip(row, now),
    interests: row.interests,
    lastActive: lastActiveText(row, now),
    compatibility: compatibilityPercent(viewer, row),
  };
}
