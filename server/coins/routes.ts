import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { COIN_HISTORY_PAGE_SIZE, coinHistoryQuerySchema, coinHistoryResponseSchema } from '../../contract/coins/ledger';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { coinHistoryOf } from './history';

/** The member's own coins: the balance and every change of it. */
const coinRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/coins/history',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['store'],
        summary: 'The signed-in member\'s coin balance and its history, newest first',
        description: `Every change of the balance (bought, earned, granted, taken, spent), with why and the balance after it; ${COIN_HISTORY_PAGE_SIZE} a page.`,
        security: bearerSecurity,
        querystring: coinHistoryQuerySchema,
        response: { 200: coinHistoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await coinHistoryOf(app.db, signedInUser(request), request.query.page, COIN_HISTORY_PAGE_SIZE)) }),
  );
  done();
};

export default coinRoutes;
