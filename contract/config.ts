import { z } from 'zod';
import { statColorSchema } from './common';

export const statSchema = z.object({
  value: z.string().trim().min(1, 'Stat value is required').max(20, 'Stat value must be at most 20 characters'),
  label: z.string().trim().min(1, 'Stat label is required').max(40, 'Stat label must be at most 40 characters'),
  color: statColorSchema,
});
export type Stat = z.infer<typeof statSchema>;

/** SPEC section 3 public config; every field optional because each falls back to a built-in default. */
export const publicConfigSchema = z.object({
  appName: z.string().optional(),
  heroTitle: z.string().optional(),
  heroSubtitle: z.string().optional(),
  featuresTitle: z.string().optional(),
  featuresSubtitle: z.string().optional(),
  stats: z.array(statSchema).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ config: publicConfigSchema }),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponseSchema>;
