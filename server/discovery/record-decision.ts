import type { LikeResponse, LikeType } from '../../contract/discovery';
import type { OrbitDatabase } from '../db/types';
import type { UserRow } from '../db/schema';
import { HttpError } from '../plugins/errors';
import { demoLikesBack, type LikeBackPolicy } from './like-back';
import { endConversation } from '../messaging/queries';
import { lockPair, orderedPair } from '../lib/member-pair';
import { deleteMatch, ensureMatch, insertLikeBack, storeDecision } from './queries/decisions';
import { spendDailyLike } from './like-allowance';
import { earnForLike } from '../coins/earning';
import type { CoinEntry } from '../../contract/coins/ledger';

export const CANNOT_LIKE_SELF_MESSAGE = 'You cannot like yourself';
export const USER_NOT_FOUND_MESSAGE = 'User not found';

/**
 * The answer; whether the decision ended a match (a like taken back), which the
 * route tells both members; and the coins the like earned, which it tells the liker's tabs.
 */
export type DecisionOutcome = LikeResponse & { endedMatch?: boolean; earned?: CoinEntry };

const isPositive = (type: LikeType | undefined) => type === 'like' || type === 'super';

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
  now: Date = new Date(),
): Promise<DecisionOutcome> {
  if (decision.targetId === caller.id) throw new HttpError(400, CANNOT_LIKE_SELF_MESSAGE);
  const pair = orderedPair(caller.id, decision.targetId);

  return db.transaction(async (tx) => {
    await lockPair(db, tx, caller.id, decision.targetId);
    // Counted first, so a like past the allowance stores nothing; a like that fails below hands it back with the rollback.
    const likesLeftToday = isPositive(decision.type) ? await spendDailyLike(tx, caller, now) : undefined;
    // Before the like is stored: earning locks the liker's row, and storing the like first would hold a key-share
    // lock on that row (the like's foreign key), so two likes of one member at once would deadlock. An unknown
    // target (404 below) rolls the coins back with the rest.
    const earned = isPositive(decision.type) ? await earnForLike(tx, caller.id, decision.targetId, now) : undefined;

    // One statement instead of three (check the target, store the decision,
    // read theirs): each statement is a round trip, and on the embedded
    // database every round trip holds its only connection.
    const recorded = await storeDecision(tx, caller.id, decision);
    if (!recorded) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);

    if (!isPositive(decision.type)) {
      // A match means both like each other; taking the like back ends it.
      const endedMatch = await deleteMatch(tx, pair);
      if (endedMatch) await endConversation(tx, caller.id, decision.targetId, new Date());
      return { success: true as const, match: false, matchId: null, endedMatch };
    }

    let theirDecision = recorded.theirDecision ?? undefined;
    if (!theirDecision && recorded.targetIsDemo && demoLikesBack(likeBack)) {
      await insertLikeBack(tx, decision.targetId, caller.id);
      theirDecision = 'like';
    }
    if (!isPositive(theirDecision)) return { success: true as const, match: false, matchId: null, likesLeftToday, earned };

    const matchId = await ensureMatch(tx, caller.id, decision.targetId);
    return { success: true as const, match: true, matchId, likesLeftToday, earned };
  });
}
