import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInDoor } from './sign-in-throttle';

/**
 * OWASP's device cookies (Slow Down Online Guessing Attacks with Device
 * Cookies): a browser that once signed in to an account carries proof of it,
 * and its attempts are judged by its own failures only, so a guesser spending
 * the account's allowance for unknown devices does not lock its owner out.
 *
 * One cookie per door: an operator's browser keeps its admin device cookie
 * when they also use a member account. Signing in to another account through
 * the same door replaces that door's cookie.
 */
export const DEVICE_COOKIE_NAMES: Record<SignInDoor, string> = { user: 'orbit_device', admin: 'orbit_admin_device' };

/** A year: long enough that the owner's usual browser is always known. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** 128 random bits, base64url: never contains the '.' that separates it from the account key. */
function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The device id of a valid cookie for this account, else null (no cookie, a
 * bad signature, or a cookie issued to another account: all unknown devices).
 * The signed value is `<device id>.<account key>`, so a cookie can be neither
 * forged nor moved to another account.
 */
export function knownDeviceId(request: FastifyRequest, door: SignInDoor, accountKey: string): string | null {
  const raw = request.cookies[DEVICE_COOKIE_NAMES[door]];
  if (raw === undefined) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const separator = unsigned.value.indexOf('.');
  if (separator <= 0) return null;
  const deviceId = unsigned.value.slice(0, separator);
  return unsigned.value.slice(separator + 1) === accountKey ? deviceId : null;
}

/**
 * After a successful sign-in: this browser is now a known device of the
 * account. A device already known keeps its id (and the failures counted
 * against it); the cookie's year starts again.
 */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, door: SignInDoor, accountKey: string, deviceId: string | null): void {
  reply.setCookie(DEVICE_COOKIE_NAMES[door], `${deviceId ?? newDeviceId()}.${accountKey}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    // Every sign-in and password route is under /api; no page needs it.
    path: '/api',
    // Behind plain http (local development, tests) a Secure cookie would never come back.
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
