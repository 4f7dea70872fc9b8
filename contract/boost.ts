import { z } from 'zod';

/**
 * Boost (issue 48): for BOOST_MINUTES a member's card comes first in others'
 * Discover and Spin, within their preferences. A VIP member has one a day
 * (UTC); anyone may buy one with coins (COIN_PRICES.boost).
 */
export const BOOST_MINUTES = 30;

export const BOOST_MESSAGES = {
  notVip: 'The daily Boost is a VIP feature; buy a Boost with coins instead',
  usedToday: "You've used today's Boost; buy one with coins, or boost again tomorrow",
  running: 'Your Boost is already running',
  started: 'Boost started',
} as const;

export const boostSourceSchema = z.enum(['vip-daily', 'coins']);
export type BoostSource = z.infer<typeof boostSourceSchema>;

export const boostSchema = z.object({
  startedAt: z.string(),
  endsAt: z.string(),
  source: boostSourceSchema,
  /** Distinct people who were shown the card in Discover or Spin while it ran. */
  views: z.number().int().min(0),
});
export type Boost = z.infer<typeof boostSchema>;

/** GET /boost: the running boost (or the last one of today), and whether today's VIP Boost is still there to use. */
export const boostStatusResponseSchema = z.object({
  success: z.literal(true),
  running: boostSchema.nullable(),
  /** The latest boost that has ended, so the member sees what it brought. */
  last: boostSchema.nullable(),
  dailyBoostAvailable: z.boolean(),
});
export type BoostStatusResponse = z.infer<typeof boostStatusResponseSchema>;

/** POST /boost: starts today's VIP Boost. The browser names the attempt: a retry starts one. */
export const boostStartBodySchema = z.strictObject({
  attemptId: z.uuid({ message: 'attemptId must be a UUID' }),
});
export type BoostStartBody = z.infer<typeof boostStartBodySchema>;

export const boostStartResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  boost: boostSchema,
});
export type BoostStartResponse = z.infer<typeof boostStartResponseSchema>;
