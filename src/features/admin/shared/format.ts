import type { Money } from '../../../../contract/store/money';
import { moneyFormatter } from '../../../lib/money-format';

// Display formats of the admin screens: one locale so figures read the same everywhere.

const LOCALE = 'en-US';

const moneyFormat = moneyFormatter(LOCALE);

/** An amount in its own currency: { amountMinor: 123450, currency: 'USD' } -> '$1,234.50'. */
export function formatCurrency(amount: Money): string {
  return moneyFormat(amount);
}

const countFormat = new Intl.NumberFormat(LOCALE);

export function formatCount(value: number): string {
  return countFormat.format(value);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}

export function formatDateTime(iso: string | null): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '—';
}

const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** '5 minutes ago', 'yesterday'; `now` is passed in so tests can fix it. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  let value = (new Date(iso).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relativeFormat.format(Math.round(value), unit);
    value /= size;
  }
  return formatDate(iso);
}
