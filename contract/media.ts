import { z } from 'zod';
import { AVATAR_LOOKS } from './avatar';

/** Seeds of generated images: /api/media/avatar/<seed> and /api/media/cover/<seed>. */
export const mediaSeedSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, 'Seed must be 1-64 lowercase letters, digits or hyphens');

export const mediaSeedParamsSchema = z.strictObject({ seed: mediaSeedSchema });

export const coverQuerySchema = z.object({
  /** Drawn on the cover. */
  title: z.string().trim().min(1, 'Title must not be empty').max(80, 'Title must be at most 80 characters').optional(),
});

export const avatarQuerySchema = z.object({
  /** Hair, brows and accessories read as a woman's or a man's; without it the face is drawn from the seed alone. */
  look: z.enum(AVATAR_LOOKS, { message: 'Look must be feminine or masculine' }).optional(),
});
