import { COIN_REFUND_DAYS, COIN_REFUND_MESSAGES } from '../../contract/store/purchases';
import type { PurchaseRow } from '../db/schema';

// When a member may refund a coin pack (issue 48): one rule for the purchase
// history's offer and for the refund itself.

const DAY_MS = 86_400_000;

/** The last moment the pack paid at `paidAt` may be refunded. */
export function coinRefundDeadline(paidAt: Date): Date {
  return new Date(paidAt.getTime() + COIN_REFUND_DAYS * DAY_MS);
}

/**
 * Why this purchase cannot be refunded at `now`, or null when it can: a paid
 * coin pack, not refunded or disputed, within COIN_REFUND_DAYS, every coin of
 * it unspent (`unspentCoins`, from its lot; null when it has none). Test
 * payments too: the local provider refunds as Stripe would, with no money moving.
 */
export function coinRefundRefusal(purchase: PurchaseRow, unspentCoins: number | null, now: Date): string | null {
  if (purchase.kind !== 'coins') return COIN_REFUND_MESSAGES.notCoins;
  if (purchase.status !== 'paid' || !purchase.paidAt) return COIN_REFUND_MESSAGES.notPaid;
  if (purchase.refundStatus !== null || purchase.refundedMinor > 0) return COIN_REFUND_MESSAGES.alreadyAsked;
  // A disputed payment is for the bank to settle, not a second refund.
  if (purchase.disputeStatus !== null) return COIN_REFUND_MESSAGES.notRefundable;
  if (unspentCoins === null || purchase.paymentId === null || purchase.provider === 'seed') return COIN_REFUND_MESSAGES.notRefundable;
  if (now >= coinRefundDeadline(purchase.paidAt)) return COIN_REFUND_MESSAGES.tooLate;
  if (unspentCoins !== purchase.coins) return COIN_REFUND_MESSAGES.spent;
  return null;
}
