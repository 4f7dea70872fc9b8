import type { VipPlan } from '../../../contract/store/catalogue';
import type { Money } from '../../../contract/store/money';
import { billingMonthsOf, billingPeriodLabel } from '../../../contract/store/subscriptions';
import { moneyFormatter } from '../../lib/money-format';

// Numbers and dates on the store screens, in the reader's own locale
// (`undefined` lets Intl use the browser's language).

const priceFormat = moneyFormatter(undefined);
const countFormat = new Intl.NumberFormat(undefined);
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** A catalogue price in its own currency: { amountMinor: 999, currency: 'USD' } -> '$9.99'. */
export function formatPrice(price: Money): string {
  return priceFormat(price);
}

export function formatCoins(coins: number): string {
  return `${countFormat.format(coins)} ${coins === 1 ? 'coin' : 'coins'}`;
}

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** How often a plan is billed, as its card, checkout and Home say it: "every 3 months". */
export function planBillingLabel(plan: Pick<VipPlan, 'duration'>): string {
  return billingPeriodLabel(billingMonthsOf(plan.duration));
}

/** The VIP expiry date, or null when the value is missing or not a date. */
export function formatExpiryDate(iso: string | null): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}
