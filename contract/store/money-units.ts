// Currencies and the exact text of amounts, apart from the zod schemas in
// money.ts: screens that only show prices import this without bundling zod.

/** The currencies a price may be set in, with how many decimals their smallest unit is. */
export const CURRENCY_MINOR_DIGITS = { USD: 2, EUR: 2, GBP: 2 } as const;
export type Currency = keyof typeof CURRENCY_MINOR_DIGITS;
export const CURRENCIES = Object.keys(CURRENCY_MINOR_DIGITS) as [Currency, ...Currency[]];

/** Decimals of a currency's smallest unit (2 for any code Orbit does not list, as most currencies). */
export function minorDigits(currency: string): number {
  return currency in CURRENCY_MINOR_DIGITS ? CURRENCY_MINOR_DIGITS[currency as Currency] : 2;
}

/**
 * "9.99" -> 999 for a 2-decimal currency, by reading the digits (no float
 * arithmetic); null when the text is not a plain amount with at most that many decimals.
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 999 -> "9.99" for a 2-decimal currency: the exact decimal text of an amount, for Intl and for form fields. */
export function majorAmountText(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(amountMinor);
  const sign = amountMinor < 0 ? '-' : '';
  const whole = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}`;
}
