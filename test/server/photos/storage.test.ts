import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_AVATAR_WIDTH, PHOTO_WIDTHS, photosResponseSchema, photoUrl } from '../../../contract/photos/photos';
import { ConfigError, loadConfig, type S3Settings } from '../../../server/environment';
import { LocalPhotoStorage } from '../../../server/photos/local-storage';
import { S3PhotoStorage } from '../../../server/photos/s3-storage';
import { photoStorageFor } from '../../../server/photos/storage-plugin';
import { allPhotoFileKeys, photoFileKey, readStoredPhoto, type PhotoStorage } from '../../../server/photos/storage';
import { bearer, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addPhoto, cameraJpeg, getPhotoFile } from './photo-fixtures';

const PHOTO_ID = '0b6f3c1e-7d4a-4c7e-9f51-2a8e3b9d6c10';
const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** What every implementation must do, run against each. */
function storageContract(name: string, open: () => PhotoStorage) {
  describe(`${name} storage`, () => {
    it('stores, reads back (as a stream, or whole) and deletes files; missing ones read as null', async () => {
      const storage = open();
      const key = photoFileKey(PHOTO_ID, 320);
      const body = Buffer.from('RIFF....WEBPpretend');
      await storage.put(key, body, 'image/webp');
      const file = await storage.get(key);
      expect(file?.body).toBeInstanceOf(Readable);
      expect(file?.size).toBe(body.length);
      expect(file && (await readStoredPhoto(file))).toEqual(body);

      await storage.put(key, Buffer.from('replaced'), 'image/webp');
      const replaced = await storage.get(key);
      expect(replaced && (await readStoredPhoto(replaced)).toString()).toBe('replaced');

      // Every key of the photo, stored or not: deleting what is not there is no error.
      await storage.deleteMany(allPhotoFileKeys(PHOTO_ID));
      expect(await storage.get(key)).toBeNull();
      expect(await storage.get(photoFileKey(PHOTO_ID, 1080))).toBeNull();
      await storage.deleteMany([]);
    });

    it('refuses a key it did not make, so no path or object name can come from outside', async () => {
      const storage = open();
      for (const key of ['../../jwt-secret', `${PHOTO_ID}/../x.webp`, `/${PHOTO_ID}/160.webp`, `${PHOTO_ID}/160.webp\u0000`]) {
        await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a photo file key/);
        await expect(storage.get(key)).rejects.toThrow(/Not a photo file key/);
        await expect(storage.deleteMany([key])).rejects.toThrow(/Not a photo file key/);
      }
    });
  });
}

describe('local files', () => {
  const root = path.join(os.tmpdir(), `orbit-photos-${process.pid}-${Date.now()}`);
  tempDirs.push(root);
  storageContract('local', () => new LocalPhotoStorage(root));

  it('writes through a draft renamed into place, and leaves neither draft nor empty folder behind', async () => {
    const storage = new LocalPhotoStorage(root);
    const key = photoFileKey(PHOTO_ID, 160);
    await storage.put(key, Buffer.alloc(64 * 1024, 1), 'image/webp');
    expect(fs.readdirSync(path.join(root, PHOTO_ID))).toEqual(['160.webp']);
    await storage.deleteMany([key]);
    expect(fs.existsSync(path.join(root, PHOTO_ID))).toBe(false);
  });

  it('lives under DATA_DIR/photos unless S3_BUCKET is set', () => {
    const dataDir = tempDir('orbit-data-');
    expect(photoStorageFor({ dataDir }).kind).toBe('local');
    // Nothing is created until a photo arrives.
    expect(fs.existsSync(path.join(dataDir, 'photos'))).toBe(false);
  });
});

describe('S3-compatible storage, on a local S3 server (s3rver)', () => {
  const bucket = 'orbit-photos';
  let server: S3rver;
  let settings: S3Settings;

  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tempDir('orbit-s3rver-'), configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    settings = {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  storageContract('S3', () => new S3PhotoStorage(settings));

  describe('the photo routes on it', () => {
    let testApp: TestApp;
    let storage: S3PhotoStorage;

    beforeAll(async () => {
      storage = new S3PhotoStorage(settings);
      testApp = await createTestApp({ photoStorage: storage });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('uploads into the bucket, serves from it, and deletes from it', async () => {
      const member = await registerUser(testApp.app);
      const { photos } = await addPhoto(testApp.app, member.token, await cameraJpeg({ width: 1600, height: 1200 }));
      const id = photos[0]?.id ?? '';
      for (const width of PHOTO_WIDTHS) {
        const file = await storage.get(photoFileKey(id, width));
        expect(file, `${width}.webp in the bucket`).not.toBeNull();
        if (file) expect((await sharp(await readStoredPhoto(file)).metadata()).width).toBe(width);
      }

      const served = await getPhotoFile(testApp.app, photoUrl(id, PHOTO_AVATAR_WIDTH));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      expect(served.rawPayload.length).toBe(Number(served.headers['content-length']));

      const deleted = await testApp.app.inject({ method: 'DELETE', url: `/api/user/me/photos/${id}`, headers: bearer(member.token) });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(photosResponseSchema.parse(deleted.json()).photos).toEqual([]);
      for (const width of PHOTO_WIDTHS) expect(await storage.get(photoFileKey(id, width))).toBeNull();
      expect((await getPhotoFile(testApp.app, photoUrl(id, PHOTO_AVATAR_WIDTH))).statusCode).toBe(404);
    });

    it('takes the files out of the bucket when the account is deleted', async () => {
      const member = await registerUser(testApp.app);
      const { photos } = await addPhoto(testApp.app, member.token, await cameraJpeg({ width: 300, height: 300 }));
      const id = photos[0]?.id ?? '';
      expect(await storage.get(photoFileKey(id, 160))).not.toBeNull();
      const response = await testApp.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: bearer(member.token), payload: { password: member.body.password } });
      expect(response.statusCode, response.body).toBe(200);
      expect(await storage.get(photoFileKey(id, 160))).toBeNull();
      expect(await storage.get(photoFileKey(id, 320))).toBeNull();
    });
  });

  it('is chosen by S3_BUCKET, with the other S3_ variables', () => {
    const config = loadConfig({
      DATA_DIR: tempDir('orbit-data-'),
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toEqual({ ...settings });
    expect(photoStorageFor(config).kind).toBe('s3');
  });
});

describe('S3 configuration', () => {
  it('is off without S3_BUCKET, and defaults to us-east-1 and virtual-hosted addresses', () => {
    expect(loadConfig({ DATA_DIR: tempDir('orbit-data-') }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir('orbit-data-'), S3_BUCKET: 'b' }).s3).toEqual({
      bucket: 'b',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE: must be true or false'],
    [{ S3_ACCESS_KEY_ID: 'only-half' }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither'],
  ])('stops with a message naming the variable for %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir('orbit-data-'), S3_BUCKET: 'b', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir('orbit-data-'), S3_BUCKET: 'b', ...env })).toThrow(message);
  });
});
