import { getTableColumns } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';

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
  isDemo,
  interests,
  lastSeenAt,
  activityVisible,
} = getTableColumns(users);
export const candidateColumns = { id, username, name, age, gender, region, avatar, isOnline, isVip, vipUntil, isDemo, interests, lastSeenAt, activityVisible };

export type CandidateRow = Pick<
  UserRow,
  'id' | 'username' | 'name' | 'age' | 'gender' | 'region' | 'avatar' | 'isOnline' | 'isVip' | 'vipUntil' | 'isDemo' | 'interests' | 'lastSeenAt' | 'activityVisible'
>;
