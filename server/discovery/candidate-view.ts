import type { Candidate } from '../../contract/discovery';
import type { CandidateRow } from './queries/candidates';
import { defaultAvatarUrl, hasActiveVip } from '../members/views';
import { compatibilityPercent, type CompatibilityTraits } from './compatibility';
import { lastActiveText, shownOnline } from './last-active';

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
    isDemo: row.isDemo,
    interests: row.interests,
    lastActive: lastActiveText(row, now),
    compatibility: compatibilityPercent(viewer, row),
  };
}
