import type { Withdrawal, WithdrawalStatus } from '../../contract/admin/console';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { recordAdminAction } from './queries/audit';
import { markWithdrawalDecided, withdrawalOwner, withdrawalPageRows, withdrawalStatus, type WithdrawalDecision } from './queries/withdrawals';
import { pageWindow, totalPagesFor } from './paging';
import { toWithdrawal } from './views';

export const WITHDRAWAL_NOT_FOUND = 'Withdrawal not found';

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
  const { rows, total } = await withdrawalPageRows(db, query.status, pageWindow(query.page, query.limit));
  return {
    withdrawals: rows.map((row) => toWithdrawal(row.withdrawal, row.owner)),
    currentPage: query.page,
    totalPages: totalPagesFor(total, query.limit),
    total,
  };
}

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
    const decided = await markWithdrawalDecided(tx, adminId, id, decision, now);
    if (!decided) {
      const status = await withdrawalStatus(tx, id);
      if (!status) throw new HttpError(404, WITHDRAWAL_NOT_FOUND);
      throw new HttpError(409, `This withdrawal was already ${status}; only a pending withdrawal can be decided`);
    }

    await recordAdminAction(tx, {
      adminId,
      action: decision.kind === 'approve' ? 'approve-withdrawal' : 'reject-withdrawal',
      targetType: 'withdrawal',
      targetId: id,
      details: decision.kind === 'approve' ? `Transaction ${decision.txnId}` : decision.reason,
    });

    // No member only if the account was deleted, which a pending withdrawal blocks; answer without one rather than fail.
    const person = decided.userId ? await withdrawalOwner(tx, decided.userId) : undefined;
    const verb = decision.kind === 'approve' ? 'approved' : 'rejected';
    return { message: `Withdrawal ${verb}`, withdrawal: toWithdrawal(decided, person ?? null) };
  });
}
