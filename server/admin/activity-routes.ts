import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { activityQuerySchema, activityResponseSchema } from '../../contract/admin/console';
import { readRecentActivity } from './activity';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const activityRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/activity',
    {
      schema: {
        tags: ['admin'],
        summary: 'The newest entries of the admin audit log',
        description: 'Who did what to which record, newest first (limit 1 to 100, default 10).',
        security: bearerSecurity,
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, activity: await readRecentActivity(app.db, request.query.limit) }),
  );
  done();
};

export default activityRoutes;
