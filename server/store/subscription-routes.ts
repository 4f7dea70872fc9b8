import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { changePlanBodySchema, subscriptionChangeResponseSchema, subscriptionResponseSchema } from '../../contract/store/subscriptions';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { signedInUser } from '../plugins/auth';
import { cancelSubscription, changeSubscriptionPlan, currentSubscription, resumeSubscription } from './subscription-changes';
import { withdrawFromSubscription } from './subscription-withdrawal';

const tags = ['store'];

/** A member's VIP subscription: what it is, cancel, resume and change of plan. Starting one is a checkout (POST /store/checkout). */
const subscriptionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/store/subscription',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in member\'s VIP subscription, or null',
        security: bearerSecurity,
        response: { 200: subscriptionResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, subscription: await currentSubscription(app, signedInUser(request).id) }),
  );

  app.post(
    '/store/subscription/cancel',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Cancel at the period\'s end: no renewal, VIP stays until then',
        description: 'Confirmed by email. Cancelling a cancelled subscription changes nothing.',
        security: bearerSecurity,
        response: { 200: subscriptionChangeResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await cancelSubscription(app, signedInUser(request))) }),
  );

  app.post(
    '/store/subscription/resume',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Undo a cancel: the subscription renews again at the period\'s end',
        security: bearerSecurity,
        response: { 200: subscriptionChangeResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await resumeSubscription(app, signedInUser(request))) }),
  );

  app.post(
    '/store/subscription/withdraw',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Withdraw within 14 days of the first payment: the subscription ends now, refunded less the days used',
        description: 'The answer\'s subscription has ended. 409 once the 14 days have passed (cancel instead); 502 when the provider refused the refund (VIP has ended; the team refunds by hand).',
        security: bearerSecurity,
        response: { 200: subscriptionChangeResponseSchema, ...errorResponses(401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => ({ success: true as const, ...(await withdrawFromSubscription(app, signedInUser(request))) }),
  );

  app.post(
    '/store/subscription/plan',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Move the subscription to another VIP plan',
        description: 'The new level applies at once; the provider bills the new price from the next renewal, crediting the rest of this period.',
        security: bearerSecurity,
        body: changePlanBodySchema,
        response: { 200: subscriptionChangeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await changeSubscriptionPlan(app, signedInUser(request), request.body.planId)) }),
  );
  done();
};

export default subscriptionRoutes;
