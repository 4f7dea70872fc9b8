import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  blockedListResponseSchema,
  personParamsSchema,
  REPORT_DETAILS_MAX,
  reportBodySchema,
  safetyMessageResponseSchema,
} from '../../contract/safety';
import { publishConversationEnded } from '../messaging/publish';
import { signedInUser } from '../plugins/auth';
import type { RateLimitRule } from '../plugins/rate-limit';
import { blockPerson, listBlocked, reportPerson, unblockPerson } from './member-safety';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

export interface SafetyRoutesOptions {
  /** Reports per account: reporting is not a way to flood the operators' queue. */
  reportLimit: RateLimitRule;
}

const tags = ['safety'];

const safetyRoutes: FastifyPluginCallbackZod<SafetyRoutesOptions> = (app, options, done) => {
  // Keyed by account, not address: the guard has run, so the caller is known.
  const reportLimiter = app.createKeyedLimiter({ ...options.reportLimit, key: (request) => `report|${signedInUser(request).id}` });

  app.get(
    '/users/blocked',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The people the caller blocked, newest block first',
        description: 'Only the caller\'s own blocks; who blocked the caller is never shown.',
        security: bearerSecurity,
        response: { 200: blockedListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, blocked: await listBlocked(app.db, signedInUser(request).id) }),
  );

  app.post(
    '/users/:id/block',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Block someone',
        description:
          'The two people stop seeing each other everywhere (Discover, Spin, Radar, Matches, profiles, likes), whoever blocked whom, ' +
          'and a match between them ends. Blocking again changes nothing and still succeeds. Blocking oneself is 400. ' +
          'The answer names nobody and is the same for an unknown or admin account (nothing is stored) and for someone who blocked the caller, ' +
          'so it never tells whether the person exists or blocked the caller. A banned member can be blocked.',
        security: bearerSecurity,
        params: personParamsSchema,
        response: { 200: safetyMessageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const callerId = signedInUser(request).id;
      const { message, endedMatch } = await blockPerson(app.db, callerId, request.params.id);
      // The other member learns only that the conversation ended, as after an unmatch.
      if (endedMatch) publishConversationEnded(app.realtime, callerId, request.params.id);
      // A call between them ends at once (there is one only while they were matched, so a block on a stranger tells nothing).
      await app.calls.endPairCalls(callerId, request.params.id, 'blocked');
      // Neither may go on watching the other's live stream.
      await app.live.removeBlockedPair(callerId, request.params.id);
      return { success: true as const, message };
    },
  );

  app.delete(
    '/users/:id/block',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Unblock someone',
        description:
          'Succeeds whether or not the person was blocked, and alike for an unknown id. The match a block ended does not come back.',
        security: bearerSecurity,
        params: personParamsSchema,
        response: { 200: safetyMessageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, message: await unblockPerson(app.db, signedInUser(request).id, request.params.id) }),
  );

  app.post(
    '/users/:id/report',
    {
      preHandler: [app.requireUser, reportLimiter],
      schema: {
        tags,
        summary: 'Report someone to the operators',
        description:
          `A reason, optional details (up to ${REPORT_DETAILS_MAX} characters), block (default true: the person is blocked in the same step) ` +
          'and photoId when the report is about one of their photos (404 when it is not one of theirs). ' +
          'A second report while the first is still open amends it rather than adding another. Reporting oneself is 400. ' +
          'The answer names nobody and is the same for an unknown or admin account (nothing is stored) and for someone who blocked the caller ' +
          '(stored, for the operators). Reports are limited per account (429).',
        security: bearerSecurity,
        params: personParamsSchema,
        body: reportBodySchema,
        response: { 201: safetyMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const callerId = signedInUser(request).id;
      const { message, endedMatch } = await reportPerson(app.db, callerId, request.params.id, request.body);
      if (endedMatch) publishConversationEnded(app.realtime, callerId, request.params.id);
      if (request.body.block) {
        await app.calls.endPairCalls(callerId, request.params.id, 'blocked');
        await app.live.removeBlockedPair(callerId, request.params.id);
      }
      return reply.code(201).send({ success: true as const, message });
    },
  );
  done();
};

export default safetyRoutes;
