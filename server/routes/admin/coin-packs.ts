import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageResponseSchema } from '../../../contract/admin';
import { adminCoinPackListResponseSchema, saveCoinPackBodySchema, savedCoinPackResponseSchema } from '../../../contract/catalogue';
import { deleteCoinPack, listCoinPacks, saveCoinPack } from '../../admin/catalogue';
import { signedInUser } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../error-responses';

const tags = ['admin'];

const coinPackRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/coinpacks',
    {
      schema: {
        tags,
        summary: 'Every coin pack, active or not',
        security: bearerSecurity,
        response: { 200: adminCoinPackListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, coinPacks: await listCoinPacks(app.db) }),
  );

  app.post(
    '/admin/coinpacks',
    {
      schema: {
        tags,
        summary: 'Create a coin pack, or update one when coinPack._id is given',
        description: 'Coins a positive whole number, price greater than 0 with at most 2 decimals. 201 when created, 200 when updated.',
        security: bearerSecurity,
        body: saveCoinPackBodySchema,
        response: { 200: savedCoinPackResponseSchema, 201: savedCoinPackResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const saved = await saveCoinPack(app.db, signedInUser(request).id, request.body.coinPack);
      return reply.code(saved.created ? 201 : 200).send({ success: true as const, message: saved.message, coinPack: saved.item });
    },
  );

  app.delete(
    '/admin/coinpacks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a coin pack',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, message: await deleteCoinPack(app.db, signedInUser(request).id, request.params.id) }),
  );
  done();
};

export default coinPackRoutes;
