import { majorAmountText } from '../../contract/store/money';
import type { WithdrawalRow } from '../db/schema';
import { HttpError } from '../plugins/errors';

/** What the admin gives when approving with the manual provider: the payout they made outside Orbit. */
export interface ManualPayoutEvidence {
  txnId: string;
  feeMinor: number;
}

/** A payout as recorded on its withdrawal: the provider's reference, and the fee out of the amount. */
export interface PayoutRecord {
  reference: string;
  feeMinor: number;
}

/**
 * How an approved withdrawal's money reaches its creator (issue 49). Only
 * `manual` exists: the admin pays outside Orbit and approves with the
 * payout's reference, checked here inside the approval's transaction. A
 * provider that pays itself (Stripe Connect, docs/PAYMENTS.md) must not call
 * out while the approval holds its locks: it would record the withdrawal as
 * being paid, make the transfer after the commit, and settle it from the
 * provider's signed webhook.
 */
export interface PayoutProvider {
  readonly kind: 'manual';
  record(withdrawal: Pick<WithdrawalRow, 'amountMinor' | 'currency'>, evidence: ManualPayoutEvidence): PayoutRecord;
}

export const manualPayouts: PayoutProvider = {
  kind: 'manual',
  record(withdrawal, evidence) {
    if (evidence.feeMinor > withdrawal.amountMinor) {
      throw new HttpError(400, `The fee cannot be more than the amount (${majorAmountText(withdrawal.amountMinor, withdrawal.currency)} ${withdrawal.currency})`);
    }
    return { reference: evidence.txnId, feeMinor: evidence.feeMinor };
  },
};
