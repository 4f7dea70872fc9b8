import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { WithdrawalStatus } from '../../../contract/admin/console';
import { creatorIdentities, giftSends, users, withdrawals, type WithdrawalRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

export type WithdrawalDecision = { kind: 'approve'; txnId: string; feeMinor: number } | { kind: 'reject'; reason: string } | { kind: 'returned'; reason: string };

/** The status a decision moves a withdrawal from, and to. */
const MOVES = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  returned: { from: 'approved', to: 'returned' },
} as const;

const owner = { id: users.id, username: users.username, email: users.email, avatar: users.avatar, isBanned: users.isBanned, createdAt: users.createdAt };

/** Gifts the member received from the address they went live from: possibly themselves, through a second account. */
const giftsFromOwnAddress = sql<number>`(select count(*)::int from ${giftSends} where ${giftSends.recipientId} = ${withdrawals.userId} and ${giftSends.fromHostAddress})`.mapWith(Number);

/** One page of requests, newest first, optionally of one status, with whose each is. */
export async function withdrawalPageRows(db: OrbitDatabase, status: WithdrawalStatus | undefined, window: { limit: number; offset: number }) {
  const where = status ? eq(withdrawals.status, status) : undefined;
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(withdrawals).where(where);
  const rows = await db
    .select({ withdrawal: withdrawals, owner, giftsFromOwnAddress, identity: creatorIdentities })
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

export async function giftsFromOwnAddressTo(db: OrbitDatabase, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(giftSends).where(and(eq(giftSends.recipientId, userId), eq(giftSends.fromHostAddress, true)));
  return row?.total ?? 0;
}
