import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  approveWithdrawalBodySchema,
  idParamsSchema,
  rejectWithdrawalBodySchema,
  withdrawalActionResponseSchema,
  withdrawalListResponseSchema,
  withdrawalsQuerySchema,
} from '../../contract/admin/console';
import { decideWithdrawal, listWithdrawals } from './withdrawals';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const tags = ['admin'];
const decidedOnce = 'Only a pending withdrawal can be decided: a second approval or rejection is 409, even when two arrive at once.';

const withdrawalRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/withdrawals/all',
    {
      schema: {
        tags,
        summary: 'Withdrawal requests, newest first, optionally by status',
        security: bearerSecurity,
        querystring: withdrawalsQuerySchema,
        response: { 200: withdrawalListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await listWithdrawals(app.db, request.query)) }),
  );

  app.post(
    '/admin/withdrawals/approve/:id',
    {
      schema: {
        tags,
        summary: 'Approve a pending withdrawal with the payout transaction id',
        description: decidedOnce,
        security: bearerSecurity,
        params: idParamsSchema,
        body: approveWithdrawalBodySchema,
        response: { 200: withdrawalActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decision = { kind: 'approve' as const, txnId: request.body.txnId };
      return { success: true as const, ...(await decideWithdrawal(app.db, signedInUser(request).id, request.params.id, decision, new Date())) };
    },
  );

  app.post(
    '/admin/withdrawals/reject/:id',
    {
      schema: {
        tags,
        summary: 'Reject a pending withdrawal with a reason',
        description: decidedOnce,
        security: bearerSecurity,
        params: idParamsSchema,
        body: rejectWithdrawalBodySchema,
        response: { 200: withdrawalActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decision = { kind: 'reject' as const, reason: request.body.reason };
      return { success: true as const, ...(await decideWithdrawal(app.db, signedInUser(request).id, request.params.id, decision, new Date())) };
    },
  );
  done();
};

export default withdrawalRoutes;
