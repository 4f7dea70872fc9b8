import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  approveWithdrawalBodySchema,
  idParamsSchema,
  rejectWithdrawalBodySchema,
  returnedWithdrawalBodySchema,
  withdrawalActionResponseSchema,
  withdrawalListResponseSchema,
  withdrawalsQuerySchema,
} from '../../contract/admin/console';
import { decideWithdrawal, listWithdrawals } from './withdrawals';
import { creatorIdentitySchema, identityCheckBodySchema } from '../../contract/creators';
import { recordIdentityChecked } from '../creators/identity';
import { z } from 'zod';
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
    async (request) => ({ success: true as const, ...(await listWithdrawals(app.db, request.query, new Date())) }),
  );

  app.post(
    '/admin/withdrawals/approve/:id',
    {
      schema: {
        tags,
        summary: 'Approve a pending withdrawal with the payout transaction id (and its fee)',
        description: `${decidedOnce} A banned member's withdrawals are frozen (409). The manual payout provider: the admin has paid outside Orbit.`,
        security: bearerSecurity,
        params: idParamsSchema,
        body: approveWithdrawalBodySchema,
        response: { 200: withdrawalActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decision = { kind: 'approve' as const, txnId: request.body.txnId, feeMinor: request.body.feeMinor ?? 0 };
      return { success: true as const, ...(await decideWithdrawal(app.db, signedInUser(request).id, request.params.id, decision, new Date())) };
    },
  );

  app.post(
    '/admin/withdrawals/reject/:id',
    {
      schema: {
        tags,
        summary: 'Reject a pending withdrawal with a reason; its hold goes back to the member',
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

  app.post(
    '/admin/creators/:id/identity-check',
    {
      schema: {
        tags,
        summary: "Record a creator's identity as checked against documents and screened against sanctions lists",
        description: 'Needed before their first payout is approved (409 then). 404 when the member gave no identity.',
        security: bearerSecurity,
        params: idParamsSchema,
        body: identityCheckBodySchema,
        response: { 200: z.object({ success: z.literal(true), identity: creatorIdentitySchema }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, identity: await recordIdentityChecked(app.db, signedInUser(request).id, request.params.id, new Date()) }),
  );

  app.post(
    '/admin/withdrawals/returned/:id',
    {
      schema: {
        tags,
        summary: 'Mark an approved payout returned (it bounced); its amount goes back to the member',
        description: 'Only an approved withdrawal can be marked returned (409 otherwise, also when two arrive at once).',
        security: bearerSecurity,
        params: idParamsSchema,
        body: returnedWithdrawalBodySchema,
        response: { 200: withdrawalActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decision = { kind: 'returned' as const, reason: request.body.reason };
      return { success: true as const, ...(await decideWithdrawal(app.db, signedInUser(request).id, request.params.id, decision, new Date())) };
    },
  );
  done();
};

export default withdrawalRoutes;
