import type { z } from 'zod';
import type { Relationship, updateProfileBodySchema } from '../../contract/members/profile';
import type { NewUserRow, UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { USER_NOT_FOUND_MESSAGE } from '../discovery/record-decision';
import type { CoinEntry } from '../../contract/coins/ledger';
import { earnForCompleteProfile } from '../coins/earning';
import { HttpError } from '../plugins/errors';
import { findVisibleMember, relationshipBetween, updateMemberRow } from './queries';
import { defaultAvatarUrl, hasActiveVip, isDefaultAvatar } from './views';

export const INCOGNITO_NEEDS_VIP_MESSAGE = 'Incognito is a VIP feature';

/** The same interest twice (in any case) is kept once. */
function withoutDuplicates(interests: readonly string[]): string[] {
  const seen = new Set<string>();
  return interests.filter((interest) => {
    const key = interest.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Validated body -> column changes; `location` maps to the two coordinate
 * columns, `showOnRadar` to is_hidden. A generated default picture nobody
 * chose follows a gender change; a chosen one stays.
 */
function profileChanges(
  body: z.output<typeof updateProfileBodySchema>,
  caller: Pick<UserRow, 'username' | 'avatar' | 'onboardedAt' | 'photoNudgeSeenAt'>,
  now: Date,
): Partial<NewUserRow> {
  const { location, interests, showOnRadar, preferences, onboardingStep, onboardingCompleted, photoNudgeSeen, ...plain } = body;
  const changes: Partial<NewUserRow> = { ...plain };
  if (body.gender !== undefined && isDefaultAvatar(caller.username, caller.avatar)) {
    changes.avatar = defaultAvatarUrl(caller.username, body.gender);
  }
  if (showOnRadar !== undefined) changes.isHidden = !showOnRadar;
  if (interests !== undefined) changes.interests = withoutDuplicates(interests);
  if (preferences !== undefined) {
    changes.showMe = preferences.showMe;
    changes.prefMinAge = preferences.minAge;
    changes.prefMaxAge = preferences.maxAge;
    changes.prefMaxDistanceKm = preferences.maxDistanceKm;
  }
  if (onboardingStep !== undefined) changes.onboardingStep = onboardingStep;
  // Finishing twice keeps the first time; it is a fact, not a toggle.
  if (onboardingCompleted && caller.onboardedAt === null) changes.onboardedAt = now;
  if (photoNudgeSeen && caller.photoNudgeSeenAt === null) changes.photoNudgeSeenAt = now;
  if (location !== undefined) {
    changes.latitude = location?.latitude ?? null;
    changes.longitude = location?.longitude ?? null;
  }
  return changes;
}

/** The caller's profile edit; returns the account as it is afterwards, and the coins it earned (a profile completed for the first time). */
export async function updateProfile(
  db: OrbitDatabase,
  caller: UserRow,
  body: z.output<typeof updateProfileBodySchema>,
  now: Date,
): Promise<{ member: UserRow; earned?: CoinEntry }> {
  // Turning it off is always allowed, so a member whose VIP ended can still clear it.
  if (body.incognito === true && !hasActiveVip(caller, now)) throw new HttpError(403, INCOGNITO_NEEDS_VIP_MESSAGE);
  const changes = profileChanges(body, caller, now);
  // Finishing the set-up or seeing the photo note a second time changes nothing, and an UPDATE with no columns is an error.
  if (Object.keys(changes).length === 0) return { member: caller };
  const updated = await updateMemberRow(db, caller.id, changes);
  if (!updated) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
  // Only an edit of the about text or interests can complete the profile here (photos come by upload):
  // settings switches and location updates leave the ledger alone.
  if (changes.bio === undefined && changes.interests === undefined) return { member: updated };
  return earnForCompleteProfile(db, updated);
}

/** Another member's profile as the viewer may see it: banned, admin and blocked-either-way accounts read as not found. */
export async function profileSeenBy(db: OrbitDatabase, viewerId: string, memberId: string): Promise<{ member: UserRow; relationship: Relationship }> {
  const member = await findVisibleMember(db, viewerId, memberId);
  if (!member) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
  return { member, relationship: await relationshipBetween(db, viewerId, member.id) };
}
