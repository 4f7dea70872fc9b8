import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { COIN_HISTORY_PAGE_SIZE, coinHistoryQuerySchema, coinHistoryResponseSchema } from '../../contract/coins/ledger';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { coinHistoryOf } from './history';
import { coinPricesFor, spendCoins } from './spending';
import { coinPricesResponseSchema, coinSpendBodySchema, coinSpendResponseSchema } from '../../contract/coins/spending';

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

  app.get(
    '/coins/prices',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['store'],
        summary: 'What coins buy, at what price, and what the member holds of it',
        description: "Each item's price in coins with its real-money value at the smallest pack's price per coin (rounded up, VAT included).",
        security: bearerSecurity,
        response: { 200: coinPricesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await coinPricesFor(app.db, signedInUser(request).id)) }),
  );

  app.post(
    '/coins/spend',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['store'],
        summary: 'Buy an item with coins',
        description:
          'One ledger entry (kind spent) and the item, in one transaction. The same attemptId again spends once and answers the same. ' +
          'Past the balance: 409 "Not enough coins", nothing taken. A VIP member buys no extra likes (409).',
        security: bearerSecurity,
        body: coinSpendBodySchema,
        response: { 200: coinSpendResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const member = signedInUser(request);
      const { replayed, ...spend } = await spendCoins(app.db, member, request.body, new Date());
      if (!replayed) app.realtime.toMember(member.id, 'coins:balance', { balance: spend.entry.balanceAfter, entry: spend.entry });
      return { success: true as const, ...spend };
    },
  );
  done();
};

export default coinRoutes;
