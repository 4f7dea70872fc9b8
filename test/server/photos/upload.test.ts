import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_HEIC_MESSAGE,
  PHOTO_MAX_BYTES,
  PHOTO_MISSING_MESSAGE,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TOO_MANY_PIXELS_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_WIDTHS,
  photoUrl,
} from '../../../contract/photos/photos';
import { sniffPhotoType, stepsFor } from '../../../server/photos/processing';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addPhoto, cameraJpeg, getPhotoFile, heicHeader, plainImage, pngBomb, SECRET_PLACE, uploadPhoto } from './photo-fixtures';

let testApp: TestApp;
let member: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  member = await registerUser(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

/** Every width a photo's addresses name, fetched. */
async function servedVariants(photoId: string): Promise<Buffer[]> {
  const files: Buffer[] = [];
  for (const width of PHOTO_WIDTHS) {
    const response = await getPhotoFile(testApp.app, photoUrl(photoId, width));
    expect(response.statusCode, response.body).toBe(200);
    files.push(response.rawPayload);
  }
  return files;
}

/** Refusals come as JSON with a message, never an HTML page or a 5xx. */
function expectRefused(response: { statusCode: number; json: () => unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ success: false, message });
}

describe('what a served photo keeps of the upload', () => {
  it('keeps no EXIF at all: a photo taken with GPS coordinates is served without them, at every width', async () => {
    const original = await cameraJpeg({ width: 1600, height: 1200 });
    // The test photo really carries the location and the camera.
    const gps = await exifr.gps(original);
    expect(gps?.latitude).toBeCloseTo(SECRET_PLACE.latitude, 3);
    expect(gps?.longitude).toBeCloseTo(SECRET_PLACE.longitude, 3);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const { photos } = await addPhoto(testApp.app, member.token, original);
    const [photo] = photos.slice(-1);
    if (!photo) throw new Error('no photo');
    for (const file of await servedVariants(photo.id)) {
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(await exifr.gps(file).catch(() => undefined)).toBeUndefined();
      expect(file.includes('OrbitCam')).toBe(false);
    }
  });

  it('turns the photo as its EXIF orientation says, then forgets the tag', async () => {
    // Stored 400 x 200, left half red; orientation 6 shows it turned a quarter clockwise: 200 x 400, red on top.
    const turned = await cameraJpeg({ width: 400, height: 200, orientation: 6 });
    expect(await exifr.orientation(turned)).toBe(6);
    expect((await exifr.gps(turned))?.latitude).toBeCloseTo(SECRET_PLACE.latitude, 3);
    const { photos } = await addPhoto(testApp.app, member.token, turned);
    const photo = photos.at(-1);
    if (!photo) throw new Error('no photo');
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 200, height: 400 });

    const file = (await getPhotoFile(testApp.app, photoUrl(photo.id, 320))).rawPayload;
    const metadata = await sharp(file).metadata();
    expect({ width: metadata.width, height: metadata.height, orientation: metadata.orientation }).toEqual({ width: 200, height: 400, orientation: undefined });
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [topRed, , topBlue] = pixel(100, 20);
    const [bottomRed, , bottomBlue] = pixel(100, 380);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it('stores the widths it can make without enlarging, and answers a larger width with the largest stored', async () => {
    const { photos } = await addPhoto(testApp.app, member.token, await plainImage('png', 500, 250));
    const photo = photos.at(-1);
    if (!photo) throw new Error('no photo');
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 500, height: 250 });
    const widthOf = async (width: (typeof PHOTO_WIDTHS)[number]) => {
      const response = await getPhotoFile(testApp.app, photoUrl(photo.id, width));
      expect(response.statusCode).toBe(200);
      return { width: (await sharp(response.rawPayload).metadata()).width, etag: response.headers.etag };
    };
    expect(await widthOf(160)).toEqual({ width: 160, etag: `"${photo.id}-160"` });
    expect(await widthOf(320)).toEqual({ width: 320, etag: `"${photo.id}-320"` });
    // 640 holds the photo at its own 500 pixels; 1080 is answered with that same file.
    expect(await widthOf(640)).toEqual({ width: 500, etag: `"${photo.id}-640"` });
    expect(await widthOf(1080)).toEqual({ width: 500, etag: `"${photo.id}-640"` });
    expect(stepsFor(500)).toEqual([160, 320, 640]);
    expect(stepsFor(1080)).toEqual([160, 320, 640, 1080]);
    expect(stepsFor(4000)).toEqual([160, 320, 640, 1080]);
    expect(stepsFor(90)).toEqual([160]);
  });

  it.each(['png', 'webp'] as const)('takes %s as well as JPEG', async (format) => {
    const response = await uploadPhoto(testApp.app, (await registerUser(testApp.app)).token, await plainImage(format), `image/${format}`);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('reads the type from the bytes, not from the Content-Type', async () => {
    const owner = await registerUser(testApp.app);
    // A PNG sent as JPEG is still a photo, and so is a JPEG the browser could not type...
    expect((await uploadPhoto(testApp.app, owner.token, await plainImage('png'), 'image/jpeg')).statusCode).toBe(201);
    expect((await uploadPhoto(testApp.app, owner.token, await cameraJpeg(), 'application/octet-stream')).statusCode).toBe(201);
    // ...and text or a GIF sent as JPEG is not.
    expectRefused(await uploadPhoto(testApp.app, owner.token, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/jpeg'), 415, PHOTO_TYPE_MESSAGE);
    expectRefused(await uploadPhoto(testApp.app, owner.token, await plainImage('gif'), 'image/png'), 415, PHOTO_TYPE_MESSAGE);
    expect(sniffPhotoType(await plainImage('gif'))).toBe('other');
    expect(sniffPhotoType(await cameraJpeg())).toBe('jpeg');
    expect(sniffPhotoType(heicHeader())).toBe('heic');
  });
});

describe('what an upload is refused for', () => {
  it('refuses more than 15 MB with 413 and the photo message, before reading it all', async () => {
    const tooLarge = Buffer.concat([await cameraJpeg(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    expectRefused(await uploadPhoto(testApp.app, member.token, tooLarge), 413, PHOTO_TOO_LARGE_MESSAGE);
    // Exactly 15 MB is read, then judged as a picture (trailing bytes after a JPEG's end are ignored by decoders, so it is taken).
    const atLimit = Buffer.concat([await cameraJpeg(), Buffer.alloc(PHOTO_MAX_BYTES - (await cameraJpeg()).length)]);
    expect(atLimit.length).toBe(PHOTO_MAX_BYTES);
    expect((await uploadPhoto(testApp.app, (await registerUser(testApp.app)).token, atLimit)).statusCode).toBe(201);
  });

  it('refuses a decompression bomb from its header with 422', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    expectRefused(await uploadPhoto(testApp.app, member.token, bomb, 'image/png'), 422, PHOTO_TOO_MANY_PIXELS_MESSAGE);
    // Refused from the header: decoding 400 million pixels would take seconds and 1.2 GB.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses HEIC the browser did not convert with a message saying so', async () => {
    expectRefused(await uploadPhoto(testApp.app, member.token, heicHeader(), 'image/heic'), 415, PHOTO_HEIC_MESSAGE);
    expectRefused(await uploadPhoto(testApp.app, member.token, heicHeader(), 'image/heif'), 415, PHOTO_HEIC_MESSAGE);
  });

  it('refuses bytes that are no image, whatever type they were sent as, with 415', async () => {
    expectRefused(await uploadPhoto(testApp.app, member.token, 'hello', 'application/octet-stream'), 415, PHOTO_TYPE_MESSAGE);
    expectRefused(await uploadPhoto(testApp.app, member.token, heicHeader(), 'application/octet-stream'), 415, PHOTO_HEIC_MESSAGE);
  });

  it('refuses a damaged photo with 415', async () => {
    const jpeg = await cameraJpeg();
    expectRefused(await uploadPhoto(testApp.app, member.token, jpeg.subarray(0, 600)), 415, PHOTO_TYPE_MESSAGE);
    const png = await plainImage('png');
    expectRefused(await uploadPhoto(testApp.app, member.token, Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0xab)]), 'image/png'), 415, PHOTO_TYPE_MESSAGE);
  });

  it.each([
    ['JSON', 'application/json', '{"photo":"x"}'],
    ['a form', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nabc\r\n--x--\r\n'],
    ['plain text', 'text/plain', 'hello'],
    ['a video', 'video/mp4', 'hello'],
  ])('refuses %s with 415 before reading it', async (_name, contentType, body) => {
    expectRefused(await uploadPhoto(testApp.app, member.token, body, contentType), 415, PHOTO_TYPE_MESSAGE);
  });

  it('refuses an empty upload with 400', async () => {
    expectRefused(await uploadPhoto(testApp.app, member.token, Buffer.alloc(0)), 400, PHOTO_MISSING_MESSAGE);
    const noBody = await testApp.app.inject({ method: 'POST', url: '/api/user/me/photos', headers: bearer(member.token) });
    expectRefused(noBody, 400, PHOTO_MISSING_MESSAGE);
  });

  it('is for signed-in members: 401 without a token (nothing read), 403 for an admin', async () => {
    const jpeg = await cameraJpeg();
    const anonymous = await testApp.app.inject({ method: 'POST', url: '/api/user/me/photos', headers: { 'content-type': 'image/jpeg' }, payload: jpeg });
    expect(anonymous.statusCode).toBe(401);
    // Even a body over the limit gets the 401, not a 413: the token is checked before the body is read.
    const anonymousLarge = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/me/photos',
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(PHOTO_MAX_BYTES + 1),
    });
    expect(anonymousLarge.statusCode).toBe(401);
    expect((await uploadPhoto(testApp.app, await loginAdmin(testApp.app), jpeg)).statusCode).toBe(403);
  });

  it('limits uploads per member with 429', async () => {
    const limited = await createTestApp({ rateLimits: { photoUpload: { max: 2, windowMs: 60_000 } } });
    try {
      const uploader = await registerUser(limited.app);
      const jpeg = await cameraJpeg({ width: 200, height: 200 });
      expect((await uploadPhoto(limited.app, uploader.token, jpeg)).statusCode).toBe(201);
      expect((await uploadPhoto(limited.app, uploader.token, jpeg)).statusCode).toBe(201);
      const third = await uploadPhoto(limited.app, uploader.token, jpeg);
      expect(third.statusCode).toBe(429);
      expect(third.json<{ message: string }>().message).toMatch(/^Too many requests, please try again in \d+ seconds?$/);
      // Someone else's uploads are their own.
      expect((await uploadPhoto(limited.app, (await registerUser(limited.app)).token, jpeg)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
