import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { photosResponseSchema, type PhotosResponse } from '../../../contract/photos/photos';
import type { OrbitApp } from '../../../server/app';
import { bearer } from '../helpers/accounts';

/** Where the test photos claim to have been taken (Mumbai); none of it may reach a served file. */
export const SECRET_PLACE = { latitude: 19.0761, longitude: 72.8777 };

function degrees(value: number): string {
  const whole = Math.floor(value);
  const minutes = Math.floor((value - whole) * 60);
  const seconds = Math.round(((value - whole) * 60 - minutes) * 60 * 100);
  return `${whole}/1 ${minutes}/1 ${seconds}/100`;
}

/**
 * A camera-like JPEG: `width` x `height` pixels as stored, left half red and
 * right half blue, with EXIF carrying GPS coordinates, a camera model and,
 * when given, an orientation tag (6: shown turned 90 degrees clockwise).
 */
export async function cameraJpeg(options: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 400;
  const height = options.height ?? 300;
  const half = Math.floor(width / 2);
  const blue = await sharp({ create: { width: width - half, height, channels: 3, background: '#0000ff' } }).png().toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: half, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'OrbitCam', Model: 'Test Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: degrees(SECRET_PLACE.latitude),
        GPSLongitudeRef: 'E',
        GPSLongitude: degrees(SECRET_PLACE.longitude),
      },
    });
  // sharp writes the orientation tag from its own setting, not from withExif.
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}

export async function plainImage(format: 'png' | 'webp' | 'gif', width = 300, height = 200): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#3a7' } });
  return (format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.gif()).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of `width` x `height` blank
 * pixels. 20,000 x 20,000 is about 48 KB on the wire and 1.2 GB decoded.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an iPhone HEIC file (an ISO media 'ftyp' box, brand heic); the server cannot decode HEVC. */
export function heicHeader(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.writeUInt32BE(0, 12);
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(2000, 7)]);
}

export function uploadPhoto(app: OrbitApp, token: string, body: Buffer | string, contentType = 'image/jpeg') {
  return app.inject({ method: 'POST', url: '/api/user/me/photos', headers: { ...bearer(token), 'content-type': contentType }, payload: body });
}

/** Uploads and expects it taken. */
export async function addPhoto(app: OrbitApp, token: string, body?: Buffer): Promise<PhotosResponse> {
  const response = await uploadPhoto(app, token, body ?? (await cameraJpeg()));
  expect(response.statusCode, response.body).toBe(201);
  return photosResponseSchema.parse(response.json());
}

export function getPhotoFile(app: OrbitApp, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}
