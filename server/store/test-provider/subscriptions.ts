import { randomBytes } from 'node:crypto';
import type { TestSubscriptionRow } from '../../db/schema';
import type { SubscriptionState } from '../payments-provider';
import type { TestSubscriptionChange } from '../queries/test-checkout-sessions';

// How the local provider's subscriptions move, as Stripe's do: a renewal at
// the end of a period moves the period on, paid or not (unpaid: past_due,
// retried later); one cancelled at the period's end ends there instead.

/** What a test makes of a renewal. */
export type RenewalOutcome = 'paid' | 'failed';

/** `months` calendar months on, in UTC, kept within the month (31 January + 1 month = 28 or 29 February), as Stripe bills. */
export function addMonths(from: Date, months: number): Date {
  const to = new Date(from.getTime());
  const day = to.getUTCDate();
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(day, lastDay));
  return to;
}

/** The invoice a renewal event carries, in Stripe's words. */
function invoiceOf(row: TestSubscriptionRow, billingReason: string) {
  return {
    id: `tin_${randomBytes(12).toString('base64url')}`,
    subscription: row.id,
    amount_paid: row.amountMinor,
    currency: row.currency.toLowerCase(),
    billing_reason: billingReason,
  };
}

/** What a renewal does to the subscription, and the event that tells Orbit; null when it cannot renew (it has ended). */
export function renewalChange(row: TestSubscriptionRow, outcome: RenewalOutcome) {
  if (row.status === 'canceled') return null;
  if (row.cancelAtPeriodEnd) {
    return { values: { status: 'canceled', endedAt: row.currentPeriodEnd } satisfies TestSubscriptionChange, eventType: 'customer.subscription.deleted' };
  }
  // A past-due subscription is retried for the period it already moved to.
  const nextPeriod: TestSubscriptionChange =
    row.status === 'past_due' ? {} : { currentPeriodStart: row.currentPeriodEnd, currentPeriodEnd: addMonths(row.currentPeriodEnd, row.billingMonths) };
  if (outcome === 'paid') {
    return { values: { ...nextPeriod, status: 'active' } satisfies TestSubscriptionChange, eventType: 'invoice.paid', invoice: invoiceOf(row, 'subscription_cycle') };
  }
  return {
    values: { ...nextPeriod, status: 'past_due' } satisfies TestSubscriptionChange,
    eventType: 'invoice.payment_failed',
    invoice: { ...invoiceOf(row, 'subscription_cycle'), amount_paid: 0 },
  };
}

export function subscriptionStateOf(row: TestSubscriptionRow): SubscriptionState {
  return {
    subscriptionId: row.id,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    endedAt: row.endedAt,
    amountMinor: row.amountMinor,
    currency: row.currency,
    billingMonths: row.billingMonths,
  };
}
