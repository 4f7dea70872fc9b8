import { and, eq, sql } from 'drizzle-orm';
import type { LikeResponse, LikeType } from '../../contract/discovery';
import type { OrbitDatabase } from '../db/types';
import { likes, matches, users, type UserRow } from '../db/schema';
import { transactionsAreSerial } from '../db/serial-transactions';
import { HttpError } from '../plugins/errors';
import { notBlockedEitherWay } from '../safety/blocks';
import { demoLikesBack, type LikeBackPolicy } from './like-back';
import { endConversation } from '../messaging/queries';

export const CANNOT_LIKE_SELF_MESSAGE = 'You cannot like yourself';
export const USER_NOT_FOUND_MESSAGE = 'User not found';

type Transaction = Parameters<Parameters<OrbitDatabase['transaction']>[0]>[0];

/** The matches table stores each pair once, smaller id first (a CHECK constraint insists). */
export function orderedPair(first: string, second: string): { userAId: string; userBId: string } {
  return first < second ? { userAId: first, userBId: second } : { userAId: second, userBId: first };
}

/**
 * Serialises everything that changes one pair's likes, match or blocks for
 * the rest of the transaction, so a like and a block racing cannot leave a
 * match between people who blocked each other. Where transactions already run
 * one at a time, there is nothing to serialise.
 */
export async function lockPair(db: OrbitDatabase, tx: Transaction, first: string, second: string): Promise<void> {
  if (transactionsAreSerial(db)) return;
  const pair = orderedPair(first, second);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`likes:${pair.userAId}:${pair.userBId}`}, 0))`);
}

/** The answer, and whether the decision ended a match (a like taken back), which the route tells both members. */
export type DecisionOutcome = LikeResponse & { endedMatch?: boolean };

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
): Promise<DecisionOutcome> {
  if (decision.targetId === caller.id) throw new HttpError(400, CANNOT_LIKE_SELF_MESSAGE);
  const pair = orderedPair(caller.id, decision.targetId);

  return db.transaction(async (tx) => {
    await lockPair(db, tx, caller.id, decision.targetId);

    // One statement instead of three (check the target, store the decision,
    // read theirs): each statement is a round trip, and on the embedded
    // database every round trip holds its only connection.
    const [recorded] = await tx
      .insert(likes)
      .select(
        tx
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            fromUserId: sql<string>`${caller.id}::uuid`.as('from_user_id'),
            toUserId: users.id,
            type: sql<LikeType>`${decision.type}::like_type`.as('type'),
            createdAt: sql<Date>`now()`.as('created_at'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(users)
          .where(and(eq(users.id, decision.targetId), eq(users.role, 'user'), eq(users.isBanned, false), notBlockedEitherWay(caller.id, users.id))),
      )
      .onConflictDoUpdate({ target: [likes.fromUserId, likes.toUserId], set: { type: decision.type, updatedAt: new Date() } })
      // Drizzle writes RETURNING's columns without their table, so the subqueries name theirs.
      .returning({
        targetIsDemo: sql<boolean>`(select target.is_demo from ${users} target where target.id = ${likes}.to_user_id)`,
        theirDecision: sql<LikeType | null>`(select their_like.type from ${likes} their_like
          where their_like.from_user_id = ${likes}.to_user_id and their_like.to_user_id = ${likes}.from_user_id)`,
      })
      // The same text every time (the values are parameters), so under a name each connection parses and plans it once.
      .prepare('orbit_record_decision')
      .execute();
    if (!recorded) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);

    if (!isPositive(decision.type)) {
      // A match means both like each other; taking the like back ends it.
      const ended = await tx
        .delete(matches)
        .where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)))
        .returning({ id: matches.id });
      if (ended.length > 0) await endConversation(tx, caller.id, decision.targetId, new Date());
      return { success: true as const, match: false, matchId: null, endedMatch: ended.length > 0 };
    }

    let theirDecision = recorded.theirDecision ?? undefined;
    if (!theirDecision && recorded.targetIsDemo && demoLikesBack(likeBack)) {
      await tx.insert(likes).values({ fromUserId: decision.targetId, toUserId: caller.id, type: 'like' }).onConflictDoNothing();
      theirDecision = 'like';
    }
    if (!isPositive(theirDecision)) return { success: true as const, match: false, matchId: null };

    const matchId = await ensureMatch(tx, caller.id, decision.targetId);
    return { success: true as const, match: true, matchId };
  });
}
