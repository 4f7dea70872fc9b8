import { z } from 'zod';

// The coin ledger as the API shows it: every change of a member's balance is
// one entry. The admin's views of it are in ./admin.ts.

/**
 * Why a balance changed: bought with money, earned in the app, granted or
 * taken by an admin (or the demo seed), spent, refunded (a purchase's coins
 * left with its money), restored (a refund that failed put them back), held
 * (the payment behind them is disputed), released (the dispute was won),
 * settled (coins owed for a lost dispute taken from new ones).
 */
export const COIN_ENTRY_KINDS = ['purchased', 'earned', 'granted', 'taken', 'spent', 'refunded', 'restored', 'held', 'released', 'settled'] as const;
export type CoinEntryKind = (typeof COIN_ENTRY_KINDS)[number];

/** Where a lot of coins came from: a payment, the app's rewards, an admin (or the demo seed). Spends draw earned and granted coins first. */
export const COIN_LOT_SOURCES = ['purchased', 'earned', 'granted'] as const;
export type CoinLotSource = (typeof COIN_LOT_SOURCES)[number];

export const coinEntrySchema = z.object({
  _id: z.string(),
  /** Coins in (positive) or out (negative). */
  amount: z.number().int(),
  kind: z.enum(COIN_ENTRY_KINDS),
  reference: z.string(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type CoinEntry = z.infer<typeof coinEntrySchema>;

/** The member's own history: this many entries a page. */
export const COIN_HISTORY_PAGE_SIZE = 20;

export const coinHistoryQuerySchema = z.strictObject({
  page: z.coerce.number({ message: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
});

/** A balance and one page of the entries behind it, newest first (the member's own, or an admin's look at anyone's). */
export const coinHistoryResponseSchema = z.object({
  success: z.literal(true),
  balance: z.number().int(),
  entries: z.array(coinEntrySchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type CoinHistoryResponse = z.infer<typeof coinHistoryResponseSchema>;

/** To the member's open tabs after a change of their balance commits: the new balance and the entry that made it. */
export const coinBalanceEventSchema = z.object({ balance: z.number().int(), entry: coinEntrySchema });
export type CoinBalanceEvent = z.infer<typeof coinBalanceEventSchema>;
