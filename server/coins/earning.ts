import type { CoinEntry } from '../../contract/coins/ledger';
import { LIKE_EARNING, likeAllowanceResetsAt, LIVE_VIEWER_EARNING, PROFILE_EARNING } from '../../contract/constants';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { Transaction } from '../lib/transaction';
import { postCoinChange } from './ledger';
import { earnedSince, earnedUnderKeys, lockBalance } from './queries/ledger';
import { toCoinEntry } from './views';

// Coins members earn in the app (issue 48: "How to Earn Coins" made true).
// Earned coins are ledger entries of kind 'earned': never refunded, never
// creator earnings. Each reward is keyed so that it is paid once, and capped
// so that it cannot be farmed.

/**
 * +5 coins for liking someone, once per person ever (taking a like back and
 * giving it again pays nothing) and at most LIKE_EARNING.perDay coins a UTC day.
 * Runs in the like's transaction; the entry when coins were earned.
 */
export async function earnForLike(tx: Transaction, likerId: string, likedId: string, now: Date): Promise<CoinEntry | undefined> {
  // The member's row lock first: two likes at the same moment then read today's earnings one after the other.
  await lockBalance(tx, likerId);
  const dayStart = new Date(likeAllowanceResetsAt(now).getTime() - 24 * 60 * 60 * 1000);
  if ((await earnedSince(tx, likerId, LIKE_EARNING.reference, dayStart)) + LIKE_EARNING.coins > LIKE_EARNING.perDay) return undefined;
  const { entry, replayed } = await postCoinChange(tx, {
    userId: likerId,
    amount: LIKE_EARNING.coins,
    kind: 'earned',
    reference: LIKE_EARNING.reference,
    idempotencyKey: `earn:like:${likerId}:${likedId}`,
  });
  return replayed ? undefined : toCoinEntry(entry);
}

/** A photo, an about text and interests: what "Complete your profile" asks for. */
export function profileIsComplete(member: Pick<UserRow, 'photos' | 'bio' | 'interests'>): boolean {
  return member.photos.length > 0 && member.bio.trim() !== '' && member.interests.length > 0;
}

/**
 * +50 coins the first time the profile is complete, once per account ever
 * (emptying it and filling it again pays nothing). Called after a profile
 * edit or a photo upload, in its own transaction (a savepoint inside the
 * caller's); the member as they are afterwards, with the entry when paid.
 */
export async function earnForCompleteProfile(db: OrbitDatabase, member: UserRow): Promise<{ member: UserRow; earned?: CoinEntry }> {
  if (!profileIsComplete(member)) return { member };
  const { entry, replayed } = await db.transaction((tx) =>
    postCoinChange(tx, { userId: member.id, amount: PROFILE_EARNING.coins, kind: 'earned', reference: PROFILE_EARNING.reference, idempotencyKey: `earn:profile:${member.id}` }),
  );
  return replayed ? { member } : { member: { ...member, coins: entry.balanceAfter }, earned: toCoinEntry(entry) };
}

/**
 * +10 coins to a stream's host for a member who watched a minute (the live
 * area times it), once per viewer a stream and at most
 * LIVE_VIEWER_EARNING.perStream coins a stream; the entry when coins were earned.
 */
export async function earnForLiveViewer(db: OrbitDatabase, hostId: string, streamId: string, viewerId: string): Promise<CoinEntry | undefined> {
  const keys = `earn:live:${streamId}:`;
  return db.transaction(async (tx) => {
    // The host's row lock first: two viewers' minutes ending together read the stream's earnings one after the other.
    await lockBalance(tx, hostId);
    if ((await earnedUnderKeys(tx, hostId, keys)) + LIVE_VIEWER_EARNING.coins > LIVE_VIEWER_EARNING.perStream) return undefined;
    const { entry, replayed } = await postCoinChange(tx, {
      userId: hostId,
      amount: LIVE_VIEWER_EARNING.coins,
      kind: 'earned',
      reference: LIVE_VIEWER_EARNING.reference,
      idempotencyKey: `${keys}${viewerId}`,
    });
    return replayed ? undefined : toCoinEntry(entry);
  });
}
