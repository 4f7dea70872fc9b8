import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { roleSchema } from '../../contract/common';
import type { UserRow } from '../db/schema';

/** What a session token asserts; `ver` must match users.token_version. */
export const sessionClaimsSchema = z.object({
  sub: z.uuid(),
  role: roleSchema,
  ver: z.number().int().nonnegative(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

export const REMEMBERED_SESSION_TTL = '30d';
export const DEFAULT_SESSION_TTL = '1d';

export function issueSessionToken(app: FastifyInstance, user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>, remember: boolean): string {
  const claims: SessionClaims = { sub: user.id, role: user.role, ver: user.tokenVersion };
  return app.jwt.sign(claims, { expiresIn: remember ? REMEMBERED_SESSION_TTL : DEFAULT_SESSION_TTL });
}
