import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OrbitDatabase } from '../db/types';
import { isKnownDevice, recordKnownDevice } from './queries/known-devices';
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

/**
 * Browsers an account honours per door (issue 50, finding 8): each known
 * device has an allowance of wrong passwords of its own, so without a cap,
 * someone who once knew the password could gather cookies from many browsers
 * and guess on all their allowances after it was changed. The newest ten
 * cover a member's phones, computers and browsers.
 */
export const KNOWN_DEVICES_PER_ACCOUNT = 10;

/**
 * What a device cookie is bound to: an account by its id at one door. Never
 * the username: a name freed by a deleted account and taken again must not
 * inherit the old account's known browsers.
 */
export function deviceBinding(door: SignInDoor, accountId: string): string {
  return `${door}:${accountId}`;
}

/** 128 random bits, base64url: never contains the '.' that separates it from the binding. */
function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The device id of a valid cookie for this account, else null (no cookie, a
 * bad signature, a cookie issued to another account, or no account of that
 * name: all unknown devices). The signed value is `<device id>.<binding>`,
 * so a cookie can be neither forged nor moved to another account.
 */
function cookieDeviceId(request: FastifyRequest, door: SignInDoor, binding: string): string | null {
  const raw = request.cookies[DEVICE_COOKIE_NAMES[door]];
  if (raw === undefined) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const separator = unsigned.value.indexOf('.');
  if (separator <= 0) return null;
  const deviceId = unsigned.value.slice(0, separator);
  return unsigned.value.slice(separator + 1) === binding ? deviceId : null;
}

/**
 * The device id of this browser if the account honours it: a valid cookie
 * for the account, and among its KNOWN_DEVICES_PER_ACCOUNT newest browsers.
 * Null: an unknown device (or no account of that name).
 */
export async function honouredDeviceId(db: OrbitDatabase, request: FastifyRequest, door: SignInDoor, accountId: string | null): Promise<string | null> {
  if (accountId === null) return null;
  const deviceId = cookieDeviceId(request, door, deviceBinding(door, accountId));
  if (deviceId === null) return null;
  return (await isKnownDevice(db, { userId: accountId, door, deviceId })) ? deviceId : null;
}

/**
 * After a successful sign-in: this browser is now a known device of the
 * account, the newest of its KNOWN_DEVICES_PER_ACCOUNT (the oldest beyond
 * them is forgotten). A device already known keeps its id (and the failures
 * counted against it); the cookie's year starts again.
 */
export async function rememberDevice(
  db: OrbitDatabase,
  request: FastifyRequest,
  reply: FastifyReply,
  device: { door: SignInDoor; accountId: string; deviceId: string | null },
  now: Date,
): Promise<void> {
  const { door, accountId } = device;
  const deviceId = device.deviceId ?? newDeviceId();
  await recordKnownDevice(db, { userId: accountId, door, deviceId }, KNOWN_DEVICES_PER_ACCOUNT, now);
  reply.setCookie(DEVICE_COOKIE_NAMES[door], `${deviceId}.${deviceBinding(door, accountId)}`, {
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
