import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  SIGN_IN_LINK_OPENED_MESSAGE,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_LINK_TTL_MINUTES,
  signInLinkOpenBodySchema,
  signInLinkOpenedResponseSchema,
  signInLinkRequestBodySchema,
} from '../../contract/auth/sign-in-link';
import { accountRecoveryResponseSchema } from '../../contract/auth/account-recovery';
import { perIpLimit, type RateLimits } from '../plugins/rate-limit';
import { errorResponses } from '../lib/error-responses';
import { honouredDeviceId, rememberDevice } from './device-cookie';
import { openSignInLink, sendSignInLinkEmail } from './sign-in-link';

export interface SignInLinkRoutesOptions {
  rateLimits: Pick<RateLimits, 'accountEmailPerIp' | 'accountEmailPerAddress' | 'loginPerIp'>;
}

/** The username a link is asked for, as validated (trimmed), in lower case like account names. */
function requestedUsername(request: FastifyRequest): string {
  const body = request.body;
  return typeof body === 'object' && body !== null && 'username' in body && typeof body.username === 'string' ? body.username.toLowerCase() : '';
}

/**
 * A sign-in link by email once wrong passwords lock new browsers out of an
 * account (issue 50, finding 9): the owner proves control of the email, and
 * the browser that opens the link becomes a known device, judged by its own
 * failures only. It never signs in by itself.
 */
const signInLinkRoutes: FastifyPluginCallbackZod<SignInLinkRoutesOptions> = (app, options, done) => {
  const limits = options.rateLimits;

  app.post(
    '/auth/sign-in-link',
    {
      config: perIpLimit(limits.accountEmailPerIp),
      preHandler: app.createKeyedLimiter({ ...limits.accountEmailPerAddress, key: (request) => `sign-in|${requestedUsername(request)}` }),
      schema: {
        tags: ['auth'],
        summary: 'Email a member account a link that lets one more browser sign in',
        description:
          'Offered by a 429 at sign-in with code "sign-in-link-offered". Always the same 200 answer, whether or not the username names ' +
          `a member account; the email goes out after the answer. The link works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes, and a newer ` +
          'request makes older links stop working. Limited per IP and per username (429).',
        body: signInLinkRequestBodySchema,
        response: { 200: accountRecoveryResponseSchema, ...errorResponses(400, 413, 429) },
      },
    },
    (request) => {
      const now = new Date();
      const { username } = request.body;
      app.mailer.inBackground(() => sendSignInLinkEmail(app.db, app.mailer, username, now), request.log);
      return { success: true as const, message: SIGN_IN_LINK_SENT_MESSAGE };
    },
  );

  app.post(
    '/auth/sign-in-link/open',
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags: ['auth'],
        summary: 'Make this browser a known device of the account a sign-in link was sent for',
        description:
          'Spends the link and sets this browser\'s device cookie for the account (one of its 10 newest browsers), so its sign-in ' +
          'attempts count against its own failures only. Signs nobody in: the password, and the two-step code where it is on, are still asked. ' +
          'An unknown, expired or used link gets 400 "This link has expired or was already used. Ask for a new one."',
        body: signInLinkOpenBodySchema,
        response: { 200: signInLinkOpenedResponseSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const now = new Date();
      const { accountId, username } = await openSignInLink(app.db, request.body.token, now);
      // A browser already known keeps its id and the failures counted against it.
      const deviceId = await honouredDeviceId(app.db, request, 'user', accountId);
      await rememberDevice(app.db, request, reply, { door: 'user', accountId, deviceId }, now);
      return { success: true as const, message: SIGN_IN_LINK_OPENED_MESSAGE, username };
    },
  );

  done();
};

export default signInLinkRoutes;
