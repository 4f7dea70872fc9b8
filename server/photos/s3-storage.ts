import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../environment';
import { assertPhotoKey, type PhotoStorage, type StoredPhotoFile } from './storage';

/** S3 takes at most this many keys in one DeleteObjects call. */
const DELETE_BATCH = 1000;

/**
 * Photo files as objects in an S3-compatible bucket (AWS S3, MinIO, R2, ...),
 * used when S3_BUCKET is set. An object appears whole or not at all, so
 * nothing here needs a draft. The server still serves the files itself
 * (GET /api/photos/...): the bucket can stay private.
 */
export class S3PhotoStorage implements PhotoStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Given both, these keys; otherwise the SDK's own chain (environment, instance role, ...).
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // The SDK's newer default adds CRC checksums to every upload, which
      // several S3-compatible stores refuse; the content is small and sent whole.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertPhotoKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
  }

  async get(key: string): Promise<StoredPhotoFile | null> {
    assertPhotoKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
      return { body: answer.Body, size: answer.ContentLength };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) assertPhotoKey(key);
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      // DeleteObjects answers 200 even when some keys failed; those come back as Errors.
      const failed = (answer.Errors ?? []).filter((failure) => failure.Code !== 'NoSuchKey');
      if (failed.length > 0) throw new Error(`S3 kept ${failed.length} photo file(s): ${failed.map((failure) => `${failure.Key ?? '?'} (${failure.Code ?? 'unknown'})`).join(', ')}`);
    }
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}
