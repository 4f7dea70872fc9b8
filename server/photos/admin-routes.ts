import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contract/admin/console';
import { adminMemberPhotoParamsSchema, adminMemberPhotosResponseSchema, adminPhotoRemovedResponseSchema } from '../../contract/photos/admin';
import { PHOTO_REMOVED_NOTICE } from '../../contract/notices';
import { findUserOr404 } from '../admin/user-directory';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { listOwnPhotos, removePhotoAsModerator } from './service';

const tags = ['admin'];

/** Operators' photo moderation; mounted with the other admin routes, behind their admin check. */
const adminPhotoRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/users/:id/photos',
    {
      schema: {
        tags,
        summary: 'A member\'s photos, main photo first',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: adminMemberPhotosResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const member = await findUserOr404(app.db, request.params.id);
      return { success: true as const, photos: await listOwnPhotos(app.db, member.id) };
    },
  );

  app.post(
    '/admin/users/:id/photos/:photoId/remove',
    {
      schema: {
        tags,
        summary: 'Remove a member\'s photo that breaks the rules',
        description:
          `The photo and its files are deleted and the member gets a notice: "${PHOTO_REMOVED_NOTICE}" ` +
          'Recorded in the audit log. A photo that is not that member\'s (or is gone already) is 404.',
        security: bearerSecurity,
        params: adminMemberPhotoParamsSchema,
        response: { 200: adminPhotoRemovedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const context = { db: app.db, storage: app.photoStorage, log: request.log };
      const removal = await removePhotoAsModerator(context, signedInUser(request).id, request.params.id, request.params.photoId);
      return { success: true as const, ...removal };
    },
  );
  done();
};

export default adminPhotoRoutes;
