import { z } from 'zod';

// The coin ledger as the API shows it: every change of a member's balance is
// one entry. The admin's views of it are in ./admin.ts.

/** Why a balance changed: bought with money, earned in the app, granted or taken by an admin (or the demo seed), spent. */
export const COIN_ENTRY_KINDS = ['purchased', 'earned', 'granted', 'taken', 'spent'] as const;
export type CoinEntryKind = (typeof COIN_ENTRY_KINDS)[number];

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

/** To the member's open tabs after a change of their balance commits: the new balance and the entry that made it. */
export const coinBalanceEventSchema = z.object({ balance: z.number().int(), entry: coinEntrySchema });
export type CoinBalanceEvent = z.infer<typeof coinBalanceEventSchema>;
