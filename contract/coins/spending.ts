import { z } from 'zod';
import { BOOST_MINUTES, boostSchema } from '../boost';
import { coinEntrySchema } from './ledger';
import { moneySchema } from '../store/money';

// What coins buy (issue 48): each item at a price in coins that a coin pack
// buys without forced leftovers, shown with its real-money value. Gifts join
// in the next issue.

export const COIN_ITEMS = ['extraLikes', 'boost'] as const;
export type CoinItem = (typeof COIN_ITEMS)[number];

/**
 * The catalogue of coin prices. 100 coins is the smallest pack, and every
 * price is a whole number of them, so nobody is made to buy coins they cannot use.
 */
export const COIN_PRICES: Readonly<Record<CoinItem, { title: string; coins: number; quantity: number }>> = {
  extraLikes: { title: '10 extra likes', coins: 100, quantity: 10 },
  boost: { title: `A ${BOOST_MINUTES}-minute Boost`, coins: 200, quantity: 1 },
};

export const coinPriceSchema = z.object({
  item: z.enum(COIN_ITEMS),
  title: z.string(),
  coins: z.number().int().positive(),
  /**
   * What the coins cost in money: at the smallest pack's price per coin,
   * rounded up to the whole smallest unit, VAT included. Null while no pack is for sale.
   */
  value: moneySchema.nullable(),
});
export type CoinPrice = z.infer<typeof coinPriceSchema>;

/** GET /coins/prices: the price list, and what the member holds of each item. */
export const coinPricesResponseSchema = z.object({
  success: z.literal(true),
  prices: z.array(coinPriceSchema),
  /** Bought likes not used yet: they are used once the day's free likes are gone. */
  extraLikes: z.number().int().min(0),
});
export type CoinPricesResponse = z.infer<typeof coinPricesResponseSchema>;

/** POST /coins/spend. The browser names each attempt: a retry or a double click spends once. */
export const coinSpendBodySchema = z.strictObject({
  item: z.enum(COIN_ITEMS, { message: `Item must be one of: ${COIN_ITEMS.join(', ')}` }),
  attemptId: z.uuid({ message: 'attemptId must be a UUID' }),
});
export type CoinSpendBody = z.infer<typeof coinSpendBodySchema>;

export const coinSpendResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  balance: z.number().int().min(0),
  extraLikes: z.number().int().min(0),
  /** The boost a boost bought starts: it runs from the spend. */
  boost: boostSchema.nullable(),
  entry: coinEntrySchema,
});
export type CoinSpendResponse = z.infer<typeof coinSpendResponseSchema>;
