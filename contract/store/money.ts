import { z } from 'zod';
import { CURRENCIES } from './money-units';

export { CURRENCIES, CURRENCY_MINOR_DIGITS, majorAmountText, minorDigits, parseMajorAmount, type Currency } from './money-units';

// Money everywhere in Orbit: an integer count of the currency's smallest unit
// (cents) with its ISO 4217 code, never a float of dollars. Amounts are added,
// compared and stored as integers; only a screen turns them into "$9.99".

export const currencySchema = z.enum(CURRENCIES, { message: `Currency must be one of ${CURRENCIES.join(', ')}` });

/** An amount as stored and sent: whole smallest units (cents) of a currency. */
export const moneySchema = z.object({
  amountMinor: z.number().int(),
  currency: z.string(),
});
export type Money = z.infer<typeof moneySchema>;

/** 1,000,000 cents (10,000.00) is far beyond a sensible price and far inside an integer column. */
export const MAX_PRICE_MINOR = 1_000_000;

/** A price an admin sets: at least one smallest unit, at most MAX_PRICE_MINOR. */
export const priceInputSchema = z.strictObject(
  {
    amountMinor: z
      .number({ message: 'Price must be a number' })
      .int('Price must be a whole number of cents')
      .positive('Price must be greater than 0')
      .max(MAX_PRICE_MINOR, `Price must be at most ${(MAX_PRICE_MINOR / 100).toLocaleString('en-US')}`),
    currency: currencySchema,
  },
  { message: 'Price must be an amount in cents with a currency' },
);
export type PriceInput = z.infer<typeof priceInputSchema>;
