import { Readable } from 'node:stream';
import type { FastifyError } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MISSING_MESSAGE,
  PHOTO_NOT_FOUND_MESSAGE,
  PHOTO_PICKABLE_TYPES,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_WIDTHS,
  PHOTOS_MAX,
  photoFileParamsSchema,
  photoParamsSchema,
  photosResponseSchema,
  reorderPhotosBodySchema,
  type PhotoWidth,
} from '../../contract/photos/photos';
import { signedInUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import type { RateLimitRule } from '../plugins/rate-limit';
import { matchesIfNoneMatch } from '../plugins/response-cache';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { toUserView } from '../members/views';
import { largestStoredStep } from './processing';
import { servableWidthsOf } from './queries';
import { deleteOwnPhoto, listOwnPhotos, reorderPhotos, uploadPhoto, type PhotoContext } from './service';
import { PHOTO_CONTENT_TYPE, photoFileKey } from './storage';

export interface PhotoRoutesOptions {
  /** Uploads per member: each one costs a decode and several encodes. */
  uploadLimit: RateLimitRule;
}

/**
 * A photo's files never change (a new photo gets a new id), but whether they
 * may be shown does: a ban or a deletion must reach browsers that hold a copy.
 * So a copy is fresh for ten minutes, then asked about again (a 304 while the
 * photo may still be shown, a 404 once it may not).
 */
const PHOTO_CACHE = 'public, max-age=600, must-revalidate';

const tags = ['user'];

/**
 * Content types the upload reads. The bytes decide what the file is, so an
 * untyped file (a browser gives a File of an extension it does not know an
 * empty type, sent as application/octet-stream) is read too.
 */
const UPLOAD_CONTENT_TYPES = [...PHOTO_PICKABLE_TYPES, 'application/octet-stream'];

/** The upload's body as OpenAPI shows it: the photo's bytes, under one of the image types. */
const photoUploadBodySchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value) && value.length > 0, { message: PHOTO_MISSING_MESSAGE })
  .meta({ type: 'string', format: 'binary', description: 'The photo file itself (not a form): JPEG, PNG or WebP, at most 15 MB' });

const photoFileResponse = {
  200: {
    description: 'The photo at that width, as WebP',
    content: { 'image/webp': { schema: z.custom<Readable>((value) => value instanceof Readable).meta({ type: 'string', format: 'binary' }) } },
  },
  304: z.undefined().describe('Not modified: the copy the browser holds (If-None-Match) is this one'),
  ...errorResponses(400, 404),
};

/**
 * POST /user/me/photos in a context of its own: the body is the photo's
 * bytes, read whole up to PHOTO_MAX_BYTES, and only image types are taken.
 * Everything else (JSON, forms, no type) is refused with the photo message
 * before a byte is read; the real type is then read from the bytes.
 */
