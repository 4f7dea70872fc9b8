import { and, eq, sql } from 'drizzle-orm';
import type { LikeType } from '../../../contract/discovery';
import { likes, matches, users } from '../../db/schema';
import { orderedPair } from '../../lib/member-pair';
import type { Transaction } from '../../lib/transaction';
import { notBlockedEitherWay } from '../../safety/queries';

/** The match of the two members, made if it did not exist yet; returns its id. */
export async function ensureMatch(tx: Transaction, callerId: string, targetId: string): Promise<string> {
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
 * Stores the caller's decision on a member they may see (not themselves,
 * banned or blocked either way), replacing an earlier one; returns whether
 * the target is a demo person and the target's own decision on the caller,
 * or undefined when the target is not there to decide on.
 */
export async function storeDecision(tx: Transaction, callerId: string, decision: { targetId: string; type: LikeType }) {
  const [recorded] = await tx
    .insert(likes)
    .select(
      tx
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          fromUserId: sql<string>`${callerId}::uuid`.as('from_user_id'),
          toUserId: users.id,
          type: sql<LikeType>`${decision.type}::like_type`.as('type'),
          createdAt: sql<Date>`now()`.as('created_at'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(users)
        .where(and(eq(users.id, decision.targetId), eq(users.role, 'user'), eq(users.isBanned, false), notBlockedEitherWay(callerId, users.id))),
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
  return recorded;
}

/** Ends the pair's match; whether there was one. */
export async function deleteMatch(tx: Transaction, pair: ReturnType<typeof orderedPair>): Promise<boolean> {
  const ended = await tx
    .delete(matches)
    .where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)))
    .returning({ id: matches.id });
  return ended.length > 0;
}

/** A demo person likes back. */
export async function insertLikeBack(tx: Transaction, fromUserId: string, toUserId: string): Promise<void> {
  await tx.insert(likes).values({ fromUserId, toUserId, type: 'like' }).onConflictDoNothing();
}
