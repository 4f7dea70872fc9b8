import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { RECONCILIATION_RUNS_SHOWN, reconciliationRunsResponseSchema } from '../../contract/store/reconciliation';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { recentReconciliationRuns } from './reconciliation';

/** The admin's view of the daily reconciliation (mounted under the admin routes' guard). */
const reconciliationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/reconciliation',
    {
      schema: {
        tags: ['admin'],
        summary: 'The daily reconciliation runs, newest first',
        description: `The last ${RECONCILIATION_RUNS_SHOWN} days: members whose balance is not the sum of their ledger entries, and payments granted that the provider does not confirm.`,
        security: bearerSecurity,
        response: { 200: reconciliationRunsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, runs: await recentReconciliationRuns(app) }),
  );
  done();
};

export default reconciliationRoutes;
