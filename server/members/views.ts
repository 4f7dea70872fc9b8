import type { Gender } from '../../contract/common';
import { AVATAR_LOOKS, avatarLookFor, avatarPath } from '../../contract/media/avatar';
import type { PublicUser, User } from '../../contract/members/profile';
import type { UserRow } from '../db/schema';
import { lastActiveText, shownOnline } from '../discovery/last-active';

/** SPEC section 9: profiles show at most six photos. */
export const MAX_PROFILE_PHOTOS = 6;
const DEFAULT_VIP_LEVEL = 'Gold';

const avatarSeedOf = (username: string) => username.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 64) || 'orbit';

/** The generated avatar for an account without an uploaded picture, drawn to suit its gender when it has one. */
export function defaultAvatarUrl(username: string, gender?: Gender | null): string {
  return avatarPath(avatarSeedOf(username), avatarLookFor(gender));
}

/** Whether `avatar` is still the account's own generated default, in any look: nobody chose it. */
export function isDefaultAvatar(username: string, avatar: string): boolean {
  const seed = avatarSeedOf(username);
  return avatar === '' || [undefined, ...AVATAR_LOOKS].some((look) => avatar === avatarPath(seed, look));
}

/** VIP counts only while it lasts: an expired vip_until reads as not VIP. */
export function hasActiveVip(row: Pick<UserRow, 'isVip' | 'vipUntil'>, now: Date): boolean {
  return row.isVip && (row.vipUntil === null || row.vipUntil.getTime() > now.getTime());
}

/**
 * The account as the API shows it to its owner (SPEC section 3 User). Built
 * field by field so nothing else — password hash, token version, ban data,
 * coordinates — can leak through a new column.
 */
export function toUserView(row: UserRow, now: Date = new Date()): User {
  const avatar = row.avatar || defaultAvatarUrl(row.username);
  const isVip = hasActiveVip(row, now);
  const vipUntil = row.vipUntil?.toISOString() ?? null;
  const photos = row.photos.slice(0, MAX_PROFILE_PHOTOS);
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    role: row.role,
    avatar,
    age: row.age,
    gender: row.gender,
    region: row.region,
    isOnline: row.isOnline,
    isVIP: isVip,
    vipTier: row.vipTier,
    vipUntil,
    interests: row.interests,
    photos,
    bio: row.bio,
    lang: row.language,
    coins: row.coins,
    coinsOwed: row.coinsOwed,
    showOnRadar: !row.isHidden,
    preferences: { showMe: row.showMe, minAge: row.prefMinAge, maxAge: row.prefMaxAge, maxDistanceKm: row.prefMaxDistanceKm },
    onboarding: { completed: row.onboardedAt !== null, step: row.onboardingStep },
    photoNudgeSeen: row.photoNudgeSeenAt !== null,
    readReceipts: row.readReceipts,
    activityVisible: row.activityVisible,
    incognito: row.incognito,
    profile: {
      name: row.name || row.username,
      avatar,
      isVerified: row.isVerified,
      isVIP: isVip,
      vipLevel: row.vipTier ?? DEFAULT_VIP_LEVEL,
      vipUntil,
      age: row.age,
      location: row.region,
      gender: row.gender,
      language: row.language,
      bio: row.bio,
      interests: row.interests,
      photos,
      followers: row.followers,
      following: row.following,
      coins: row.coins,
      lastSeen: row.lastSeenAt?.toISOString() ?? null,
    },
  };
}

/**
 * Another person's profile as the API shows it to anyone signed in: the owner's
 * view minus email, coins, role and the radar choice (coordinates and ban data
 * are in neither), and their activity only as a coarse text, or not at all.
 */
export function toPublicUserView(row: UserRow, now: Date = new Date()): PublicUser {
  const {
    email: _email,
    emailVerified: _emailVerified,
    coins: _coins,
    role: _role,
    showOnRadar: _showOnRadar,
    preferences: _preferences,
    onboarding: _onboarding,
    photoNudgeSeen: _photoNudgeSeen,
    readReceipts: _readReceipts,
    activityVisible: _activityVisible,
    incognito: _incognito,
    isOnline: _isOnline,
    profile,
    ...rest
  } = toUserView(row, now);
  const { coins: _profileCoins, lastSeen: _lastSeen, ...publicProfile } = profile;
  return { ...rest, isOnline: shownOnline(row), isDemo: row.isDemo, profile: { ...publicProfile, lastActive: lastActiveText(row, now) } };
}
