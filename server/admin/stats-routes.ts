import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminStatsResponseSchema } from '../../contract/admin/console';
import { readAdminStats } from './stats';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const statsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dashboard figures: user counts and revenue',
        description:
          'Users: member accounts in total, seen in the last 7 days (active), with VIP that has not expired, and banned. ' +
          'Revenue: purchases since the start of the current UTC day, ISO week (Monday) and month.',
        security: bearerSecurity,
        response: { 200: adminStatsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, ...(await readAdminStats(app.db, new Date())) }),
  );
  done();
};

export default statsRoutes;
