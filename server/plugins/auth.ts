import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { activityIsStale } from '../auth/activity';
import { prepareAccountAndSession, recordActivity } from '../auth/queries/sessions';
import { sessionClaimsSchema, sessionIsIdle, type SessionClaims } from '../auth/session-token';
import type { UserRow } from '../db/schema';
import { HttpError } from './errors';
import { ACCOUNT_DELETED_MESSAGE } from '../../contract/auth/sign-in';

export const AUTH_REQUIRED_MESSAGE = 'Authentication required';
export const SESSION_EXPIRED_MESSAGE = 'Session expired, please sign in again';
// Told apart from an expiry so that the page which gets the 401 can say what
// happened: the person ended this session elsewhere (Settings' device list,
// "Sign out of other devices", a password change) or deleted the account.
export const SESSION_ENDED_MESSAGE = 'This device was signed out from another one, please sign in again';
// The words the deleting tab leaves for the member's other tabs too: whichever tells a tab first
// (that storage note, or this 401 after the server closed its realtime connection), it reads the same.
export const ACCOUNT_GONE_MESSAGE = ACCOUNT_DELETED_MESSAGE;
export const ADMIN_REQUIRED_MESSAGE = 'Admin access required';
export const USER_ACCOUNT_REQUIRED_MESSAGE = 'This action is for user accounts';

export function bannedMessage(reason: string | null): string {
  return `Your account has been banned: ${reason?.trim() || 'no reason given'}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Any signed-in account, user or admin. */
    requireAuth: preHandlerAsyncHookHandler;
    /** A signed-in account with role user. */
    requireUser: preHandlerAsyncHookHandler;
    /** A signed-in account with role admin. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** The account and session a token stands for, checked exactly as requireAuth checks a request's (the realtime channel's handshake). */
    authenticateToken: (token: string) => Promise<{ user: UserRow; sessionId: string }>;
  }
  interface FastifyRequest {
    /** Set by requireAuth, requireUser and requireAdmin; null on public routes. */
    currentUser: UserRow | null;
    /** The session (token `jti`) the request was made with; null on public routes. */
    currentSessionId: string | null;
  }
}

/** The account a guarded route runs for; throws if the route forgot its guard. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
  return request.currentUser;
}

/** The session a guarded route runs in (for logout and password change). */
export function signedInSessionId(request: FastifyRequest): string {
  if (!request.currentSessionId) throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
  return request.currentSessionId;
}

export interface AuthPluginOptions {
  jwtSecret: string;
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  // One algorithm, both ways: a token claiming "none" or another HMAC variant
  // is rejected before its claims are read.
  await app.register(jwt, {
    secret: options.jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });

  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentSessionId', null);

  async function readClaims(verify: () => Promise<unknown>): Promise<SessionClaims> {
    let decoded: unknown;
    try {
      decoded = await verify();
    } catch (error) {
      const expired = error instanceof Error && 'code' in error && error.code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
      throw new HttpError(401, expired ? SESSION_EXPIRED_MESSAGE : AUTH_REQUIRED_MESSAGE);
    }
    const claims = sessionClaimsSchema.safeParse(decoded);
    if (!claims.success) throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
    return claims.data;
  }

  /**
   * The token is only a pointer: the account row and the session row decide,
   * so bans, logouts and password changes apply at once. Both rows come back
   * in one query (one round trip per request), a named prepared statement:
   * every signed-in request runs it, so its SQL is built once and the
   * database parses it once per connection.
   */
  const accountAndSession = prepareAccountAndSession(app.db);

  async function checkSession(claims: SessionClaims): Promise<UserRow> {
    const [found] = await accountAndSession.execute({ sessionId: claims.jti, userId: claims.sub });
    if (!found) throw new HttpError(401, ACCOUNT_GONE_MESSAGE);
    const { user, session } = found;
    // 401, not 403: a ban ends the session, so the SPA drops the stored tokens
    // (any 401 does) and shows the reason on the open page and at the next sign-in.
    if (user.isBanned) throw new HttpError(401, bannedMessage(user.banReason));
    if (user.tokenVersion !== claims.ver || user.role !== claims.role) throw new HttpError(401, SESSION_ENDED_MESSAGE);
    const now = new Date();
    // A missing row was ended and then pruned at a later sign-in: the token's
    // own expiry (the session's) has not passed, or jwtVerify would have said so.
    if (!session || session.revokedAt !== null) throw new HttpError(401, SESSION_ENDED_MESSAGE);
    if (session.expiresAt.getTime() <= now.getTime()) throw new HttpError(401, SESSION_EXPIRED_MESSAGE);
    // Unused for longer than its idle limit (session-token.ts): over, like an expired one. The row is
    // left as it is: nothing marks it in use again (connected-sessions.ts skips idle ones), and the
    // next sign-in of the account prunes it.
    if (sessionIsIdle(session, now)) throw new HttpError(401, SESSION_EXPIRED_MESSAGE);
    let current = user;
    // After its last page was closed, the session's next request brings its member back online at once.
    if (activityIsStale(session.lastActiveAt, now) || session.leftAt !== null) {
      await recordActivity(app.db, user.id, claims.jti, now);
      current = { ...user, isOnline: true, lastSeenAt: user.lastSeenAt === null || user.lastSeenAt < now ? now : user.lastSeenAt };
    }
    return current;
  }

  async function authenticate(request: FastifyRequest): Promise<UserRow> {
    const claims = await readClaims(() => request.jwtVerify());
    const current = await checkSession(claims);
    request.currentUser = current;
    request.currentSessionId = claims.jti;
    return current;
  }

  app.decorate('authenticateToken', async (token: string) => {
    const claims = await readClaims(() => Promise.resolve().then(() => app.jwt.verify(token)));
    return { user: await checkSession(claims), sessionId: claims.jti };
  });

  app.decorate('requireAuth', async (request: FastifyRequest) => {
    await authenticate(request);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (user.role !== 'admin') throw new HttpError(403, ADMIN_REQUIRED_MESSAGE);
  });

  // 403 rather than 401: the SPA drops both stored tokens on any 401, and an
  // admin who opens a user-only screen should stay signed in.
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (user.role !== 'user') throw new HttpError(403, USER_ACCOUNT_REQUIRED_MESSAGE);
  });
}

export default fp(authPlugin, { name: 'orbit-auth', fastify: '5.x', dependencies: ['orbit-database', 'orbit-errors'] });
