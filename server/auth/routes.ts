import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DELETED_MESSAGE,
  adminLoginAnswerSchema,
  changePasswordBodySchema,
  CURRENT_PASSWORD_INCORRECT,
  deleteAccountBodySchema,
  INVALID_CREDENTIALS,
  loginBodySchema,
  loginAnswerSchema,
  otherDevicesSignedOutMessage,
  registerBodySchema,
  registerResponseSchema,
  sessionChangeResponseSchema,
} from '../../contract/auth/sign-in';
import { SIGN_IN_LINK_OFFERED_CODE } from '../../contract/auth/sign-in-link';
import { deleteAccount } from './account-deletion';
import { publishConversationEnded } from '../messaging/publish';
import { matchedMemberIds } from '../messaging/queries';
import { accountNamed, checkCredentials, throttledName } from './credentials';
import { honouredDeviceId, rememberDevice } from './device-cookie';
import { sendVerificationEmailLater } from './email-verification';
import { changePassword } from './password-change';
import { registerAccount } from './registration';
import { revokeOtherSessions, revokeSession } from './queries/sessions';
import { startSession } from './session-token';
import { createSignInThrottle, TooManyFailuresError, type SignInDoor } from './sign-in-throttle';
import { startSessionOrSecondStep } from './second-step';
import { settlePresence } from './presence';
import { signedInSessionId, signedInUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { perIpLimit, type RateLimits } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { toUserView } from '../members/views';
import { stopRenewalsOf } from '../store/subscription-changes';

export interface AuthRoutesOptions {
  rateLimits: RateLimits;
}

/** What the throttle counts: a password that did not match, at sign-in (401) or when re-entered to change it or delete the account (400). */
function isWrongPassword(error: unknown): boolean {
  return error instanceof HttpError && (error.message === INVALID_CREDENTIALS || error.message === CURRENT_PASSWORD_INCORRECT);
}

const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  const limits = options.rateLimits;
  // Wrong passwords per account, in the database (server/auth/sign-in-throttle.ts): every route that
  // checks a member's password counts against the same account, and admin sign-in has its own, stricter limit.
  const throttle = createSignInThrottle(app.db, {
    user: { unknownDevices: limits.signInFailuresPerAccount, knownDevice: limits.signInFailuresPerDevice },
    admin: { unknownDevices: limits.adminSignInFailuresPerAccount, knownDevice: limits.signInFailuresPerDevice },
  });

  /**
   * Runs a password check through the throttle: a browser with a valid device
   * cookie for the account is judged by its own failures, any other by the
   * account's failures from unknown devices. A success makes this browser a
   * known device when `rememberOnSuccess`.
   */
  async function throttledPasswordCheck<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    /** The account the username names, null when none does (no browser is known to an account that does not exist). */
    attempt: { door: SignInDoor; username: string; accountId: string | null; rememberOnSuccess: boolean; offerSignInLink?: boolean },
    checkPassword: () => Promise<T>,
  ): Promise<T> {
    const { door, accountId } = attempt;
    const deviceId = await honouredDeviceId(app.db, request, door, accountId);
    try {
      const result = await throttle.check({ door, username: attempt.username, deviceId }, isWrongPassword, checkPassword);
      if (attempt.rememberOnSuccess && accountId !== null) await rememberDevice(app.db, request, reply, { door, accountId, deviceId }, new Date());
      return result;
    } catch (error) {
      if (!(error instanceof TooManyFailuresError)) throw error;
      void reply.header('retry-after', error.retryAfterSeconds);
      // A browser the account does not know may prove control of the email instead of waiting (issue 50, finding 9).
      // Offered whether or not the username names an account, so the answer does not tell.
      if (attempt.offerSignInLink === true && deviceId === null) throw new TooManyFailuresError(error.retryAfterSeconds, SIGN_IN_LINK_OFFERED_CODE);
      throw error;
    }
  }

  app.post(
    '/auth/register',
    {
      config: perIpLimit(limits.register),
      schema: {
        tags: ['auth'],
        summary: 'Create a user account and sign in',
        description:
          'acceptTerms must be true (the newcomer is 18 or over and accepts the Terms of Service and Privacy Policy); its time is recorded. ' +
          'The password is refused with 400 and the reason when it is common, too easy to guess, only spaces, or contains the username or the email\'s local part.',
        body: registerBodySchema,
        response: { 201: registerResponseSchema, ...errorResponses(400, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = await registerAccount(app.db, request.body, new Date());
      sendVerificationEmailLater(app.db, app.mailer, user, request.log);
      const token = await startSession(app, user, false, new Date(), request.headers['user-agent']);
      // The browser that created the account is its owner's: a known device from the start.
      await rememberDevice(app.db, request, reply, { door: 'user', accountId: user.id, deviceId: null }, new Date());
      return reply.code(201).send({ success: true, message: 'Registration successful', token, user: toUserView(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a user account',
        description:
          'The username field takes the username or the email address. ' +
          'Wrong username, wrong password and admin accounts all fail with 401 "Invalid username or password". ' +
          'Attempts are limited per IP; wrong passwords per username from unknown browsers, and per browser from one that ' +
          'signed in to the account before (its device cookie, set here on success), 429 with Retry-After. ' +
          'A browser the account does not know gets the 429 with code "sign-in-link-offered": POST /auth/sign-in-link can make it known.',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request, reply) => {
      const { username, password, remember } = request.body;
      const named = await accountNamed(app.db, username);
      const user = await throttledPasswordCheck(request, reply, { door: 'user', username: throttledName(username, named), accountId: named?.id ?? null, rememberOnSuccess: true, offerSignInLink: true }, () =>
        checkCredentials(named, password, 'user'),
      );
      // A session, or (two-step verification on) a ticket for the code step: server/auth/second-step.ts.
      const outcome = await startSessionOrSecondStep(app, user, { remember: remember === true, userAgent: request.headers['user-agent'] }, new Date());
      if (outcome.kind === 'secondStep') return { success: true as const, message: outcome.message, secondFactor: outcome.secondFactor, ticket: outcome.ticket };
      return { success: true as const, message: 'Login successful', token: outcome.token };
    },
  );

  app.post(
    '/admin/login',
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an admin account',
        description:
          'User accounts fail with 401 "Invalid username or password". Limited like member sign-in, with a stricter ' +
          'limit of its own for wrong passwords from unknown browsers (429 with Retry-After).',
        body: loginBodySchema,
        response: { 200: adminLoginAnswerSchema, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request, reply) => {
      const { username, password, remember } = request.body;
      const named = await accountNamed(app.db, username);
      const admin = await throttledPasswordCheck(request, reply, { door: 'admin', username: throttledName(username, named), accountId: named?.id ?? null, rememberOnSuccess: true }, () =>
        checkCredentials(named, password, 'admin'),
      );
      // In production an admin without an authenticator gets an enrolment ticket, not a session; elsewhere the offer to set one up.
      const outcome = await startSessionOrSecondStep(app, admin, { remember: remember === true, userAgent: request.headers['user-agent'] }, new Date());
      if (outcome.kind === 'secondStep') return { ok: true as const, message: outcome.message, secondFactor: outcome.secondFactor, ticket: outcome.ticket };
      const signedIn = { ok: true as const, message: 'Admin login successful', token: outcome.token };
      return outcome.mfaOffered ? { ...signedIn, mfaOffered: true as const } : signedIn;
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'End the calling session (user or admin)',
        description: 'The token used for this call stops working at once; other sessions of the account go on.',
        security: bearerSecurity,
        response: { 200: sessionChangeResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const now = new Date();
      await revokeSession(app.db, signedInSessionId(request), now);
      // Offline at once unless another device of theirs is in use.
      await settlePresence(app.db, now, signedInUser(request).id);
      // A stream started from this session cannot outlive it.
      await app.live.endSignedOutStreams(signedInUser(request).id);
      app.realtime.recheckMember(signedInUser(request).id);
      return { success: true as const, message: 'Logged out' };
    },
  );

  // No password asked: it only ends sessions, which is what someone who fears a
  // stolen or forgotten device needs quickly, and ending sessions harms no one.
  app.post(
    '/auth/logout/others',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'End every other session of the signed-in account (user or admin)',
        description:
          'For a lost phone or a shared computer: every session of the account except the calling one stops working at once. ' +
          'The message says how many were ended.',
        security: bearerSecurity,
        response: { 200: sessionChangeResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const ended = await revokeOtherSessions(app.db, signedInUser(request).id, signedInSessionId(request), new Date());
      await app.live.endSignedOutStreams(signedInUser(request).id);
      app.realtime.recheckMember(signedInUser(request).id);
      return { success: true as const, message: otherDevicesSignedOutMessage(ended) };
    },
  );

  app.post(
    '/auth/password',
    {
      config: perIpLimit(limits.loginPerIp),
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in account\'s password',
        description:
          'Needs the current password (400 "Current password is incorrect" otherwise, limited like sign-in). ' +
          'The new password is held to the registration rules (400 with the reason). ' +
          'Every other session of the account ends; the calling one goes on.',
        security: bearerSecurity,
        body: changePasswordBodySchema,
        response: { 200: sessionChangeResponseSchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      const account = signedInUser(request);
      // Counted against the account at its own door, with its device cookie: a stolen token cannot guess faster than sign-in.
      await throttledPasswordCheck(request, reply, { door: account.role, username: account.username, accountId: account.id, rememberOnSuccess: true }, () =>
        changePassword(app.db, account, signedInSessionId(request), request.body, new Date()),
      );
      await app.live.endSignedOutStreams(account.id);
      app.realtime.recheckMember(signedInUser(request).id);
      return { success: true as const, message: 'Password changed' };
    },
  );

  app.delete(
    '/auth/account',
    {
      config: perIpLimit(limits.loginPerIp),
      // requireUser: admin accounts are not closed from the member app (403, and they stay signed in).
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Delete the signed-in member\'s account for good',
        description:
          'Needs the password (400 "Current password is incorrect" otherwise, limited like sign-in). ' +
          'Deletes the account and everything that is only theirs (likes, matches, blocks, sessions, reports about them); ' +
          'reports they made stay for the moderators, and settled withdrawals and purchases for the books, without their name. ' +
          '409 while one of their withdrawals awaits review. Admin accounts get 403.',
        security: bearerSecurity,
        body: deleteAccountBodySchema,
        response: { 200: sessionChangeResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const member = signedInUser(request);
      // Read before the matches go with the account: their chats with the member close.
      const matchedIds = await matchedMemberIds(app.db, member.id);
      // Likewise their open calls, whose rows go with the account: both sides still hear the end.
      const openCalls = await app.calls.openCallsOf(member.id);
      const liveStreams = await app.live.liveStreamsOf(member.id);
      // No device cookie on success: the account is gone, and its username may go to someone else.
      await throttledPasswordCheck(request, reply, { door: 'user', username: member.username, accountId: member.id, rememberOnSuccess: false }, () =>
        deleteAccount(app.db, member, request.body, { storage: app.photoStorage, log: request.log }, (userId) => stopRenewalsOf(app, userId)),
      );
      await app.mailer.discardMailTo(member.email);
      for (const peerId of matchedIds) publishConversationEnded(app.realtime, member.id, peerId);
      app.calls.forgetCalls(openCalls, 'blocked');
      await app.live.forgetStreams(liveStreams, 'banned');
      // The member's sockets close once this answer is out: the deleting tab, which says so in its own
      // words, hears of the deletion from the answer, before a closed socket makes it ask and be signed out.
      reply.raw.once('close', () => app.realtime.recheckMember(member.id));
      return { success: true as const, message: ACCOUNT_DELETED_MESSAGE };
    },
  );
  done();
};

export default authRoutes;
