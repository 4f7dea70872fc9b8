import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CREATOR_MIN_AGE,
  CREATOR_SHARE_PERCENT,
  WITHDRAWAL_MIN_MINOR,
  creatorEnrolBodySchema,
  creatorIdentityBodySchema,
  creatorIdentitySchema,
  creatorStatusResponseSchema,
  withdrawalRequestBodySchema,
  withdrawalRequestResponseSchema,
} from '../../contract/creators';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { creatorStatus, enrolCreator } from './service';
import { requestWithdrawal } from './withdrawals';
import { submitIdentity } from './identity';
import { z } from 'zod';

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

  app.put(
    '/creators/me/identity',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Give (or change) who the creator is, for payouts: legal name, date of birth, address, tax id',
        description: `Creators only (403). ${CREATOR_MIN_AGE} or over by the date of birth (400). A changed identity waits for an admin's new check before the next payout.`,
        security: bearerSecurity,
        body: creatorIdentityBodySchema,
        response: { 200: z.object({ success: z.literal(true), identity: creatorIdentitySchema }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, identity: await submitIdentity(app.db, signedInUser(request), request.body, new Date()) }),
  );

  app.post(
    '/creators/me/withdrawals',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Ask for withdrawable earnings to be paid out; the amount is held at once',
        description: `At least ${WITHDRAWAL_MIN_MINOR} smallest units and at most what is withdrawable in that currency (400 with the numbers); the account is checked for form (400 on the field). A retry with the same requestId answers 200 with the withdrawal it made. Creators only (403).`,
        security: bearerSecurity,
        body: withdrawalRequestBodySchema,
        response: { 200: withdrawalRequestResponseSchema, 201: withdrawalRequestResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { created, withdrawal } = await requestWithdrawal(app.db, signedInUser(request), request.body, new Date());
      return reply.code(created ? 201 : 200).send({ success: true as const, message: 'Withdrawal requested', withdrawal });
    },
  );
  done();
};

export default creatorRoutes;
