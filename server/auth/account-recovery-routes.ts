import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  accountRecoveryResponseSchema,
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  forgotPasswordBodySchema,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_DONE_TWO_STEP_OFF_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
  resetLinkBodySchema,
  resetLinkResponseSchema,
  resetPasswordBodySchema,
  TWO_STEP_RESET_WINDOW_DAYS,
  VERIFICATION_SENT_MESSAGE,
  verifyEmailBodySchema,
} from '../../contract/auth/account-recovery';
import { sendVerificationEmail, verifyEmailWithLink } from './email-verification';
import { describeResetLink, resetPasswordWithLink, sendPasswordResetEmail } from './password-reset';
import { sendTwoStepNotice } from './two-step-notices';
import { signedInUser } from '../plugins/auth';
import { perIpLimit, type RateLimits } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

export interface AccountRecoveryRoutesOptions {
  rateLimits: Pick<RateLimits, 'accountEmailPerIp' | 'accountEmailPerAddress' | 'loginPerIp'>;
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
      config: perIpLimit(limits.accountEmailPerIp),
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
    '/auth/reset-password/link',
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags: ['auth'],
        summary: 'What a password-reset link leads to, before the new password is chosen',
        description:
          'Spends nothing. Says whether the account has two-step verification on, and whether it was turned on within ' +
          `${TWO_STEP_RESET_WINDOW_DAYS} days (\`recent\`), in which case the reset may turn it off. ` +
          'An unknown, expired or used link gets 400 "This link has expired or was already used. Ask for a new one."',
        body: resetLinkBodySchema,
        response: { 200: resetLinkResponseSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await describeResetLink(app.db, request.body.token, new Date())) };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link from a reset email',
        description:
          'Every session of the account ends; the member then signs in with the new password. ' +
          `With \`turnOffTwoStep\`, two-step verification turned on within ${TWO_STEP_RESET_WINDOW_DAYS} days goes off too, and the address is told by email; ` +
          'turned on earlier, the reset is refused (400) and the link still works. ' +
          'An unknown, expired or used link gets 400 "This link has expired or was already used. Ask for a new one."',
        body: resetPasswordBodySchema,
        response: { 200: accountRecoveryResponseSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => {
      const now = new Date();
      const reset = await resetPasswordWithLink(app.db, request.body, now);
      // Their open realtime connections close, and a live stream ends: the sessions behind them have ended.
      await app.live.endSignedOutStreams(reset.accountId);
      app.realtime.recheckMember(reset.accountId);
      if (!reset.twoStepTurnedOff) return { success: true as const, message: PASSWORD_RESET_DONE_MESSAGE };
      app.mailer.inBackground(() => sendTwoStepNotice(app.mailer, reset.account, 'turned-off-by-reset', now), request.log);
      return { success: true as const, message: PASSWORD_RESET_DONE_TWO_STEP_OFF_MESSAGE };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: perIpLimit(limits.loginPerIp),
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
      config: perIpLimit(limits.accountEmailPerIp),
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
