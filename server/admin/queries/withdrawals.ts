import { and, desc, eq, sql } from 'drizzle-orm';
import type { WithdrawalStatus } from '../../../contract/admin/console';
import { users, withdrawals, type WithdrawalRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

export type WithdrawalDecision = { kind: 'approve'; txnId: string } | { kind: 'reject'; reason: string };

const owner = { id: users.id, username: users.username, email: users.email, avatar: users.avatar };

/** One page of requests, newest first, optionally of one status, with whose each is. */
export async function withdrawalPageRows(db: OrbitDatabase, status: WithdrawalStatus | undefined, window: { limit: number; offset: number }) {
  const where = status ? eq(withdrawals.status, status) : undefined;
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(withdrawals).where(where);
  const rows = await db
    .select({ withdrawal: withdrawals, owner })
    .from(withdrawals)
    // Left: a settled withdrawal outlives a member who deleted their account (user_id is then null).
    .leftJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * Decides a withdrawal that is still pending; undefined when it is not (of
 * two operators deciding at once exactly one changes it: PostgreSQL re-checks
 * the condition after waiting for the row lock).
 */
export async function markWithdrawalDecided(db: OrbitDatabase, adminId: string, id: string, decision: WithdrawalDecision, now: Date): Promise<WithdrawalRow | undefined> {
  const [decided] = await db
    .update(withdrawals)
    .set({
      status: decision.kind === 'approve' ? 'approved' : 'rejected',
      txnId: decision.kind === 'approve' ? decision.txnId : null,
      reason: decision.kind === 'reject' ? decision.reason : null,
      decidedBy: adminId,
      decidedAt: now,
      updatedAt: now,
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return decided;
}

export async function withdrawalStatus(db: OrbitDatabase, id: string): Promise<WithdrawalStatus | undefined> {
  const [existing] = await db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return existing?.status;
}

export async function withdrawalOwner(db: OrbitDatabase, userId: string) {
  const [person] = await db.select(owner).from(users).where(eq(users.id, userId)).limit(1);
  return person;
}
