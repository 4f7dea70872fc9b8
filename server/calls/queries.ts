import { and, asc, eq, gte, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CallEndReason } from '../../contract/calls';
import { calls, matches, users, type CallRow } from '../db/schema';
import { orderedPair } from '../lib/member-pair';
import { notBlockedEitherWay } from '../safety/queries';
import type { Executor, Transaction } from '../lib/transaction';

export type { Executor, Transaction };

const isOpen = ne(calls.state, 'ended');
const involves = (memberId: string) => or(eq(calls.callerId, memberId), eq(calls.calleeId, memberId));
const between = (firstId: string, secondId: string) =>
  or(and(eq(calls.callerId, firstId), eq(calls.calleeId, secondId)), and(eq(calls.callerId, secondId), eq(calls.calleeId, firstId)));

export async function findCall(db: Executor, callId: string): Promise<CallRow | undefined> {
  const [row] = await db.select().from(calls).where(eq(calls.id, callId)).limit(1);
  return row;
}

/**
 * Someone the caller may see as a call's other end: a member (not an admin,
 * not banned) neither of the two blocked, with whether the two are matched now.
 */
export async function findCallPeer(db: Executor, callerId: string, peerId: string) {
  const pair = orderedPair(callerId, peerId);
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      avatar: users.avatar,
      gender: users.gender,
      isDemo: users.isDemo,
      matchId: matches.id,
    })
    .from(users)
    .leftJoin(matches, and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)))
    .where(and(eq(users.id, peerId), eq(users.role, 'user'), eq(users.isBanned, false), notBlockedEitherWay(callerId, users.id)))
    .limit(1);
  return row;
}

/**
 * Whether the two are matched and neither is banned: only then may they call,
 * and only then does an ended call leave an entry in their chat. The match
 * row stays held (FOR SHARE) until the transaction ends, so a block or an
 * unmatch racing an invite waits for it (and then ends the call), or the
 * invite sees no match.
 */
export async function pairIsLive(tx: Transaction, firstId: string, secondId: string): Promise<boolean> {
  const pair = orderedPair(firstId, secondId);
  const bannedSide = sql`select 1 from ${users} where ${users.id} in (${pair.userAId}, ${pair.userBId}) and ${users.isBanned}`;
  const [row] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId), sql`not exists (${bannedSide})`))
    .limit(1)
    .for('share');
  return row !== undefined;
}

/** Calls the caller started since `since`, ended ones included: the rate limit counts attempts. */
export async function countCallsSince(db: Executor, callerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(calls)
    .where(and(eq(calls.callerId, callerId), gte(calls.createdAt, since)));
  return row?.count ?? 0;
}

/** The pair's call that has not ended, if any. */
export async function findOpenCallBetween(db: Executor, firstId: string, secondId: string): Promise<CallRow | undefined> {
  const [row] = await db.select().from(calls).where(and(isOpen, between(firstId, secondId))).limit(1);
  return row;
}

/** Whether the member is in a call that has not ended, on either side (busy). */
export async function hasOpenCall(db: Executor, memberId: string): Promise<boolean> {
  const [row] = await db.select({ id: calls.id }).from(calls).where(and(isOpen, involves(memberId))).limit(1);
  return row !== undefined;
}

/**
 * Stores a new call; nothing when its id is taken or the pair already has an
 * open call (the partial unique index): the caller reads which.
 */
export async function insertCall(
  tx: Transaction,
  values: Pick<CallRow, 'id' | 'callerId' | 'calleeId' | 'state' | 'createdAt' | 'endedAt' | 'endReason'>,
): Promise<CallRow | undefined> {
  const [row] = await tx.insert(calls).values(values).onConflictDoNothing().returning();
  return row;
}

/** The callee's first ringing tab: only a call still ringing and not yet marked. */
export async function markRinging(db: Executor, callId: string, calleeId: string, now: Date): Promise<CallRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ ringingAt: now })
    .where(and(eq(calls.id, callId), eq(calls.calleeId, calleeId), eq(calls.state, 'ringing'), sql`${calls.ringingAt} is null`))
    .returning();
  return row;
}

/** The first tab to answer takes the call: ringing becomes active once, and only within the ring time. */
export async function markAnswered(db: Executor, callId: string, calleeId: string, now: Date, ringingSince: Date): Promise<CallRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ state: 'active', answeredAt: now })
    .where(and(eq(calls.id, callId), eq(calls.calleeId, calleeId), eq(calls.state, 'ringing'), gte(calls.createdAt, ringingSince)))
    .returning();
  return row;
}

/** Which open calls an ending applies to, and the reason each gets (a SQL expression may pick it per row). */
export interface Ending {
  where: SQL | undefined;
  reason: CallEndReason | SQL<CallEndReason>;
}

/**
 * Ends the open calls that match, once: the state test in the same statement
 * makes two endings racing end a call one time, and only the winner gets the
 * row back (to tell both members and write the chat entry).
 */
export async function endCalls(tx: Transaction, ending: Ending, now: Date): Promise<CallRow[]> {
  return tx
    .update(calls)
    .set({ state: 'ended', endedAt: now, endReason: ending.reason })
    .where(and(isOpen, ending.where))
    .returning();
}

export const callIs = (callId: string) => eq(calls.id, callId);
export const callOf = (memberId: string) => involves(memberId);
export const callBetween = (firstId: string, secondId: string) => between(firstId, secondId);
export const callIsRinging = eq(calls.state, 'ringing');
export const callIsActive = eq(calls.state, 'active');
export const callerIs = (memberId: string) => eq(calls.callerId, memberId);
export const calleeIs = (memberId: string) => eq(calls.calleeId, memberId);
export const ringingBefore = (deadline: Date) => and(eq(calls.state, 'ringing'), lte(calls.createdAt, deadline));
/** Before an answer the caller's hang-up is a cancel and the callee's a decline; after it, the reason given. */
/** The call while it still rings. */
export const ringingCall = (callId: string) => and(callIs(callId), callIsRinging);
/** The call while it still rings for this callee. */
export const ringingCallTo = (callId: string, calleeId: string) => and(callIs(callId), calleeIs(calleeId), callIsRinging);
/** The call if the member is one of its sides. */
export const callWithMember = (callId: string, memberId: string) => and(callIs(callId), callOf(memberId));
/** The call a side lost: any time once answered, and while ringing only the caller's side (the callee never joined). */
export const callLostBy = (callId: string, memberId: string) => and(callIs(callId), callOf(memberId), or(callIsActive, callerIs(memberId)));
export const hangUpReason = (memberId: string, reason: 'hung-up' | 'lost') =>
  sql<CallEndReason>`case when ${calls.state} = 'active' then ${reason} when ${calls.callerId} = ${memberId} then 'cancelled' else 'declined' end`;
/** A leg gone for good: an active call is lost; a caller gone before an answer cancelled it. */
export const legLostReason = sql<CallEndReason>`case when ${calls.state} = 'active' then 'lost' else 'cancelled' end`;

/** The member's calls that have not ended (read before an account deletion takes them with it). */
export async function openCallsOf(db: Executor, memberId: string): Promise<CallRow[]> {
  return db.select().from(calls).where(and(isOpen, involves(memberId)));
}

/** Every active call, oldest first: the sweep checks each still has both sides in its room. */
export async function activeCalls(db: Executor): Promise<CallRow[]> {
  return db.select().from(calls).where(eq(calls.state, 'active')).orderBy(asc(calls.createdAt));
}