const uploadRoute: FastifyPluginCallbackZod<PhotoRoutesOptions> = (app, options, done) => {
  const uploadLimiter = app.createKeyedLimiter({ ...options.uploadLimit, key: (request) => `photo|${signedInUser(request).id}` });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(UPLOAD_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, parsed) => parsed(null, body));
  app.addContentTypeParser('*', (_request, _payload, parsed) => parsed(new HttpError(415, PHOTO_TYPE_MESSAGE)));
  // The app's handler would name its own 1 MiB limit; this route's is the photo limit. Thrown on, the
  // error reaches the app's handler, which answers it like any other.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, PHOTO_TOO_LARGE_MESSAGE);
    throw error;
  });

  app.post(
    '/user/me/photos',
    {
      // Who is sending is settled before the body is read: a stranger's 15 MB is never taken in.
      onRequest: [app.requireUser, uploadLimiter],
      bodyLimit: PHOTO_MAX_BYTES,
      schema: {
        tags,
        summary: 'Add a photo to the signed-in member\'s profile',
        description:
          `The body is the image file itself, with its type as Content-Type (${UPLOAD_CONTENT_TYPES.join(', ')}); the real type is read from the bytes. ` +
          `It is oriented by its EXIF tag, re-encoded as WebP at ${PHOTO_WIDTHS.join(', ')} pixels wide (never enlarged) and stripped of all metadata, ` +
          `location included. Added last; the first photo is the main one (the avatar). ` +
          `413 over 15 MB, 415 for anything but a readable JPEG, PNG or WebP (HEIC the browser could not convert included), ` +
          `422 over 50 megapixels, 409 with ${PHOTOS_MAX} photos already. Uploads are limited per member (429).`,
        security: bearerSecurity,
        consumes: UPLOAD_CONTENT_TYPES,
        body: photoUploadBodySchema,
        response: { 201: photosResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const context: PhotoContext = { db: app.db, storage: app.photoStorage, log: request.log };
      const { earned, ...uploaded } = await uploadPhoto(context, signedInUser(request), request.body);
      if (earned) app.realtime.toMember(uploaded.user._id, 'coins:balance', { balance: earned.balanceAfter, entry: earned });
      return reply.code(201).send(uploaded);
    },
  );
  done();
};

const photoRoutes: FastifyPluginCallbackZod<PhotoRoutesOptions> = (app, options, done) => {
  const contextOf = (log: PhotoContext['log']): PhotoContext => ({ db: app.db, storage: app.photoStorage, log });

  void app.register(uploadRoute, options);

  app.get(
    '/user/me/photos',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in member\'s photos, main photo first',
        security: bearerSecurity,
        response: { 200: photosResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      return { photos: await listOwnPhotos(app.db, caller.id), user: toUserView(caller) };
    },
  );

  app.put(
    '/user/me/photos/order',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Put the signed-in member\'s photos in a new order',
        description: 'order lists every one of the member\'s photo ids once (400 otherwise); the first becomes the main photo and the avatar.',
        security: bearerSecurity,
        body: reorderPhotosBodySchema,
        response: { 200: photosResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reorderPhotos(app.db, signedInUser(request).id, request.body.order),
  );

  app.delete(
    '/user/me/photos/:photoId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Delete one of the signed-in member\'s photos',
        description:
          'The files go too. The next photo becomes the main one; without photos the generated picture comes back. ' +
          'Another member\'s photo reads as not found (404), like an unknown one.',
        security: bearerSecurity,
        params: photoParamsSchema,
        response: { 200: photosResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteOwnPhoto(contextOf(request.log), signedInUser(request).id, request.params.photoId),
  );

  // Public: an <img> carries no bearer token, and a photo's id is a random UUID only its profile hands out.
  app.get(
    '/photos/:photoId/:file',
    {
      // WebP is compressed already: @fastify/compress would spend CPU to gain nothing.
      compress: false,
      schema: {
        tags: ['media'],
        summary: 'A member\'s photo at one width (WebP)',
        description:
          'Fresh for ten minutes, then revalidated with its ETag (the file behind an address never changes, but a ban or a deletion must take it away). ' +
          'A width the photo was not stored at (it was narrower) is answered with its largest stored width. 404 once the photo is deleted or its member banned.',
        params: photoFileParamsSchema,
        response: photoFileResponse,
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      // A UUID in capitals names the same photo to PostgreSQL, but storage keys are the canonical lower case (it refused the key: a 500).
      const photoId = request.params.photoId.toLowerCase();
      const widths = await servableWidthsOf(app.db, photoId);
      const step = widths && largestStoredStep(widths, Number.parseInt(file, 10) as PhotoWidth);
      if (!step) throw new HttpError(404, PHOTO_NOT_FOUND_MESSAGE);
      const etag = `"${photoId}-${step}"`;
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
        return reply.code(304).header('etag', etag).header('cache-control', PHOTO_CACHE).send(undefined);
      }
      const stored = await app.photoStorage.get(photoFileKey(photoId, step));
      if (!stored) throw new HttpError(404, PHOTO_NOT_FOUND_MESSAGE);
      reply.header('etag', etag).header('cache-control', PHOTO_CACHE).type(PHOTO_CONTENT_TYPE);
      if (stored.size !== undefined) reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
  );
  done();
};

export default photoRoutes;
