import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contract/admin/console';
import { adminReportListResponseSchema, adminReportsQuerySchema } from '../../contract/admin/reports';
import { safetyMessageResponseSchema } from '../../contract/safety';
import { listReports, resolveReport } from './reports';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const tags = ['admin'];

const reportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/reports',
    {
      schema: {
        tags,
        summary: 'Reports about members, paged',
        description:
          'status is open (the default; newest first) or resolved (most recently resolved first); 10 a page by default. ' +
          'Each report names the reporter and the reported person and counts the open reports against that person.',
        security: bearerSecurity,
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await listReports(app.db, request.query)) }),
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Mark a report resolved',
        description: 'Recorded in the audit log. Resolving an already resolved report succeeds and changes nothing.',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: safetyMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, message: await resolveReport(app.db, signedInUser(request).id, request.params.id, new Date()) }),
  );
  done();
};

export default reportRoutes;
