import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { BOOST_MESSAGES, BOOST_MINUTES, boostStartBodySchema, boostStartResponseSchema, boostStatusResponseSchema } from '../../contract/boost';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { signedInUser } from '../plugins/auth';
import { boostStatus, startDailyBoost } from './service';

const boostRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/boost',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['boost'],
        summary: "The caller's Boost: the one running, the last one, and whether today's VIP Boost is left",
        description: `A boost puts the member's card first in others' Discover and Spin for ${BOOST_MINUTES} minutes; views are the distinct people shown it.`,
        security: bearerSecurity,
        response: { 200: boostStatusResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await boostStatus(app.db, signedInUser(request), new Date())) }),
  );

  app.post(
    '/boost',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['boost'],
        summary: "Starts today's VIP Boost",
        description:
          `VIP members have one Boost a day (UTC) of ${BOOST_MINUTES} minutes. 403 for members without VIP (they buy one with coins: POST /coins/spend, item boost); ` +
          "409 while a boost runs or once today's is used. The same attemptId again answers with the boost it started.",
        security: bearerSecurity,
        body: boostStartBodySchema,
        response: { 200: boostStartResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { boost } = await startDailyBoost(app.db, signedInUser(request), request.body.attemptId, new Date());
      return { success: true as const, message: BOOST_MESSAGES.started, boost };
    },
  );
  done();
};

export default boostRoutes;
