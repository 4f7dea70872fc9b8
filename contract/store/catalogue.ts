import { z } from 'zod';
import { idSchema } from '../common';
import { moneySchema, priceInputSchema } from './money';

// The store catalogue (SPEC section 3 Coin pack and VIP plan, plus gifts).
// The public Store, Coins and VIP screens read the plain item schemas; the
// admin screens read the same items with their `active` flag and write them
// through the *Input schemas.

const MAX_COINS = 1_000_000;
export const MAX_VIP_DURATION_DAYS = 3650;
const MAX_VIP_FEATURES = 12;

const itemNameSchema = (what: string) =>
  z
    .string({ message: `${what} name is required` })
    .trim()
    .min(1, `${what} name is required`)
    .max(60, `${what} name must be at most 60 characters`);

const optionalIdSchema = idSchema.optional();

// --- Coin packs -------------------------------------------------------------

export const coinPackSchema = z.object({
  _id: z.string(),
  name: z.string(),
  coins: z.number().int(),
  price: moneySchema,
  popular: z.boolean(),
});
export type CoinPack = z.infer<typeof coinPackSchema>;

export const adminCoinPackSchema = coinPackSchema.extend({ active: z.boolean() });
export type AdminCoinPack = z.infer<typeof adminCoinPackSchema>;

export const coinPackInputSchema = z.strictObject({
  /** Present: update that pack; absent: create a new one. */
  _id: optionalIdSchema,
  name: itemNameSchema('Coin pack'),
  coins: z
    .number({ message: 'Coins must be a number' })
    .int('Coins must be a whole number')
    .positive('Coins must be a positive whole number')
    .max(MAX_COINS, `Coins must be at most ${MAX_COINS.toLocaleString('en-US')}`),
  price: priceInputSchema,
  popular: z.boolean({ message: 'Popular must be true or false' }).default(false),
  active: z.boolean({ message: 'Active must be true or false' }).default(true),
});
export type CoinPackInput = z.input<typeof coinPackInputSchema>;

// --- VIP plans ----------------------------------------------------------------

export const vipPlanSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Length of the membership in days. */
  duration: z.number().int(),
  price: moneySchema,
  popular: z.boolean(),
  features: z.array(z.string()),
});
export type VipPlan = z.infer<typeof vipPlanSchema>;

export const adminVipPlanSchema = vipPlanSchema.extend({ active: z.boolean() });
export type AdminVipPlan = z.infer<typeof adminVipPlanSchema>;

export const vipDurationSchema = z
  .number({ message: 'Duration must be a number of days' })
  .int('Duration must be a whole number of days')
  .min(1, 'Duration must be between 1 and 3650 days')
  .max(MAX_VIP_DURATION_DAYS, 'Duration must be between 1 and 3650 days');

export const vipPlanInputSchema = z.strictObject({
  _id: optionalIdSchema,
  name: itemNameSchema('VIP plan'),
  duration: vipDurationSchema,
  price: priceInputSchema,
  popular: z.boolean({ message: 'Popular must be true or false' }).default(false),
  features: z
    .array(z.string({ message: 'Each feature must be text' }).trim().max(120, 'Each feature must be at most 120 characters'), {
      message: 'Features must be a list of text',
    })
    .max(MAX_VIP_FEATURES, `A plan can list at most ${MAX_VIP_FEATURES} features`)
    // Blank lines from a textarea are dropped rather than rejected.
    .transform((features) => features.filter((feature) => feature.length > 0))
    .default([]),
  active: z.boolean({ message: 'Active must be true or false' }).default(true),
});
export type VipPlanInput = z.input<typeof vipPlanInputSchema>;

// --- Gifts --------------------------------------------------------------------

export const giftSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** An emoji. */
  icon: z.string(),
  /** Price in coins. */
  price: z.number().int(),
  active: z.boolean(),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftInputSchema = z.strictObject({
  _id: optionalIdSchema,
  name: itemNameSchema('Gift'),
  icon: z
    .string({ message: 'Icon is required' })
    .trim()
    .min(1, 'Icon is required')
    .max(16, 'Icon must be a single emoji or a few characters'),
  price: z
    .number({ message: 'Price must be a number of coins' })
    .int('Price must be a whole number of coins')
    .positive('Price must be greater than 0')
    .max(MAX_COINS, `Price must be at most ${MAX_COINS.toLocaleString('en-US')} coins`),
  active: z.boolean({ message: 'Active must be true or false' }).default(true),
});
export type GiftInput = z.input<typeof giftInputSchema>;

// --- Admin request and response bodies (SPEC section 7: sends gift / coinPack / vipPlan) ---

export const saveGiftBodySchema = z.strictObject({ gift: giftInputSchema });
export const saveCoinPackBodySchema = z.strictObject({ coinPack: coinPackInputSchema });
export const saveVipPlanBodySchema = z.strictObject({ vipPlan: vipPlanInputSchema });

export const giftListResponseSchema = z.object({ success: z.literal(true), gifts: z.array(giftSchema) });
export const adminCoinPackListResponseSchema = z.object({ success: z.literal(true), coinPacks: z.array(adminCoinPackSchema) });
export const adminVipPlanListResponseSchema = z.object({ success: z.literal(true), vipPlans: z.array(adminVipPlanSchema) });

export const savedGiftResponseSchema = z.object({ success: z.literal(true), message: z.string(), gift: giftSchema });
export const savedCoinPackResponseSchema = z.object({ success: z.literal(true), message: z.string(), coinPack: adminCoinPackSchema });
export const savedVipPlanResponseSchema = z.object({ success: z.literal(true), message: z.string(), vipPlan: adminVipPlanSchema });
