import { z } from 'zod';
import { AVATAR_LOOKS, AVATAR_PHOTO_NUMBERS } from './avatar';

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
  /** One of the person's gallery photos: the same face in another shot. */
  photo: z.coerce
    .number({ message: `Photo must be a number from 1 to ${AVATAR_PHOTO_NUMBERS.length}` })
    .int(`Photo must be a number from 1 to ${AVATAR_PHOTO_NUMBERS.length}`)
    .min(1, `Photo must be a number from 1 to ${AVATAR_PHOTO_NUMBERS.length}`)
    .max(AVATAR_PHOTO_NUMBERS.length, `Photo must be a number from 1 to ${AVATAR_PHOTO_NUMBERS.length}`)
    .optional(),
});
