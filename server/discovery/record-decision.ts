import { and, eq, sql } from 'drizzle-orm';
import type { LikeResponse, LikeType } from '../../contract/discovery';
import type { OrbitDatabase } from '../db/types';
import { likes, matches, users, type UserRow } from '../db/schema';
import { HttpError } from '../plugins/errors';
import { demoLikesBack, type LikeBackPolicy } from './like-back';

export const CANNOT_LIKE_SELF_MESSAGE = 'You cannot like yourself';
export const USER_NOT_FOUND_MESSAGE = 'User not found';

type Transaction = Parameters<Parameters<OrbitDatabase['transaction']>[0]>[0];

/** The matches table stores each pair once, smaller id first (a CHECK constraint insists). */
export function orderedPair(first: string, second: string): { userAId: string; userBId: string } {
  return first < second ? { userAId: first, userBId: second } : { userAId: second, userBId: first };
}

const isPositive = (type: LikeType | undefined) => type === 'like' || type === 'super';

async function ensureMatch(tx: Transaction, callerId: string, targetId: string): Promise<string> {
  const pair = orderedPair(callerId, targetId);
  const [created] = await tx.insert(matches).values(pair).onConflictDoNothing().returning({ id: matches.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)));
  if (!existing) throw new Error('match row vanished inside its own transaction');
  return existing.id;
}

/**
 * One decision per pair (a repeat replaces it). A like or super like on
 * someone who already liked the caller creates the match, exactly once even
 * when both like at the same moment: the pair's advisory lock serialises the
 * two transactions, so the second one sees the first one's like, and the
 * unique pair constraint with ON CONFLICT DO NOTHING guards the insert itself.
 */
export async function recordDecision(
  db: OrbitDatabase,
  caller: UserRow,
  decision: { targetId: string; type: LikeType },
  likeBack: LikeBackPolicy,
): Promise<LikeResponse> {
  if (decision.targetId === caller.id) throw new HttpError(400, CANNOT_LIKE_SELF_MESSAGE);
  const pair = orderedPair(caller.id, decision.targetId);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`likes:${pair.userAId}:${pair.userBId}`}, 0))`);

    const [target] = await tx
      .select({ id: users.id, isDemo: users.isDemo })
      .from(users)
      .where(and(eq(users.id, decision.targetId), eq(users.role, 'user'), eq(users.isBanned, false)));
    if (!target) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);

    await tx
      .insert(likes)
      .values({ fromUserId: caller.id, toUserId: target.id, type: decision.type })
      .onConflictDoUpdate({ target: [likes.fromUserId, likes.toUserId], set: { type: decision.type, updatedAt: new Date() } });

    if (!isPositive(decision.type)) {
      // A match means both like each other; taking the like back ends it.
      await tx.delete(matches).where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)));
      return { success: true as const, match: false, matchId: null };
    }

    const [reverse] = await tx
      .select({ type: likes.type })
      .from(likes)
      .where(and(eq(likes.fromUserId, target.id), eq(likes.toUserId, caller.id)));
    let theirDecision = reverse?.type;
    if (!theirDecision && target.isDemo && demoLikesBack(likeBack)) {
      await tx.insert(likes).values({ fromUserId: target.id, toUserId: caller.id, type: 'like' }).onConflictDoNothing();
      theirDecision = 'like';
    }
    if (!isPositive(theirDecision)) return { success: true as const, match: false, matchId: null };

    const matchId = await ensureMatch(tx, caller.id, target.id);
    return { success: true as const, match: true, matchId };
  });
}
