import path from 'node:path';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { S3Settings } from '../environment';
import { LocalPhotoStorage } from './local-storage';
import { S3PhotoStorage } from './s3-storage';
import type { PhotoStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where members' photo files live (storage.ts). */
    photoStorage: PhotoStorage;
  }
}

/** The bucket when S3_BUCKET is set, else DATA_DIR/photos. */
export function photoStorageFor(config: { dataDir: string; s3?: S3Settings | undefined }): PhotoStorage {
  return config.s3 ? new S3PhotoStorage(config.s3) : new LocalPhotoStorage(path.resolve(config.dataDir, 'photos'));
}

export interface PhotoStoragePluginOptions {
  /** The app takes it over and closes it with itself. */
  storage: PhotoStorage;
}

const photoStoragePlugin: FastifyPluginCallback<PhotoStoragePluginOptions> = (app, options, done) => {
  app.decorate('photoStorage', options.storage);
  app.addHook('onClose', async () => {
    await options.storage.close();
  });
  done();
};

export default fp(photoStoragePlugin, { name: 'orbit-photo-storage', fastify: '5.x' });
