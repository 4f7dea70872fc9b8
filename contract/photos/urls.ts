// Addresses of members' uploaded photos, kept free of zod (like avatar.ts and
// constants.ts) so that the app's always-loaded code (the Avatar in the
// header and on every card) can build a srcSet without loading the schema
// library. photos.ts re-exports all of it.

/** Widths every photo is stored at (never enlarged past its own); cards ask for one by srcset. */
export const PHOTO_WIDTHS = [160, 320, 640, 1080] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The width a profile's `photos` list points at; the avatar points at the smaller one. */
export const PHOTO_GALLERY_WIDTH: PhotoWidth = 640;
export const PHOTO_AVATAR_WIDTH: PhotoWidth = 320;

/** The address of one stored width of a photo. */
export function photoUrl(photoId: string, width: PhotoWidth): string {
  return `/api/photos/${photoId}/${width}.webp`;
}

const PHOTO_URL = /^\/api\/photos\/([0-9a-f-]{36})\/(\d+)\.webp$/;

/** The photo id inside an uploaded photo's address, or null for any other picture (a generated avatar). */
export function photoIdOf(url: string): string | null {
  return PHOTO_URL.exec(url)?.[1] ?? null;
}

/**
 * `srcSet` for an uploaded photo's address (every stored width), so a phone
 * fetches the small one; other pictures (generated SVG avatars) have none.
 */
export function photoSrcSet(url: string): string | undefined {
  const id = photoIdOf(url);
  return id ? PHOTO_WIDTHS.map((width) => `${photoUrl(id, width)} ${width}w`).join(', ') : undefined;
}
