import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contract/admin/console';
import { adjustCoinsBodySchema, adjustCoinsResponseSchema, adminCoinHistoryQuerySchema } from '../../contract/coins/admin';
import { coinHistoryResponseSchema } from '../../contract/coins/ledger';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { findUserOr404 } from '../admin/user-directory';
import { adjustCoins } from './adjustments';
import { coinHistoryOf } from './history';

const tags = ['admin'];

/** Operators' view of a member's coins and their grant or take; mounted with the other admin routes, behind their admin check. */
const adminCoinRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/user/:id/coins',
    {
      schema: {
        tags,
        summary: "A member's coin balance and ledger, newest entry first",
        security: bearerSecurity,
        params: idParamsSchema,
        querystring: adminCoinHistoryQuerySchema,
        response: { 200: coinHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const member = await findUserOr404(app.db, request.params.id);
      return { success: true as const, ...(await coinHistoryOf(app.db, member, request.query.page, request.query.limit)) };
    },
  );

  app.post(
    '/admin/user/:id/coins',
    {
      schema: {
        tags,
        summary: 'Grant coins to a member (a positive amount) or take them (a negative one), with a reason',
        description:
          'Written to the member\'s ledger (kind granted or taken, the reason as its reference) and to the audit log, together. ' +
          'requestId names this one change: sent again, it changes nothing and answers as the first time. ' +
          'Taking more than the balance is 409 "Not enough coins"; admin accounts hold no coins (403).',
        security: bearerSecurity,
        params: idParamsSchema,
        body: adjustCoinsBodySchema,
        response: { 200: adjustCoinsResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const adjustment = await adjustCoins(app.db, signedInUser(request).id, request.params.id, request.body, new Date());
      // After the commit: the member's open tabs show the new balance without a reload.
      app.realtime.toMember(request.params.id, 'coins:balance', { balance: adjustment.user.coins, entry: adjustment.entry });
      return { success: true as const, ...adjustment };
    },
  );
  done();
};

export default adminCoinRoutes;
