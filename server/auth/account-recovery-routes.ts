import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  accountRecoveryResponseSchema,
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  forgotPasswordBodySchema,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
  resetPasswordBodySchema,
  VERIFICATION_SENT_MESSAGE,
  verifyEmailBodySchema,
} from '../../contract/auth/account-recovery';
import { sendVerificationEmail, verifyEmailWithLink } from './email-verification';
import { resetPasswordWithLink, sendPasswordResetEmail } from './password-reset';
import { signedInUser } from '../plugins/auth';
import type { RateLimitRule, RateLimits } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

export interface AccountRecoveryRoutesOptions {
  rateLimits: Pick<RateLimits, 'accountEmailPerIp' | 'accountEmailPerAddress' | 'loginPerIp'>;
}

function perIp(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.windowMs } };
}

/** The address a reset is asked for, as validated (trimmed, lower case). */
function requestedAddress(request: FastifyRequest): string {
  const body = request.body;
  return typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? body.email : '';
}

/** Forgot password, reset by email link, and proving the account's address (issue 37 finding 5). */
const accountRecoveryRoutes: FastifyPluginCallbackZod<AccountRecoveryRoutesOptions> = (app, options, done) => {
  const limits = options.rateLimits;

  app.post(
    '/auth/forgot-password',
    {
      config: perIp(limits.accountEmailPerIp),
      preHandler: app.createKeyedLimiter({ ...limits.accountEmailPerAddress, key: (request) => `reset|${requestedAddress(request)}` }),
      schema: {
        tags: ['auth'],
        summary: 'Email a password-reset link to a member account',
        description:
          'Always the same 200 answer, whether or not an account uses the address; the email goes out after the answer. ' +
          `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes, and a newer request makes older links stop working. ` +
          'Limited per IP and per address (429).',
        body: forgotPasswordBodySchema,
        response: { 200: accountRecoveryResponseSchema, ...errorResponses(400, 413, 429) },
      },
    },
    (request) => {
      const now = new Date();
      const { email } = request.body;
      app.mailer.inBackground(() => sendPasswordResetEmail(app.db, app.mailer, email, now), request.log);
      return { success: true as const, message: PASSWORD_RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: perIp(limits.loginPerIp),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link from a reset email',
        description:
          'Every session of the account ends; the member then signs in with the new password. ' +
          'An unknown, expired or used link gets 400 "This link has expired or was already used. Ask for a new one."',
        body: resetPasswordBodySchema,
        response: { 200: accountRecoveryResponseSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => {
      const userId = await resetPasswordWithLink(app.db, request.body, new Date());
      // Their open realtime connections close, and a live stream ends: the sessions behind them have ended.
      await app.live.endSignedOutStreams(userId);
      app.realtime.recheckMember(userId);
      return { success: true as const, message: PASSWORD_RESET_DONE_MESSAGE };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: perIp(limits.loginPerIp),
      schema: {
        tags: ['auth'],
        summary: 'Prove an account\'s email address with the link from a verification email',
        description:
          'Verifies the address the link was sent to, only while it is still the account\'s. ' +
          'An unknown, expired or used link gets 400 "This link has expired or was already used. Ask for a new one."',
        body: verifyEmailBodySchema,
        response: { 200: accountRecoveryResponseSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => {
      await verifyEmailWithLink(app.db, request.body.token, new Date());
      return { success: true as const, message: EMAIL_VERIFIED_MESSAGE };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      config: perIp(limits.accountEmailPerIp),
      preHandler: [app.requireUser, app.createKeyedLimiter({ ...limits.accountEmailPerAddress, key: (request) => `verify|${signedInUser(request).id}` })],
      schema: {
        tags: ['auth'],
        summary: 'Email the signed-in member a new link to verify their address',
        description: 'Older verification links stop working. Limited per IP and per account (429).',
        security: bearerSecurity,
        response: { 200: accountRecoveryResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    (request) => {
      const member = signedInUser(request);
      if (member.emailVerifiedAt !== null) return { success: true as const, message: EMAIL_ALREADY_VERIFIED_MESSAGE };
      const now = new Date();
      app.mailer.inBackground(() => sendVerificationEmail(app.db, app.mailer, member, now), request.log);
      return { success: true as const, message: VERIFICATION_SENT_MESSAGE };
    },
  );

  done();
};

export default accountRecoveryRoutes;
