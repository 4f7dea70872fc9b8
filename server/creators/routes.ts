import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { CREATOR_MIN_AGE, CREATOR_SHARE_PERCENT, creatorEnrolBodySchema, creatorStatusResponseSchema } from '../../contract/creators';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { creatorStatus, enrolCreator } from './service';

const tags = ['creators'];

/** A member's creator enrolment and earnings (issue 49). */
const creatorRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/creators/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Whether the member is a creator, the creator terms, and the member's earnings",
        description: `Creators earn ${CREATOR_SHARE_PERCENT}% of the money behind the bought coins gifted to them in their live streams. Balances are per currency, pending or withdrawable, test earnings (from test payments) apart.`,
        security: bearerSecurity,
        response: { 200: creatorStatusResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => creatorStatus(app.db, signedInUser(request), new Date()),
  );

  app.post(
    '/creators/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Enrol as a creator, accepting the creator terms',
        description: `Members ${CREATOR_MIN_AGE} or over (403 otherwise); 400 without acceptTerms: true. Enrolling again records the current terms.`,
        security: bearerSecurity,
        body: creatorEnrolBodySchema,
        response: { 200: creatorStatusResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => enrolCreator(app.db, signedInUser(request), new Date()),
  );
  done();
};

export default creatorRoutes;
