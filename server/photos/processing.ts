import sharp from 'sharp';
import {
  PHOTO_HEIC_MESSAGE,
  PHOTO_MAX_PIXELS,
  PHOTO_TOO_MANY_PIXELS_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_WIDTHS,
  type PhotoWidth,
} from '../../contract/photos/photos';
import { HttpError } from '../plugins/errors';

// An uploaded photo becomes a few WebP files, one per width in PHOTO_WIDTHS,
// oriented by its EXIF tag and carrying no metadata at all: sharp writes none
// unless asked (withMetadata/keepExif, never called here), so no location,
// camera serial or capture time leaves with the picture.

/** What the bytes are, whatever the Content-Type said. */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'heic' | 'other';

/** WebP quality: about what a photo site sends; 75 to 85 moved a 640-wide card by a fifth either way. */
const WEBP_QUALITY = 80;
const LARGEST_WIDTH = Math.max(...PHOTO_WIDTHS);

/** HEIF brands whose pictures are HEVC-coded (iPhone photos); AVIF shares the container but not the codec. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

function startsWith(bytes: Buffer, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The type from the file's own signature (its first bytes). */
export function sniffPhotoType(bytes: Buffer): SniffedType {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO base media: [size]['ftyp'][major brand][minor version][compatible brands...]
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'other';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  }
  return 'other';
}

/** One stored width of a photo. */
export interface PhotoVariant {
  /** The width step it is stored (and addressed) as. */
  step: PhotoWidth;
  /** Its real size: below the step when the original was narrower (never enlarged). */
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedPhoto {
  /** The largest variant's size, after orientation. */
  width: number;
  height: number;
  /** Smallest first; steps a prefix of PHOTO_WIDTHS, without gaps. */
  variants: PhotoVariant[];
}

/**
 * The steps a photo `width` pixels wide is stored at: every step below its
 * width, and the next one, which holds it at its own width. A 500-wide
 * photo is stored as 160, 320 and "640" (500 wide); a 1080 request for it is
 * answered with that last file (see largestStoredStep).
 */
export function stepsFor(width: number): PhotoWidth[] {
  const steps: PhotoWidth[] = [];
  for (const step of PHOTO_WIDTHS) {
    steps.push(step);
    if (step >= width) break;
  }
  return steps;
}

const refuseType = () => new HttpError(415, PHOTO_TYPE_MESSAGE);

/**
 * At most this many photos are decoded at once. A 48-megapixel photo is
 * about 150 MB of pixels while it is read, and sharp already spreads one
 * photo over every core: more at once would only queue inside libvips
 * while holding their memory.
 */
const PARALLEL_PHOTOS = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_PHOTOS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Checks and re-encodes an upload. Refusals are HttpErrors with a message
 * for the member: 415 for anything but a readable JPEG, PNG or WebP (HEIC
 * gets its own message), 422 for more than PHOTO_MAX_PIXELS pixels, judged
 * from the header before a single pixel is decoded.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const type = sniffPhotoType(input);
  if (type === 'heic') throw new HttpError(415, PHOTO_HEIC_MESSAGE);
  if (type === 'other') throw refuseType();

  // metadata() reads the header only: a 48 KB PNG claiming 20,000 x 20,000 pixels costs nothing here.
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refuseType();
    });
  if (header.format !== type || !header.width || !header.height) throw refuseType();
  if (header.width * header.height > PHOTO_MAX_PIXELS) throw new HttpError(422, PHOTO_TOO_MANY_PIXELS_MESSAGE);

  return inTurn(async () => {
    // Decoded once: oriented, brought down to the largest width, kept as plain
    // pixels (sRGB, 8 bits), from which every width is encoded. The pixel limit
    // is set again for the decoder, in case the header and the data disagree.
    const base = await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw refuseType();
      });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    const variants: PhotoVariant[] = [];
    for (const step of stepsFor(raw.width)) {
      const pipeline = sharp(base.data, { raw });
      if (step < raw.width) pipeline.resize({ width: step });
      const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      variants.push({ step, width: info.width, height: info.height, data });
    }
    return { width: raw.width, height: raw.height, variants };
  });
}

/** The file that answers a request for `step`: that step when stored, else the largest stored (which is narrower). */
export function largestStoredStep(stored: readonly number[], step: PhotoWidth): PhotoWidth | null {
  if (stored.includes(step)) return step;
  const candidates = PHOTO_WIDTHS.filter((width) => stored.includes(width) && width < step);
  return candidates.at(-1) ?? null;
}
