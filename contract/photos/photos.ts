import { z } from 'zod';
import { idSchema } from '../common';
import { PHOTO_WIDTHS } from './urls';
import { userSchema } from '../members/profile';

// Members' own photos (issue 35): uploaded, re-encoded on the server into a
// few WebP widths with every bit of metadata stripped, and served by id.

/** SPEC section 2 Profile: "up to 6 photos". */
export const PHOTOS_MAX = 6;

/** 15 MB: a 48-megapixel phone JPEG fits; anything larger is refused before it is read. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;

/**
 * Decoded size a photo may have. A phone's 48-megapixel photo fits; a tiny
 * file claiming 30,000 x 30,000 pixels (a decompression bomb) is refused
 * from its header, before it is decoded.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;

// The addresses (widths, photoUrl, photoIdOf, photoSrcSet) live in the zod-free photo-urls.ts, which
// the web app's always-loaded Avatar imports; they are re-exported here for everyone else.
export { PHOTO_AVATAR_WIDTH, PHOTO_GALLERY_WIDTH, PHOTO_WIDTHS, photoIdOf, photoSrcSet, photoUrl, type PhotoWidth } from './urls';

/**
 * Types a member may pick. HEIC/HEIF is taken where the browser can open it
 * (it is turned into JPEG there first); the server reads JPEG, PNG and WebP.
 */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_PICKABLE_TYPES = [...PHOTO_UPLOAD_TYPES, 'image/heic', 'image/heif'] as const;
export type PhotoUploadType = (typeof PHOTO_UPLOAD_TYPES)[number];

export const PHOTO_TYPE_MESSAGE = 'Photos must be JPEG, PNG, WebP or HEIC images';
export const PHOTO_TOO_LARGE_MESSAGE = 'Photos must be at most 15 MB';
export const PHOTOS_FULL_MESSAGE = `You can have up to ${PHOTOS_MAX} photos; remove one to add another`;
/** HEIC the browser could not turn into JPEG first reaches a server that cannot decode it (no HEVC decoder). */
export const PHOTO_HEIC_MESSAGE = 'This HEIC photo could not be read; choose a JPEG, PNG or WebP photo instead';
export const PHOTO_TOO_MANY_PIXELS_MESSAGE = `Photos must be at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`;
export const PHOTO_MISSING_MESSAGE = 'Choose a photo to upload';
export const PHOTO_NOT_FOUND_MESSAGE = 'Photo not found';
export const PHOTO_ORDER_MESSAGE = 'Order must list each of your photos exactly once';

export const photoParamsSchema = z.object({ photoId: idSchema });
export const photoFileParamsSchema = z.object({
  photoId: idSchema,
  file: z.enum(
    PHOTO_WIDTHS.map((width) => `${width}.webp`) as [string, ...string[]],
    { message: `File must be one of ${PHOTO_WIDTHS.map((width) => `${width}.webp`).join(', ')}` },
  ),
});

/** One of the signed-in member's photos, in profile order (the first is the main photo). */
export const memberPhotoSchema = z.object({
  id: z.string(),
  /** The gallery width's address; srcSet comes from photoSrcSet(url). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
  createdAt: z.string(),
});
export type MemberPhoto = z.infer<typeof memberPhotoSchema>;

/** PUT /user/me/photos/order: every photo id of the member, once, in the new order. */
export const reorderPhotosBodySchema = z.strictObject({
  order: z
    .array(idSchema, { message: 'Order must be a list of photo ids' })
    .min(1, 'Order must list your photos')
    .max(PHOTOS_MAX, `Order lists at most ${PHOTOS_MAX} photos`),
});
export type ReorderPhotosBody = z.infer<typeof reorderPhotosBodySchema>;

/** Every photo call answers with the member's photos and their account as it now reads (avatar and photos follow the order). */
export const photosResponseSchema = z.object({
  photos: z.array(memberPhotoSchema),
  user: userSchema,
});
export type PhotosResponse = z.infer<typeof photosResponseSchema>;
