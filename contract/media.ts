import { z } from 'zod';
import type { Gender } from './common';

/** Seeds of generated images: /api/media/avatar/<seed> and /api/media/cover/<seed>. */
export const mediaSeedSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, 'Seed must be 1-64 lowercase letters, digits or hyphens');

export const mediaSeedParamsSchema = z.strictObject({ seed: mediaSeedSchema });

export const coverQuerySchema = z.object({
  /** Drawn on the cover. */
  title: z.string().trim().min(1, 'Title must not be empty').max(80, 'Title must be at most 80 characters').optional(),
});

export const AVATAR_LOOKS = ['feminine', 'masculine'] as const;
export type AvatarLook = (typeof AVATAR_LOOKS)[number];

export const avatarQuerySchema = z.object({
  /** Hair, brows and accessories read as a woman's or a man's; without it the face is drawn from the seed alone. */
  look: z.enum(AVATAR_LOOKS, { message: 'Look must be feminine or masculine' }).optional(),
});

/**
 * The look that suits a profile's gender. "other" and an unset gender keep
 * the seed's own mix, which may read either way.
 */
export function avatarLookFor(gender: Gender | null | undefined): AvatarLook | undefined {
  if (gender === 'female') return 'feminine';
  if (gender === 'male') return 'masculine';
  return undefined;
}

/** The address of a generated avatar; `seed` must already satisfy mediaSeedSchema. */
export function avatarPath(seed: string, look?: AvatarLook): string {
  return look ? `/api/media/avatar/${seed}?look=${look}` : `/api/media/avatar/${seed}`;
}
