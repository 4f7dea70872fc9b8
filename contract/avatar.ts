import type { Gender } from './common';

// Addresses of generated avatars, kept free of zod so that screens showing
// sample people can build them without loading the schema library.

export const AVATAR_LOOKS = ['feminine', 'masculine'] as const;
export type AvatarLook = (typeof AVATAR_LOOKS)[number];

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
