import { majorAmountText } from '../../contract/store/money';
import { DAYS_PER_MONTH, subscriptionMessages, WITHDRAWAL_DAYS, WITHDRAWAL_PASSED_MESSAGE, withdrawalRefundMinor, type VipSubscription } from '../../contract/store/subscriptions';
import type { PurchaseRow, UserRow, VipSubscriptionRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { atProvider, PROVIDER_UNREACHABLE } from './at-provider';
import type { StoreApp } from './store-app';
import { sendSubscriptionNotice } from './subscription-mail';
import { announceSubscription, applySubscriptionState } from './subscriptions';
import { lockPurchase } from './queries/purchases';
import { firstPaymentOf, liveSubscriptionOf, recordRefund } from './queries/subscriptions';
import { toPurchase, toVipSubscription } from './views';

// The EU's right of withdrawal from a VIP subscription (issue 48): within 14
// days of the first payment the member may withdraw; the subscription ends at
// once and the first payment comes back less the days used.

const DAY_MS = 86_400_000;

export const NO_SUBSCRIPTION_TO_WITHDRAW = 'You have no VIP subscription to withdraw from';
export const REFUND_FAILED_MESSAGE = 'Your VIP has ended, but the payment provider refused the refund; our team has been told and will refund you.';

/** What a withdrawal would give back at `now`, or null when the 14 days have passed (or it was refunded). */
function withdrawalTerms(subscription: VipSubscriptionRow, payment: PurchaseRow | undefined, now: Date) {
  if (!payment?.paidAt || payment.refundedMinor > 0 || subscription.status === 'ended') return null;
  const until = new Date(payment.paidAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
  if (until <= now) return null;
  // A day begun counts as used; the first period's length in days as the plan's months make it.
  const daysUsed = Math.max(1, Math.ceil((now.getTime() - payment.paidAt.getTime()) / DAY_MS));
  const periodDays = Math.round(subscription.billingMonths * DAYS_PER_MONTH);
  return { payment, until, refundMinor: withdrawalRefundMinor(payment.amountMinor, daysUsed, periodDays) };
}

/** The subscription as the member sees it, with what withdrawing would give back while they may. */
export async function withWithdrawal(db: OrbitDatabase, row: VipSubscriptionRow, now: Date): Promise<VipSubscription> {
  const terms = withdrawalTerms(row, await firstPaymentOf(db, row.id), now);
  return toVipSubscription(row, terms ? { until: terms.until.toISOString(), refund: { amountMinor: terms.refundMinor, currency: terms.payment.currency } } : null);
}

/**
 * Withdraw: the provider ends the subscription now and refunds the first
 * payment less the days used (keyed on the purchase, so a retry is one
 * refund); VIP ends now. Confirmed on screen and by email.
 */
export async function withdrawFromSubscription(app: StoreApp, member: UserRow, now = new Date()) {
  const row = await liveSubscriptionOf(app.db, member.id);
  if (!row) throw new HttpError(404, NO_SUBSCRIPTION_TO_WITHDRAW);
  const terms = withdrawalTerms(row, await firstPaymentOf(app.db, row.id), now);
  if (!terms) throw new HttpError(409, WITHDRAWAL_PASSED_MESSAGE);
  const { payment, refundMinor } = terms;
  const ended = await atProvider(app.payments.cancelSubscriptionNow(row.providerSubscriptionId, `withdraw:${row.id}`), PROVIDER_UNREACHABLE);
  const refund =
    refundMinor > 0 && payment.paymentId
      ? await atProvider(
          app.payments.refund({ purchaseId: payment.id, paymentId: payment.paymentId, amountMinor: refundMinor, currency: payment.currency, idempotencyKey: `refund:${payment.id}` }),
          PROVIDER_UNREACHABLE,
        )
      : null;
  const { subscription, refunded } = await app.db.transaction(async (tx) => {
    const stored = await applySubscriptionState(tx, ended);
    if (!stored) throw new Error(`subscription ${row.id} vanished`);
    const locked = await lockPurchase(tx, payment.id);
    // Pending counts as given back: the provider confirms it later and Orbit does not ask for it twice.
    const given = refund && refund.status !== 'failed' && locked && locked.refundedMinor === 0;
    const refundedPurchase = given ? await recordRefund(tx, payment.id, { refundedMinor: refundMinor, refundedAt: now, refundId: refund.refundId }) : null;
    return { subscription: stored, refunded: refundedPurchase };
  });
  announceSubscription(app, { subscription, renewal: null }, now);
  if (refunded) app.realtime.toMember(member.id, 'purchase:updated', { purchase: toPurchase(refunded, now) });
  if (refund?.status === 'failed') {
    app.log.error({ purchaseId: payment.id, refundId: refund.refundId }, 'withdrawal refund failed at the provider: refund it by hand');
    throw new HttpError(502, REFUND_FAILED_MESSAGE);
  }
  const message = subscriptionMessages.withdrawn(`${majorAmountText(refundMinor, payment.currency)} ${payment.currency}`);
  app.mailer.inBackground(() => sendSubscriptionNotice(app, member.email, 'You withdrew from Orbit VIP', message));
  return { subscription: toVipSubscription(subscription), message };
}
