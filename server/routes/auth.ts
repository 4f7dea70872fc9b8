import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adminLoginResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  registerBodySchema,
  registerResponseSchema,
} from '../../contract/auth';
import { checkCredentials, recordSignIn } from '../auth/credentials';
import { registerAccount } from '../auth/registration';
import { issueSessionToken } from '../auth/session-token';
import type { RateLimitRule } from '../plugins/rate-limit';
import { errorResponses } from './error-responses';
import { toUserView } from './user-view';

export interface AuthRateLimits {
  /** Sign-in attempts from one IP, whatever the username. */
  loginPerIp: RateLimitRule;
  /** Sign-in attempts from one IP for one username: slows password guessing. */
  loginPerAccount: RateLimitRule;
  /** New accounts from one IP. */
  register: RateLimitRule;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { max: 30, windowMs: 60_000 },
  loginPerAccount: { max: 10, windowMs: 60_000 },
  register: { max: 10, windowMs: 3_600_000 },
};

export interface AuthRoutesOptions {
  rateLimits: AuthRateLimits;
}

function perIp(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.windowMs } };
}

/** Runs after validation, so the body is a LoginBody by then. */
function ipAndUsername(request: FastifyRequest): string {
  const body = request.body;
  const username = typeof body === 'object' && body !== null && 'username' in body && typeof body.username === 'string' ? body.username : '';
  return `${request.ip}|${username.trim().toLowerCase()}`;
}

const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  const limits = options.rateLimits;
  const loginPerAccountLimiter = app.createKeyedLimiter({ ...limits.loginPerAccount, key: ipAndUsername });
  const adminLoginPerAccountLimiter = app.createKeyedLimiter({ ...limits.loginPerAccount, key: ipAndUsername });

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
      const token = issueSessionToken(app, user, false);
      return reply.code(201).send({ success: true, message: 'Registration successful', token, user: toUserView(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      config: perIp(limits.loginPerIp),
      preHandler: loginPerAccountLimiter,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a user account',
        description: 'Wrong username, wrong password and admin accounts all fail with 401 "Invalid username or password".',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const { username, password, remember } = request.body;
      const user = await checkCredentials(app.db, username, password, 'user');
      await recordSignIn(app.db, user, new Date());
      return { success: true as const, message: 'Login successful', token: issueSessionToken(app, user, remember === true) };
    },
  );

  app.post(
    '/admin/login',
    {
      config: perIp(limits.loginPerIp),
      preHandler: adminLoginPerAccountLimiter,
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
      await recordSignIn(app.db, admin, new Date());
      return { ok: true as const, message: 'Admin login successful', token: issueSessionToken(app, admin, remember === true) };
    },
  );
  done();
};

export default authRoutes;
