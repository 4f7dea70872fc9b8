import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageResponseSchema } from '../../../contract/admin';
import { adminVipPlanListResponseSchema, saveVipPlanBodySchema, savedVipPlanResponseSchema } from '../../../contract/catalogue';
import { deleteVipPlan, listVipPlans, saveVipPlan } from '../../admin/catalogue';
import { signedInUser } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../error-responses';

const tags = ['admin'];

const vipPlanRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/vipplans',
    {
      schema: {
        tags,
        summary: 'Every VIP plan, active or not',
        security: bearerSecurity,
        response: { 200: adminVipPlanListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, vipPlans: await listVipPlans(app.db) }),
  );

  app.post(
    '/admin/vipplans',
    {
      schema: {
        tags,
        summary: 'Create a VIP plan, or update one when vipPlan._id is given',
        description: 'Duration 1 to 3650 days, price greater than 0 with at most 2 decimals, features a list of text. 201 when created, 200 when updated.',
        security: bearerSecurity,
        body: saveVipPlanBodySchema,
        response: { 200: savedVipPlanResponseSchema, 201: savedVipPlanResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const saved = await saveVipPlan(app.db, signedInUser(request).id, request.body.vipPlan);
      return reply.code(saved.created ? 201 : 200).send({ success: true as const, message: saved.message, vipPlan: saved.item });
    },
  );

  app.delete(
    '/admin/vipplans/:id',
    {
      schema: {
        tags,
        summary: 'Delete a VIP plan',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, message: await deleteVipPlan(app.db, signedInUser(request).id, request.params.id) }),
  );
  done();
};

export default vipPlanRoutes;
