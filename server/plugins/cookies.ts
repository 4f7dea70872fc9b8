import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface CookiesPluginOptions {
  /** The server's session-token secret; the cookie signing key is derived from it. */
  jwtSecret: string;
}

/**
 * The key signed cookies are signed with: derived from the JWT secret, so the
 * operator keeps one secret, yet no key signs two kinds of thing (a cookie
 * signature can never pass for a token's, nor the other way round).
 */
export function cookieSigningSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('orbit signed cookies v1').digest('base64url');
}

/** Parses request cookies and lets routes set signed ones (`reply.setCookie(…, { signed: true })`, `request.unsignCookie`). */
async function cookiesPlugin(app: FastifyInstance, options: CookiesPluginOptions): Promise<void> {
  await app.register(cookie, { secret: cookieSigningSecret(options.jwtSecret) });
}

export default fp(cookiesPlugin, { name: 'orbit-cookies', fastify: '5.x' });
