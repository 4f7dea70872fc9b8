import type { Purchase, PurchaseStatus } from '../../contract/store/purchases';
import type { VipSubscription } from '../../contract/store/subscriptions';
import type { PurchaseRow, VipSubscriptionRow } from '../db/schema';
import { coinRefundDeadline, coinRefundRefusal } from './refund-terms';

/** Short enough to read out on the phone, unique enough to find the purchase: the id's first 12 hex digits. */
export function receiptNumber(id: string): string {
  const hex = id.replace(/-/g, '').toUpperCase();
  return `OR-${hex.slice(0, 6)}-${hex.slice(6, 12)}`;
}

/** A pending checkout past its time can no longer be paid, whether or not the provider has said so yet. */
function statusAt(row: PurchaseRow, now: Date): PurchaseStatus {
  if (row.status === 'pending' && row.checkoutExpiresAt && row.checkoutExpiresAt <= now) return 'expired';
  return row.status;
}

/** Until when the buyer may refund it, while they may. */
function refundableUntil(row: PurchaseRow, unspentCoins: number | null, now: Date): string | null {
  return row.paidAt && coinRefundRefusal(row, unspentCoins, now) === null ? coinRefundDeadline(row.paidAt).toISOString() : null;
}

/** A purchase as its buyer sees it; `unspentCoins` (a coin pack's, from its lot) tells whether it may still be refunded. */
export function toPurchase(row: PurchaseRow, now: Date, unspentCoins: number | null = null): Purchase {
  return {
    _id: row.id,
    receiptNumber: receiptNumber(row.id),
    kind: row.kind === 'coins' ? 'coinPack' : 'vipPlan',
    itemName: row.itemName,
    coins: row.coins,
    billingMonths: row.billingMonths,
    amount: { amountMinor: row.amountMinor, currency: row.currency },
    status: statusAt(row, now),
    provider: row.provider,
    testPayment: row.provider === 'local',
    withdrawalWaived: row.withdrawalWaived,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refunded: row.refundedMinor > 0 ? { amountMinor: row.refundedMinor, currency: row.currency } : null,
    refundStatus: row.refundStatus,
    refundableUntil: refundableUntil(row, unspentCoins, now),
  };
}

export function toVipSubscription(row: VipSubscriptionRow, withdrawal: VipSubscription['withdrawal'] = null): VipSubscription {
  return {
    _id: row.id,
    planId: row.planId,
    planName: row.planName,
    price: { amountMinor: row.amountMinor, currency: row.currency },
    billingMonths: row.billingMonths,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    vipUntil: row.paidUntil.toISOString(),
    testPayment: row.provider === 'local',
    withdrawal,
  };
}
