import { and, desc, eq, sql } from 'drizzle-orm';
import type { WithdrawalStatus } from '../../../contract/admin/console';
import { creatorEarnings, creatorIdentities, giftSends, userReports, users, withdrawals, type WithdrawalRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';
import { settledAt } from '../../creators/queries/earnings';

export type WithdrawalDecision = { kind: 'approve'; txnId: string; feeMinor: number } | { kind: 'reject'; reason: string } | { kind: 'returned'; reason: string };

/** The status a decision moves a withdrawal from, and to. */
const MOVES = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  returned: { from: 'approved', to: 'returned' },
} as const;

const owner = { id: users.id, username: users.username, email: users.email, avatar: users.avatar, isBanned: users.isBanned, createdAt: users.createdAt };

/** Earnings entries of the withdrawal's member in its currency, test or not as it is. */
const sameEarnings = sql`${creatorEarnings.creatorId} = ${withdrawals.userId} and ${creatorEarnings.currency} = ${withdrawals.currency} and ${creatorEarnings.test} = ${withdrawals.test}`;

/**
 * What an operator weighs beside a request (issue 49): gifts the member
 * received from the address they went live from (possibly themselves,
 * through a second account), open reports against them, what they earned
 * from gifts in all, and what they owe (earnings clawed back after a payout,
 * beyond what was left: the member's own page says the same, from the same
 * sum), each read as of `now`.
 */
function withdrawalFacts(now: Date) {
  return {
    giftsFromOwnAddress: sql<number>`(select count(*)::int from ${giftSends} where ${giftSends.recipientId} = ${withdrawals.userId} and ${giftSends.fromHostAddress})`.mapWith(Number),
    openReports: sql<number>`(select count(*)::int from ${userReports} where ${userReports.reportedId} = ${withdrawals.userId} and ${userReports.status} = 'open')`.mapWith(Number),
    earnedMinor: sql<number>`(select coalesce(sum(${creatorEarnings.amountMinor}), 0) from ${creatorEarnings} where ${sameEarnings} and ${creatorEarnings.kind} = 'gift')`.mapWith(Number),
    owedMinor: sql<number>`(select greatest(-coalesce(sum(${creatorEarnings.amountMinor}) filter (where ${settledAt(now)}), 0), 0) from ${creatorEarnings} where ${sameEarnings})`.mapWith(Number),
  };
}

export type WithdrawalFacts = { [Name in keyof ReturnType<typeof withdrawalFacts>]: number };

/** One page of requests, newest first, optionally of one status, with whose each is and what an operator weighs beside it. */
export async function withdrawalPageRows(db: OrbitDatabase, status: WithdrawalStatus | undefined, window: { limit: number; offset: number }, now: Date) {
  const where = status ? eq(withdrawals.status, status) : undefined;
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(withdrawals).where(where);
  const rows = await db
    .select({ withdrawal: withdrawals, owner, identity: creatorIdentities, facts: withdrawalFacts(now) })
    .from(withdrawals)
    // Left: a settled withdrawal outlives a member who deleted their account (user_id is then null).
    .leftJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(creatorIdentities, eq(creatorIdentities.userId, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The facts beside one request (after a decision), as the page shows them. */
export async function withdrawalFactsOf(db: OrbitDatabase, id: string, now: Date): Promise<WithdrawalFacts | undefined> {
  const [row] = await db.select(withdrawalFacts(now)).from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

/**
 * Moves a withdrawal on (pending to approved or rejected, approved to
 * returned); undefined when it is not in the status the decision starts
 * from (of two operators deciding at once exactly one changes it:
 * PostgreSQL re-checks the condition after waiting for the row lock).
 */
export async function markWithdrawalDecided(db: OrbitDatabase, adminId: string, id: string, decision: WithdrawalDecision, now: Date): Promise<WithdrawalRow | undefined> {
  const move = MOVES[decision.kind];
  const paid = decision.kind === 'approve' ? { txnId: decision.txnId, feeMinor: decision.feeMinor, sentMinor: sql`${withdrawals.amountMinor} - ${decision.feeMinor}` } : {};
  const [decided] = await db
    .update(withdrawals)
    .set({ status: move.to, ...paid, reason: decision.kind === 'approve' ? null : decision.reason, decidedBy: adminId, decidedAt: now, updatedAt: now })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, move.from)))
    .returning();
  return decided;
}

export async function withdrawalById(db: OrbitDatabase, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

export async function withdrawalStatus(db: OrbitDatabase, id: string): Promise<WithdrawalStatus | undefined> {
  const [existing] = await db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return existing?.status;
}

export async function withdrawalOwner(db: OrbitDatabase, userId: string) {
  const [person] = await db.select(owner).from(users).where(eq(users.id, userId)).limit(1);
  return person;
}
