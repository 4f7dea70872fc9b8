import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { CURRENT_PASSWORD_INCORRECT } from '../../contract/auth/sign-in';
import {
  enrolTicketBodySchema,
  MFA_ALREADY_ON,
  enrolTicketConfirmBodySchema,
  enrolTicketConfirmResponseSchema,
  loginCodeBodySchema,
  loginCodeResponseSchema,
  MFA_DISABLED_MESSAGE,
  MFA_ENABLED_MESSAGE,
  MFA_NOT_ON,
  mfaConfirmBodySchema,
  mfaDisableBodySchema,
  mfaMessageResponseSchema,
  mfaSetupBodySchema,
  mfaStatusResponseSchema,
  recoveryCodesResponseSchema,
  totpSetupResponseSchema,
} from '../../contract/auth/mfa';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { verifyPassword } from './passwords';
import { giveBackSecondStepTicket, spendSecondStepTicket, startSignedInSession, ticketHolder, totpRequired } from './second-step';
import { disableTotp } from './queries/accounts';
import { beginCodeAttempt, beginEnrolment, checkCode, confirmEnrolment, isTotpEnabled, replaceRecoveryCodes, withdrawCodeAttempt } from './totp';
import { signedInUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { perIpLimit, type RateLimitRule } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { sendTwoStepNotice } from './two-step-notices';

export interface MfaRoutesOptions {
  /** Per IP, as for the password step: the code step is the same door. */
  codeAttemptsPerIp: RateLimitRule;
}

export const ADMIN_MUST_KEEP_MFA = 'Admin accounts must keep two-step verification on';

/**
 * The current password, asked again before two-step verification is set up
 * or turned off, so a stolen session alone can do neither. A wrong one counts
 * like a wrong code, so the two together cannot be guessed faster than either.
 */
async function proveCurrentPassword(db: OrbitDatabase, user: UserRow, password: string, now: Date): Promise<void> {
  const attempt = await beginCodeAttempt(db, user.id, now);
  if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError(400, CURRENT_PASSWORD_INCORRECT);
  await withdrawCodeAttempt(db, attempt);
}

/**
 * Two-step verification: the code step of a sign-in, enrolment at sign-in
 * (admins in production), and setting it up or turning it off when signed in.
 */
const mfaRoutes: FastifyPluginCallbackZod<MfaRoutesOptions> = (app, options, done) => {
  const perIp = perIpLimit(options.codeAttemptsPerIp);

  app.post(
    '/auth/login/code',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        summary: 'Second step of a sign-in: the authenticator code (user or admin)',
        description:
          'Takes the ticket the password step answered with `secondFactor: "code"` and a six-digit code from the authenticator app, ' +
          'or one of the recovery codes (each works once). A code already used is refused. ' +
          'Wrong codes count against the account: after 5 in 15 minutes, 429. The ticket lasts 5 minutes.',
        body: loginCodeBodySchema,
        response: { 200: loginCodeResponseSchema, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const now = new Date();
      const { user, remember, ticket } = await ticketHolder(app, request.body.ticket, 'code', now);
      // Spent before the code is checked, so a second request with the ticket uses up no recovery code;
      // given back when the code is wrong, so a typo does not send the member back to their password.
      await spendSecondStepTicket(app, ticket, now);
      await checkCode(app, user, request.body.code, { allowRecoveryCode: true, wrongCodeStatus: 401 }, now).catch(async (error: unknown) => {
        await giveBackSecondStepTicket(app, ticket);
        throw error;
      });
      const { token } = await startSignedInSession(app, user, { remember, userAgent: request.headers['user-agent'] }, now);
      return { success: true as const, message: user.role === 'admin' ? 'Admin login successful' : 'Login successful', token };
    },
  );

  app.post(
    '/auth/login/enrol',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        summary: 'Enrolment at sign-in: a new authenticator secret (admins in production)',
        description:
          'Takes the ticket the password step answered with `secondFactor: "enrol"`. Answers a new secret, its otpauth:// URI and a QR code; ' +
          'asking again replaces the secret. 409 once an authenticator is on.',
        body: enrolTicketBodySchema,
        response: { 200: totpSetupResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const { user } = await ticketHolder(app, request.body.ticket, 'enrol', new Date());
      void reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await beginEnrolment(app, user)) };
    },
  );

  app.post(
    '/auth/login/enrol/confirm',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        summary: 'Enrolment at sign-in: confirm with a first code, and sign in',
        description:
          'A code from the newly added authenticator turns two-step verification on and signs in. ' +
          'Answers the session token and 10 recovery codes, shown this once. A wrong code is 400 and counts against the account (429 after 5 in 15 minutes).',
        body: enrolTicketConfirmBodySchema,
        response: { 200: enrolTicketConfirmResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { user, remember } = await ticketHolder(app, request.body.ticket, 'enrol', now);
      const recoveryCodes = await confirmEnrolment(app, user, request.body.code, 400, now);
      app.mailer.inBackground(() => sendTwoStepNotice(app.mailer, user, 'turned-on', now), request.log);
      const { token } = await startSignedInSession(app, user, { remember, userAgent: request.headers['user-agent'] }, now);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, message: MFA_ENABLED_MESSAGE, token, recoveryCodes };
    },
  );

  app.get(
    '/auth/mfa',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Whether two-step verification is on for the signed-in account (user or admin)',
        security: bearerSecurity,
        response: { 200: mfaStatusResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      void reply.header('cache-control', 'no-store');
      const enabled = isTotpEnabled(user);
      return {
        success: true as const,
        enabled,
        enabledAt: enabled ? (user.totpEnabledAt?.toISOString() ?? null) : null,
        recoveryCodesLeft: enabled ? user.totpRecoveryCodeHashes.length : 0,
        required: totpRequired(app, user),
      };
    },
  );

  app.post(
    '/auth/mfa/setup',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Start setting up two-step verification (user or admin)',
        description:
          'Needs the current password, so a stolen session alone cannot put another authenticator on the account; a wrong one is 400 ' +
          'and counts against the account like a wrong code (429 after 5 in 15 minutes). ' +
          'Answers a new secret, its otpauth:// URI and a QR code; asking again replaces the secret. 409 while it is on.',
        security: bearerSecurity,
        body: mfaSetupBodySchema,
        response: { 200: totpSetupResponseSchema, ...errorResponses(400, 401, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (isTotpEnabled(user)) throw new HttpError(409, MFA_ALREADY_ON);
      await proveCurrentPassword(app.db, user, request.body.password, new Date());
      void reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await beginEnrolment(app, user)) };
    },
  );

  app.post(
    '/auth/mfa/confirm',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-step verification on with a first code (user or admin)',
        description:
          'A code from the authenticator just set up turns it on; answers 10 recovery codes, shown this once, and the account\'s address is told by email. ' +
          'A wrong code is 400 and counts against the account (429 after 5 in 15 minutes).',
        security: bearerSecurity,
        body: mfaConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const now = new Date();
      const recoveryCodes = await confirmEnrolment(app, user, request.body.code, 400, now);
      app.mailer.inBackground(() => sendTwoStepNotice(app.mailer, user, 'turned-on', now), request.log);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, message: MFA_ENABLED_MESSAGE, recoveryCodes };
    },
  );

  app.post(
    '/auth/mfa/recovery-codes',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Replace the recovery codes (user or admin)',
        description: 'Needs a current code from the authenticator app. The old recovery codes stop working; the 10 new ones are shown this once.',
        security: bearerSecurity,
        body: mfaConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!isTotpEnabled(user)) throw new HttpError(409, MFA_NOT_ON);
      await checkCode(app, user, request.body.code, { allowRecoveryCode: false, wrongCodeStatus: 400 }, new Date());
      void reply.header('cache-control', 'no-store');
      return { success: true as const, message: 'New recovery codes made; the old ones no longer work', recoveryCodes: await replaceRecoveryCodes(app, user.id) };
    },
  );

  app.post(
    '/auth/mfa/disable',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-step verification off (user or admin)',
        description:
          'Needs the password and a current code (or a recovery code). A wrong password or code is 400 and counts against the account ' +
          '(429 after 5 in 15 minutes). The account\'s address is told by email. Admins in production cannot turn it off (403).',
        security: bearerSecurity,
        body: mfaDisableBodySchema,
        response: { 200: mfaMessageResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (totpRequired(app, user)) throw new HttpError(403, ADMIN_MUST_KEEP_MFA);
      if (!isTotpEnabled(user)) throw new HttpError(409, MFA_NOT_ON);
      const now = new Date();
      await proveCurrentPassword(app.db, user, request.body.password, now);
      // The code is counted on its own next.
      await checkCode(app, user, request.body.code, { allowRecoveryCode: true, wrongCodeStatus: 400 }, now);
      await disableTotp(app.db, user.id);
      app.mailer.inBackground(() => sendTwoStepNotice(app.mailer, user, 'turned-off', now), request.log);
      return { success: true as const, message: MFA_DISABLED_MESSAGE };
    },
  );

  done();
};

export default mfaRoutes;
