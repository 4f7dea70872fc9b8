import type { Readable } from 'node:stream';
import { PHOTO_WIDTHS, type PhotoWidth } from '../../contract/photos/photos';

/**
 * Where photo files live: a directory on this machine (local-storage.ts) or
 * an S3-compatible bucket (s3-storage.ts). Keys are `<photo id>/<width>.webp`
 * and are only ever built by photoFileKey, from a validated id and a known
 * width, so no caller-chosen text reaches a path or an object name.
 */
export interface PhotoStorage {
  /** For logs: 'local' or 's3'. */
  readonly kind: 'local' | 's3';
  /** Stores the whole file under `key`, replacing any file there; a reader never sees part of it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredPhotoFile | null>;
  /** Removes these files; missing ones are not an error. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Releases connections (the S3 client); the app calls it on close. */
  close(): Promise<void>;
}

export interface StoredPhotoFile {
  body: Readable;
  /** Bytes, when the store says. */
  size: number | undefined;
}

export const PHOTO_CONTENT_TYPE = 'image/webp';

const PHOTO_KEY = /^[0-9a-f-]{36}\/\d+\.webp$/;

export function photoFileKey(photoId: string, width: PhotoWidth): string {
  return `${photoId}/${width}.webp`;
}

/** Every key a photo may have, stored or not: deleting them all is harmless, and needs no row. */
export function allPhotoFileKeys(photoId: string): string[] {
  return PHOTO_WIDTHS.map((width) => photoFileKey(photoId, width));
}

/** A guard for the implementations: a key that photoFileKey did not make is a bug, never a path to follow. */
export function assertPhotoKey(key: string): void {
  if (!PHOTO_KEY.test(key)) throw new Error(`Not a photo file key: ${JSON.stringify(key)}`);
}

/** The whole file in memory (tests, and anything that needs the bytes rather than a stream). */
export async function readStoredPhoto(file: StoredPhotoFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
