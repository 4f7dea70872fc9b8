import type { Withdrawal, WithdrawalStatus } from '../../contract/admin/console';
import { IDENTITY_UNCHECKED_MESSAGE } from '../../contract/creators';
import { identityOf } from '../creators/queries/identities';
import { manualPayouts, type PayoutProvider } from '../creators/payouts';
import { releaseWithdrawal } from '../creators/withdrawals';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { recordAdminAction } from './queries/audit';
import { markWithdrawalDecided, withdrawalById, withdrawalFactsOf, withdrawalOwner, withdrawalPageRows, type WithdrawalDecision } from './queries/withdrawals';
import { pageWindow, totalPagesFor } from './paging';
import { toWithdrawal } from './views';

export const WITHDRAWAL_NOT_FOUND = 'Withdrawal not found';
export const WITHDRAWAL_FROZEN_MESSAGE = 'This member is banned, so their withdrawals are frozen: reject it, or unban them first';

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
  now: Date,
): Promise<WithdrawalPage> {
  const { rows, total } = await withdrawalPageRows(db, query.status, pageWindow(query.page, query.limit), now);
  return {
    withdrawals: rows.map((row) => toWithdrawal(row.withdrawal, row.owner, row.facts, row.identity)),
    currentPage: query.page,
    totalPages: totalPagesFor(total, query.limit),
    total,
  };
}

const AUDIT_ACTIONS = { approve: 'approve-withdrawal', reject: 'reject-withdrawal', returned: 'return-withdrawal' } as const;
const ANSWERS = { approve: 'Withdrawal approved', reject: 'Withdrawal rejected', returned: 'Payout marked returned' } as const;

function alreadyMessage(kind: WithdrawalDecision['kind'], status: WithdrawalStatus): string {
  return kind === 'returned'
    ? `This withdrawal is ${status}; only an approved withdrawal can be marked returned`
    : `This withdrawal was already ${status}; only a pending withdrawal can be decided`;
}

/**
 * Approves or rejects a pending withdrawal, or marks an approved one's
 * payout returned. The update only matches a row still in the status the
 * decision starts from, so of two operators deciding at once exactly one
 * changes it; the other gets a 409 telling what already happened. A
 * rejection or a return releases what the withdrawal held back to the
 * member's withdrawable earnings, in the same transaction.
 */
export async function decideWithdrawal(
  db: OrbitDatabase,
  adminId: string,
  id: string,
  decision: WithdrawalDecision,
  now: Date,
  payouts: PayoutProvider = manualPayouts,
): Promise<{ message: string; withdrawal: Withdrawal }> {
  return db.transaction(async (tx) => {
    const current = await withdrawalById(tx, id);
    if (!current) throw new HttpError(404, WITHDRAWAL_NOT_FOUND);
    const owner = current.userId ? await withdrawalOwner(tx, current.userId) : undefined;
    const identity = current.userId ? await identityOf(tx, current.userId) : undefined;
    let recorded = decision;
    if (decision.kind === 'approve' && current.status === 'pending') {
      if (owner?.isBanned) throw new HttpError(409, WITHDRAWAL_FROZEN_MESSAGE);
      // Earnings are paid only to a creator whose identity was checked (the demo's history of coin withdrawals has no account).
      if (current.account !== null && !identity?.checkedAt) throw new HttpError(409, IDENTITY_UNCHECKED_MESSAGE);
      const payout = payouts.record(current, decision);
      recorded = { kind: 'approve', txnId: payout.reference, feeMinor: payout.feeMinor };
    }
    const decided = await markWithdrawalDecided(tx, adminId, id, recorded, now);
    if (!decided) {
      const status = (await withdrawalById(tx, id))?.status ?? current.status;
      throw new HttpError(409, alreadyMessage(decision.kind, status));
    }
    if (decision.kind !== 'approve') await releaseWithdrawal(tx, decided, decision.kind === 'reject' ? 'rejected' : 'returned', now);

    await recordAdminAction(tx, {
      adminId,
      action: AUDIT_ACTIONS[decision.kind],
      targetType: 'withdrawal',
      targetId: id,
      details: recorded.kind === 'approve' ? `Transaction ${recorded.txnId}` : recorded.reason,
    });
    // No member only if the account was deleted; answer without one rather than fail.
    const facts = await withdrawalFactsOf(tx, id, now);
    return { message: ANSWERS[decision.kind], withdrawal: toWithdrawal(decided, owner ?? null, facts, identity ?? null) };
  });
}
