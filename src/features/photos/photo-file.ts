import {
  PHOTO_MAX_BYTES,
  PHOTO_PICKABLE_TYPES,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_UPLOAD_TYPES,
} from '../../../contract/photos/photos';

/** Shown when a HEIC/HEIF photo cannot be opened by this browser (so it cannot be turned into JPEG here). */
export const HEIC_UNSUPPORTED_MESSAGE =
  'This browser cannot open HEIC photos. Choose a JPEG, PNG or WebP instead (on an iPhone, Settings › Camera › Formats › Most Compatible takes JPEGs).';

/** The `accept` list of the file picker. */
export const PHOTO_ACCEPT = [...PHOTO_PICKABLE_TYPES, '.heic', '.heif'].join(',');

const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
const HEIC_NAME = /\.hei[cf]$/i;

/** HEIC or HEIF, by type or, where the browser gives no type, by name. */
export function isHeic(file: File): boolean {
  return HEIC_TYPES.has(file.type.toLowerCase()) || (file.type === '' && HEIC_NAME.test(file.name));
}

/** Why this file cannot be a photo, checked before anything is read or sent; null when it may be. */
export function photoFileProblem(file: File): string | null {
  const pickable = (PHOTO_PICKABLE_TYPES as readonly string[]).includes(file.type.toLowerCase()) || isHeic(file);
  if (!pickable) return PHOTO_TYPE_MESSAGE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE_MESSAGE;
  return null;
}

/** Turns a HEIC/HEIF photo into JPEG, or rejects with HEIC_UNSUPPORTED_MESSAGE when the browser cannot decode it. */
export type HeicConverter = (file: File) => Promise<Blob>;

const JPEG_QUALITY = 0.9;

/**
 * The browser's own decoder (Safari opens HEIC; most others do not) drawn
 * into a canvas and saved as JPEG. Nothing leaves the device on the way.
 */
export const convertHeicInBrowser: HeicConverter = async (file) => {
  let bitmap: ImageBitmap;
  try {
    if (typeof createImageBitmap !== 'function') throw new Error('no createImageBitmap');
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(HEIC_UNSUPPORTED_MESSAGE);
  }
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error(HEIC_UNSUPPORTED_MESSAGE);
    context.drawImage(bitmap, 0, 0);
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!jpeg) throw new Error(HEIC_UNSUPPORTED_MESSAGE);
    return jpeg;
  } finally {
    bitmap.close();
  }
};

/**
 * The body to upload for a checked file: the file itself when the server
 * reads its type, a JPEG made from it for HEIC/HEIF. The result is checked
 * again (a JPEG can come out larger than the HEIC it was made from).
 */
export async function photoForUpload(file: File, convertHeic: HeicConverter = convertHeicInBrowser): Promise<Blob> {
  if (!isHeic(file)) return file;
  const jpeg = await convertHeic(file);
  if (!(PHOTO_UPLOAD_TYPES as readonly string[]).includes(jpeg.type)) throw new Error(HEIC_UNSUPPORTED_MESSAGE);
  if (jpeg.size > PHOTO_MAX_BYTES) throw new Error(PHOTO_TOO_LARGE_MESSAGE);
  return jpeg;
}
