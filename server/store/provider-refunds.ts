import { changeCoinsOwed, postCoinChange } from '../coins/ledger';
import type { CoinEntryRow } from '../coins/queries/ledger';
import { lotOfPurchase } from '../coins/queries/lots';
import { announceBalance } from '../coins/views';
import { clawBackEarnings } from '../creators/service';
import type { OrbitDatabase } from '../db/types';
import type { RefundState } from './payments-provider';
import { lockPurchaseByPayment, recordPaymentEvent, updatePurchase } from './queries/purchases';
import type { StoreApp } from './store-app';
import { receiptNumber, toPurchase } from './views';

// A refund made at the provider's dashboard (issue 48): the team gave money
// back that Orbit never asked for, so the coins it paid for leave too. As many
// coins go as the share of the price refunded (rounded up, so refunds in parts
// take no fewer than one whole refund would); the unspent ones leave the
// purchase's lot, the spent ones are owed (as after a lost dispute). Applied
// once per refund, whichever of its events (refund.created, charge.refunded,
// refund.updated) comes first.

/** The coins the first `refundedMinor` of a payment of `amountMinor` stand for. */
const coinsRefunded = (coins: number, refundedMinor: number, amountMinor: number) => Math.ceil((coins * refundedMinor) / amountMinor);

export async function applyRefundMadeAtProvider(app: StoreApp, tx: OrbitDatabase, refund: RefundState, now: Date): Promise<(() => void) | null> {
  const purchase = refund.paymentId === null ? undefined : await lockPurchaseByPayment(tx, refund.paymentId);
  if (!purchase) {
    app.log.warn({ refundId: refund.refundId }, 'provider reported a refund of a payment Orbit has no purchase for');
    return null;
  }
  // Pending: a later event settles it; failed: nothing went back.
  if (refund.status !== 'succeeded') return null;
  if (!(await recordPaymentEvent(tx, `refund-applied:${refund.refundId}`, 'refund.applied'))) return null;
  if (purchase.refundStatus === 'pending' || purchase.refundStatus === 'succeeded') {
    // The member's own refund took the coins back already; the provider refunds a payment only as far as it goes.
    app.log.error({ purchaseId: purchase.id, refundId: refund.refundId }, 'a second refund of a purchase the member refunded: review it by hand');
    return null;
  }
  const refundedMinor = Math.min(purchase.amountMinor, purchase.refundedMinor + refund.amountMinor);
  const refunded = { refundedMinor, refundedAt: now, refundId: refund.refundId, refundStatus: refundedMinor >= purchase.amountMinor ? ('succeeded' as const) : purchase.refundStatus };
  const lot = await lotOfPurchase(tx, purchase.id);
  if (purchase.kind !== 'coins' || purchase.userId === null || !lot) {
    // A VIP payment (or a deleted member's): no coins to take; VIP is the team's to end if it should.
    app.log.error({ purchaseId: purchase.id, refundId: refund.refundId }, 'refund made at the provider of a payment with no coins to take back: review it by hand');
    await updatePurchase(tx, purchase.id, refunded);
    return null;
  }
  const coins = coinsRefunded(lot.coins, refundedMinor, purchase.amountMinor) - coinsRefunded(lot.coins, purchase.refundedMinor, purchase.amountMinor);
  const taken = Math.min(coins, lot.unspent);
  let entry: CoinEntryRow | null = null;
  if (taken > 0) {
    const reference = `${purchase.itemName} (receipt ${receiptNumber(purchase.id)}), refunded by Orbit's team`;
    entry = (await postCoinChange(tx, { userId: purchase.userId, amount: -taken, kind: 'refunded', lotId: lot.id, reference, idempotencyKey: `provider-refund:${refund.refundId}` })).entry;
  }
  if (coins > taken) entry = (await changeCoinsOwed(tx, purchase.userId, coins - taken, `provider-refund-owed:${refund.refundId}`)).settled ?? entry;
  await clawBackEarnings(tx, { lotId: lot.id, reversedMinor: refundedMinor, paidMinor: purchase.amountMinor, key: `refund:${refund.refundId}` }, now);
  const updated = await updatePurchase(tx, purchase.id, refunded);
  const userId = purchase.userId;
  return () => {
    app.realtime.toMember(userId, 'purchase:updated', { purchase: toPurchase(updated, now) });
    if (entry) announceBalance(app.realtime, userId, entry);
  };
}

