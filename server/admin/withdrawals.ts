import { and, desc, eq, sql } from 'drizzle-orm';
import type { Withdrawal, WithdrawalStatus } from '../../contract/admin';
import { users, withdrawals } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { recordAdminAction } from './audit';
import { pageWindow, totalPagesFor } from './paging';
import { toWithdrawal } from './views';

export const WITHDRAWAL_NOT_FOUND = 'Withdrawal not found';

const owner = { id: users.id, username: users.username, email: users.email, avatar: users.avatar };

export interface WithdrawalPage {
  withdrawals: Withdrawal[];
  currentPage: number;
  totalPages: number;
  total: number;
}

/** Newest requests first, optionally only one status. */
export async function listWithdrawals(
  db: OrbitDatabase,
  query: { page: number; limit: number; status?: WithdrawalStatus | undefined },
): Promise<WithdrawalPage> {
  const where = query.status ? eq(withdrawals.status, query.status) : undefined;
  const window = pageWindow(query.page, query.limit);
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
  const total = Number(counted?.total ?? 0);
  return {
    withdrawals: rows.map((row) => toWithdrawal(row.withdrawal, row.owner)),
    currentPage: query.page,
    totalPages: totalPagesFor(total, query.limit),
    total,
  };
}

export type WithdrawalDecision = { kind: 'approve'; txnId: string } | { kind: 'reject'; reason: string };

/**
 * Approves or rejects a pending withdrawal. The update only matches a row
 * that is still pending, so of two operators deciding at once exactly one
 * changes it (PostgreSQL re-checks the condition after waiting for the row
 * lock); the other gets a 409 telling what already happened.
 */
export async function decideWithdrawal(
  db: OrbitDatabase,
  adminId: string,
  id: string,
  decision: WithdrawalDecision,
  now: Date,
): Promise<{ message: string; withdrawal: Withdrawal }> {
  return db.transaction(async (tx) => {
    const [decided] = await tx
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

    if (!decided) {
      const [existing] = await tx.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
      if (!existing) throw new HttpError(404, WITHDRAWAL_NOT_FOUND);
      throw new HttpError(409, `This withdrawal was already ${existing.status}; only a pending withdrawal can be decided`);
    }

    await recordAdminAction(tx, {
      adminId,
      action: decision.kind === 'approve' ? 'approve-withdrawal' : 'reject-withdrawal',
      targetType: 'withdrawal',
      targetId: id,
      details: decision.kind === 'approve' ? `Transaction ${decision.txnId}` : decision.reason,
    });

    // No member only if the account was deleted, which a pending withdrawal blocks; answer without one rather than fail.
    const [person] = decided.userId ? await tx.select(owner).from(users).where(eq(users.id, decided.userId)).limit(1) : [];
    const verb = decision.kind === 'approve' ? 'approved' : 'rejected';
    return { message: `Withdrawal ${verb}`, withdrawal: toWithdrawal(decided, person ?? null) };
  });
}
