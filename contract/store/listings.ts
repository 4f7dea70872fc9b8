import { z } from 'zod';
import { coinPackSchema, vipPlanSchema } from './catalogue';

// The public read side of the store catalogue (SPEC section 3 Coin pack and
// VIP plan): only the active items, without the admin-side fields. The item
// shapes are the catalogue's own, so the admin and public views never drift.

export const coinPackListResponseSchema = z.object({ success: z.literal(true), coinPacks: z.array(coinPackSchema) });
export type CoinPackListResponse = z.infer<typeof coinPackListResponseSchema>;

export const vipPlanListResponseSchema = z.object({ success: z.literal(true), vipPlans: z.array(vipPlanSchema) });
export type VipPlanListResponse = z.infer<typeof vipPlanListResponseSchema>;

export { coinPackSchema, vipPlanSchema, type CoinPack, type VipPlan } from './catalogue';
