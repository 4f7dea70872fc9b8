import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { roleSchema } from '../../contract/common';
import type { SessionRow, UserRow } from '../db/schema';
import { IDLE_CHECK_SLACK_MS } from './activity';
import { dropDeadSessions, insertSession } from './queries/sessions';

/**
 * What a session token asserts. `jti` names its row in `sessions` (revocable
 * one by one); `ver` must match users.token_version (all at once).
 */
export const sessionClaimsSchema = z.object({
  sub: z.uuid(),
  role: roleSchema,
  ver: z.number().int().nonnegative(),
  jti: z.uuid(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

const DAY_SECONDS = 24 * 60 * 60;
export const REMEMBERED_SESSION_TTL_SECONDS = 30 * DAY_SECONDS;
export const DEFAULT_SESSION_TTL_SECONDS = DAY_SECONDS;

/**
 * How long a session may go unused before it ends (ASVS 7.3.1), besides its
 * lifetime above. Members who chose "remember me" keep theirs for two weeks
 * without a visit; otherwise a day. Admin sessions, which can ban and pay
 * out, end after half an hour without a request, remember me or not.
 */
export const REMEMBERED_SESSION_IDLE_SECONDS = 14 * DAY_SECONDS;
export const DEFAULT_SESSION_IDLE_SECONDS = DAY_SECONDS;
export const ADMIN_SESSION_IDLE_SECONDS = 30 * 60;

export function idleTimeoutSecondsFor(role: SessionOwner['role'], remember: boolean): number {
  if (role === 'admin') return ADMIN_SESSION_IDLE_SECONDS;
  return remember ? REMEMBERED_SESSION_IDLE_SECONDS : DEFAULT_SESSION_IDLE_SECONDS;
}

/** Whether a session last marked in use at `lastActiveAt` has been idle too long. */
export function sessionIsIdle(session: Pick<SessionRow, 'lastActiveAt' | 'idleTimeoutSeconds'>, now: Date): boolean {
  return now.getTime() - session.lastActiveAt.getTime() > session.idleTimeoutSeconds * 1000 + IDLE_CHECK_SLACK_MS;
}

/**
 * Longest User-Agent kept. Real ones are 100 to 300 characters; the header is
 * the client's to fill, and a session row should not carry kilobytes of it.
 */
export const USER_AGENT_MAX_LENGTH = 512;

/** The header as stored: trimmed, cut to length, and nothing when it is empty. */
export function storedUserAgent(header: string | undefined): string | null {
  const trimmed = header?.trim().slice(0, USER_AGENT_MAX_LENGTH) ?? '';
  return trimmed === '' ? null : trimmed;
}

type SessionOwner = Pick<UserRow, 'id' | 'role' | 'tokenVersion'>;

/** What starting a session uses of the app: the database and the token signer. */
export type SessionStarter = Pick<FastifyInstance, 'db' | 'jwt'>;

/**
 * Records a new session and signs its token. The row and the token expire
 * together; the token is worthless once the row is revoked or gone.
 */
export async function startSession(app: SessionStarter, user: SessionOwner, remember: boolean, now: Date, userAgent: string | undefined): Promise<string> {
  const ttlSeconds = remember ? REMEMBERED_SESSION_TTL_SECONDS : DEFAULT_SESSION_TTL_SECONDS;
  const id = randomUUID();
  // Rows that can never open anything again are dropped here, so an account
  // keeps only its live sessions and the table does not grow without bound.
  await dropDeadSessions(app.db, user.id, now);
  await insertSession(app.db, {
    id,
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    userAgent: storedUserAgent(userAgent),
    lastActiveAt: now,
    idleTimeoutSeconds: idleTimeoutSecondsFor(user.role, remember),
  });
  const claims: SessionClaims = { sub: user.id, role: user.role, ver: user.tokenVersion, jti: id };
  return app.jwt.sign(claims, { expiresIn: ttlSeconds });
}
