import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DELETED_MESSAGE,
  adminLoginResponseSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  loginBodySchema,
  loginResponseSchema,
  otherDevicesSignedOutMessage,
  registerBodySchema,
  registerResponseSchema,
  sessionChangeResponseSchema,
} from '../../contract/auth';
import { deleteAccount } from '../auth/account-deletion';
import { publishConversationEnded } from '../messaging/publish';
import { matchedMemberIds } from '../messaging/queries';
import { checkCredentials, recordSignIn } from '../auth/credentials';
import { changePassword } from '../auth/password-change';
import { registerAccount } from '../auth/registration';
import { revokeOtherSessions, revokeSession, startSession } from '../auth/session-token';
import { settlePresence } from '../auth/presence';
import { signedInSessionId, signedInUser } from '../plugins/auth';
import type { RateLimitRule, RateLimits } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from './error-responses';
import { toUserView } from './user-view';

export interface AuthRoutesOptions {
  rateLimits: RateLimits;
}

function perIp(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.windowMs } };
}

/**
 * The account an attempt is aimed at: the signed-in one for a password change
 * or an account deletion (the limiter runs after the auth guard), else the login body's username
 * (after validation). Both share one budget, so guessing through either
 * route counts against the same account.
 */
function targetedUsername(request: FastifyRequest): string {
  if (request.currentUser) return request.currentUser.username;
  const body = request.body;
  const username = typeof body === 'object' && body !== null && 'username' in body && typeof body.username === 'string' ? body.username : '';
  return username.trim().toLowerCase();
}

const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  const limits = options.rateLimits;
  // One limiter of each kind shared by every route that checks a password.
  const guessLimiters = [
    app.createKeyedLimiter({ ...limits.loginPerIpAndUsername, key: (request) => `${request.ip}|${targetedUsername(request)}` }),
    app.createKeyedLimiter({ ...limits.loginPerUsername, key: targetedUsername }),
  ];

  app.post(
    '/auth/register',
    {
      config: perIp(limits.register),
      schema: {
        tags: ['auth'],
        summary: 'Create a user account and sign in',
        body: registerBodySchema,
        response: { 201: registerResponseSchema, ...errorResponses(400, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = await registerAccount(app.db, request.body, new Date());
      const token = await startSession(app, user, false, new Date(), request.headers['user-agent']);
      return reply.code(201).send({ success: true, message: 'Registration successful', token, user: toUserView(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      config: perIp(limits.loginPerIp),
      preHandler: guessLimiters,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a user account',
        description:
          'Wrong username, wrong password and admin accounts all fail with 401 "Invalid username or password". ' +
          'Attempts are limited per IP, per IP and username, and per username across all IPs (429).',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const { username, password, remember } = request.body;
      const user = await checkCredentials(app.db, username, password, 'user');
      const now = new Date();
      await recordSignIn(app.db, user, now);
      return { success: true as const, message: 'Login successful', token: await startSession(app, user, remember === true, now, request.headers['user-agent']) };
    },
  );

  app.post(
    '/admin/login',
    {
      config: perIp(limits.loginPerIp),
      preHandler: guessLimiters,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an admin account',
        description: 'User accounts fail with 401 "Invalid username or password".',
        body: loginBodySchema,
        response: { 200: adminLoginResponseSchema, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const { username, password, remember } = request.body;
      const admin = await checkCredentials(app.db, username, password, 'admin');
      const now = new Date();
      await recordSignIn(app.db, admin, now);
      return { ok: true as const, message: 'Admin login successful', token: await startSession(app, admin, remember === true, now, request.headers['user-agent']) };
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
      app.realtime.recheckMember(signedInUser(request).id);
      return { success: true as const, message: otherDevicesSignedOutMessage(ended) };
    },
  );

  app.post(
    '/auth/password',
    {
      config: perIp(limits.loginPerIp),
      preHandler: [app.requireAuth, ...guessLimiters],
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in account\'s password',
        description:
          'Needs the current password (400 "Current password is incorrect" otherwise, limited like sign-in). ' +
          'Every other session of the account ends; the calling one goes on.',
        security: bearerSecurity,
        body: changePasswordBodySchema,
        response: { 200: sessionChangeResponseSchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => {
      await changePassword(app.db, signedInUser(request), signedInSessionId(request), request.body, new Date());
      app.realtime.recheckMember(signedInUser(request).id);
      return { success: true as const, message: 'Password changed' };
    },
  );

  app.delete(
    '/auth/account',
    {
      config: perIp(limits.loginPerIp),
      // requireUser: admin accounts are not closed from the member app (403, and they stay signed in).
      preHandler: [app.requireUser, ...guessLimiters],
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
      await deleteAccount(app.db, member, request.body, { storage: app.photoStorage, log: request.log });
      for (const peerId of matchedIds) publishConversationEnded(app.realtime, member.id, peerId);
      // The member's sockets close once this answer is out: the deleting tab, which says so in its own
      // words, hears of the deletion from the answer, before a closed socket makes it ask and be signed out.
      reply.raw.once('close', () => app.realtime.recheckMember(member.id));
      return { success: true as const, message: ACCOUNT_DELETED_MESSAGE };
    },
  );
  done();
};

export default authRoutes;
