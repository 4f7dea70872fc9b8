import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageResponseSchema } from '../../../contract/admin';
import { giftListResponseSchema, saveGiftBodySchema, savedGiftResponseSchema } from '../../../contract/catalogue';
import { deleteGift, listGifts, saveGift } from '../../admin/catalogue';
import { signedInUser } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../error-responses';

const tags = ['admin'];

const giftRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/gifts',
    {
      schema: {
        tags,
        summary: 'Every gift, active or not',
        security: bearerSecurity,
        response: { 200: giftListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, gifts: await listGifts(app.db) }),
  );

  app.post(
    '/admin/gifts',
    {
      schema: {
        tags,
        summary: 'Create a gift, or update one when gift._id is given',
        description: 'Price is in coins (a positive whole number). 201 when created, 200 when updated.',
        security: bearerSecurity,
        body: saveGiftBodySchema,
        response: { 200: savedGiftResponseSchema, 201: savedGiftResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const saved = await saveGift(app.db, signedInUser(request).id, request.body.gift);
      return reply.code(saved.created ? 201 : 200).send({ success: true as const, message: saved.message, gift: saved.item });
    },
  );

  app.delete(
    '/admin/gifts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a gift',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, message: await deleteGift(app.db, signedInUser(request).id, request.params.id) }),
  );
  done();
};

export default giftRoutes;
