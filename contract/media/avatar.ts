import type { Gender } from '../common';

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

/** Photos a profile can hold; each is its own shot of the avatar's face. */
export const AVATAR_PHOTO_NUMBERS = [1, 2, 3, 4, 5, 6] as const;

/**
 * The address of a generated avatar; `seed` must already satisfy
 * mediaSeedSchema. With `photo` (1 to 6) it is that person's gallery photo:
 * the same face in another shot.
 */
export function avatarPath(seed: string, look?: AvatarLook, photo?: number): string {
  const query = [look ? `look=${look}` : '', photo === undefined ? '' : `photo=${photo}`].filter(Boolean).join('&');
  return query ? `/api/media/avatar/${seed}?${query}` : `/api/media/avatar/${seed}`;
}
