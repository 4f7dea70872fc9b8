import { z } from 'zod';
import { adminUserSchema, pageQuery } from '../admin/console';
import { idSchema } from '../common';
import { coinEntrySchema } from './ledger';

// The operators' view of a member's coins: the ledger, and a grant or take with a reason.

export const adminCoinHistoryQuerySchema = z.strictObject(pageQuery);

/** The most an admin moves in one grant or take. */
export const MAX_COIN_ADJUSTMENT = 1_000_000;

export const adjustCoinsBodySchema = z.strictObject({
  /** Coins to grant (positive) or take (negative). */
  amount: z
    .number({ message: 'Amount must be a number of coins' })
    .int('Amount must be a whole number of coins')
    .refine((amount) => amount !== 0, 'Amount must not be 0')
    .refine((amount) => Math.abs(amount) <= MAX_COIN_ADJUSTMENT, `Amount must be at most ${MAX_COIN_ADJUSTMENT.toLocaleString('en-US')} coins either way`),
  reason: z
    .string({ message: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(200, 'Reason must be at most 200 characters'),
  /** Made by the admin's browser for this one grant or take: sent again (a retry, a double click), it changes nothing. */
  requestId: idSchema,
});
export type AdjustCoinsBody = z.infer<typeof adjustCoinsBodySchema>;

export const adjustCoinsResponseSchema = z.object({ success: z.literal(true), message: z.string(), user: adminUserSchema, entry: coinEntrySchema });
export type AdjustCoinsResponse = z.infer<typeof adjustCoinsResponseSchema>;
