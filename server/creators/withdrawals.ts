import {
  CREATOR_TERMS_VERSION,
  IDENTITY_REQUIRED_MESSAGE,
  NOT_A_CREATOR_MESSAGE,
  PAYOUT_METHOD_LABELS,
  WITHDRAWAL_MIN_MINOR,
  WITHDRAWAL_REQUEST_REUSED_MESSAGE,
  WITHDRAWALS_FROZEN_MESSAGE,
  ibanOf,
  withdrawalAboveBalanceMessage,
  withdrawalMinimumMessage,
  withdrawalOwedMessage,
  type MemberWithdrawal,
  type WithdrawalRequestBody,
} from '../../contract/creators';
import type { UserRow, WithdrawalRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { Executor } from '../lib/transaction';
import { HttpError } from '../plugins/errors';
import { identityOf } from './queries/identities';
import { heldBy, insertEarningEntry, insertWithdrawal, lockCreator, withdrawableOf, withdrawalByRequest } from './queries/withdrawals';

/** The member sees where the money goes by its last characters only. */
const ACCOUNT_ENDING_LENGTH = 4;

export const toMemberWithdrawal = (row: WithdrawalRow): MemberWithdrawal => ({
  _id: row.id,
  amount: { amountMinor: row.amountMinor, currency: row.currency },
  test: row.test,
  method: row.method,
  accountEnding: (row.account ?? '').slice(-ACCOUNT_ENDING_LENGTH),
  status: row.status,
  reference: row.status === 'approved' || row.status === 'returned' ? row.txnId : null,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** A retry of a request (same requestId) is answered with what it made, if it asked for the same. */
function sameRequest(made: WithdrawalRow, body: WithdrawalRequestBody): WithdrawalRow {
  const same = made.amountMinor === body.amountMinor && made.currency === body.currency && made.test === body.test;
  if (!same) throw new HttpError(409, WITHDRAWAL_REQUEST_REUSED_MESSAGE);
  return made;
}

/**
 * POST /creators/me/withdrawals. Under the creator's row lock: the amount is
 * checked against the minimum and what is withdrawable now, then the request
 * is stored and its amount held (a negative entry of the earnings ledger) in
 * one transaction, so two requests racing for the same earnings cannot both
 * have them.
 */
export async function requestWithdrawal(db: OrbitDatabase, member: Pick<UserRow, 'id' | 'isBanned'>, body: WithdrawalRequestBody, now: Date): Promise<{ created: boolean; withdrawal: MemberWithdrawal }> {
  if (member.isBanned) throw new HttpError(403, WITHDRAWALS_FROZEN_MESSAGE);
  return db.transaction(async (tx) => {
    const creator = await lockCreator(tx, member.id);
    if (creator?.termsVersion !== CREATOR_TERMS_VERSION) throw new HttpError(403, NOT_A_CREATOR_MESSAGE);
    if (!(await identityOf(tx, member.id))) throw new HttpError(409, IDENTITY_REQUIRED_MESSAGE);
    const earlier = await withdrawalByRequest(tx, member.id, body.requestId);
    if (earlier) return { created: false, withdrawal: toMemberWithdrawal(sameRequest(earlier, body)) };

    if (body.amountMinor < WITHDRAWAL_MIN_MINOR) throw new HttpError(400, withdrawalMinimumMessage(body.amountMinor, body.currency));
    const withdrawable = await withdrawableOf(tx, member.id, body, now);
    if (withdrawable < 0) throw new HttpError(409, withdrawalOwedMessage(-withdrawable, body.currency));
    if (body.amountMinor > withdrawable) throw new HttpError(400, withdrawalAboveBalanceMessage(body.amountMinor, Math.max(withdrawable, 0), body.currency));

    const withdrawal = await insertWithdrawal(tx, {
      userId: member.id,
      requestId: body.requestId,
      amountMinor: body.amountMinor,
      currency: body.currency,
      test: body.test,
      method: PAYOUT_METHOD_LABELS[body.method],
      account: body.method === 'iban' ? ibanOf(body.account) : body.account.trim().toLowerCase(),
      createdAt: now,
      updatedAt: now,
    });
    await insertEarningEntry(tx, {
      creatorId: member.id,
      kind: 'withdrawal',
      amountMinor: -body.amountMinor,
      currency: body.currency,
      test: body.test,
      withdrawalId: withdrawal.id,
      idempotencyKey: `hold:${withdrawal.id}`,
      availableAt: now,
      createdAt: now,
    });
    return { created: true, withdrawal: toMemberWithdrawal(withdrawal) };
  });
}

/**
 * Inside the transaction that rejected a withdrawal, or marked its payout
 * returned: what it still holds goes back to the creator's withdrawable
 * earnings, once (keyed by the withdrawal and what happened to it).
 */
export async function releaseWithdrawal(tx: Executor, withdrawal: WithdrawalRow, because: 'rejected' | 'returned', now: Date): Promise<void> {
  const held = await heldBy(tx, withdrawal.id);
  if (held <= 0 || !withdrawal.userId) return;
  await insertEarningEntry(tx, {
    creatorId: withdrawal.userId,
    kind: 'release',
    amountMinor: held,
    currency: withdrawal.currency,
    test: withdrawal.test,
    withdrawalId: withdrawal.id,
    idempotencyKey: `release:${withdrawal.id}:${because}`,
    availableAt: now,
    createdAt: now,
  });
}
