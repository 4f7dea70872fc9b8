import rateLimit, { type CreateRateLimitOptions, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGE_RATE_MAX, MESSAGE_RATE_WINDOW_MS } from '../../contract/messaging';
import { HttpError } from './errors';

/** At most `max` requests per `windowMs` for one key; the count starts again once the window has passed. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Every limit the API enforces; production uses DEFAULT_RATE_LIMITS, tests pass their own. */
export interface RateLimits {
  /** Sign-in and password-change attempts from one IP, whatever the account. */
  loginPerIp: RateLimitRule;
  /**
   * Wrong passwords for one member account from every device without a valid
   * device cookie, together (server/auth/sign-in-throttle.ts), so a botnet
   * cannot guess it faster. Successes do not count.
   */
  signInFailuresPerAccount: RateLimitRule;
  /** The same for one admin account: stricter, and apart from members'. */
  adminSignInFailuresPerAccount: RateLimitRule;
  /** Wrong passwords from one known device (a valid device cookie) for one account, at either door. */
  signInFailuresPerDevice: RateLimitRule;
  /** New accounts from one IP. */
  register: RateLimitRule;
  /** Likes, super likes and dislikes by one account. */
  like: RateLimitRule;
  /** Messages sent by one account, whatever the conversation. */
  message: RateLimitRule;
  /** Location changes by one account: moving around to triangulate people is slow. */
  locationChange: RateLimitRule;
  /** Reports about other members by one account. */
  report: RateLimitRule;
  /** Copies of all their data by one account: each one reads every table about them. */
  dataExport: RateLimitRule;
  /** City searches by one account (the set-up's location step asks as the member types). */
  placeSearch: RateLimitRule;
  /** Photo uploads by one account: each one is a decode and several encodes. */
  photoUpload: RateLimitRule;
  /** Password-reset and verification emails asked for from one IP, whatever the address. */
  accountEmailPerIp: RateLimitRule;
  /** Password-reset emails asked for one address from every IP together: nobody's inbox gets flooded. */
  accountEmailPerAddress: RateLimitRule;
}

const MINUTE_MS = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 30, windowMs: MINUTE_MS },
  // Windowed, never a permanent lock, and only for unknown devices: someone
  // hammering a username keeps out other browsers for the rest of the window,
  // while the owner's own browser (device cookie) goes on signing in.
  signInFailuresPerAccount: { max: 30, windowMs: 15 * MINUTE_MS },
  adminSignInFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE_MS },
  signInFailuresPerDevice: { max: 10, windowMs: 15 * MINUTE_MS },
  register: { max: 10, windowMs: 60 * MINUTE_MS },
  like: { max: 120, windowMs: MINUTE_MS },
  message: { max: MESSAGE_RATE_MAX, windowMs: MESSAGE_RATE_WINDOW_MS },
  locationChange: { max: 30, windowMs: 60 * MINUTE_MS },
  report: { max: 20, windowMs: 60 * MINUTE_MS },
  dataExport: { max: 10, windowMs: 60 * MINUTE_MS },
  // About a search a second for a minute: typing a few names in a row fits, a crawl of the list does not.
  placeSearch: { max: 60, windowMs: MINUTE_MS },
  // Six photos, replaced a few times over while getting them right, fit easily.
  photoUpload: { max: 30, windowMs: 60 * MINUTE_MS },
  accountEmailPerIp: { max: 10, windowMs: 15 * MINUTE_MS },
  // A lost first email and a retry or two fit; a mailbox bombing does not.
  accountEmailPerAddress: { max: 3, windowMs: 15 * MINUTE_MS },
};

/** A route's `config` that limits it per client address to `rule` (@fastify/rate-limit). */
export function perIpLimit(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.windowMs } };
}

export interface KeyedLimiterOptions extends RateLimitRule {
  /** Requests with the same key share one budget. */
  key: (request: FastifyRequest) => string;
}

/**
 * Keys remembered per keyed limiter. Larger than the library default (5000)
 * so that flooding a limiter with throw-away usernames does not evict the
 * count of the account under attack.
 */
const KEYED_LIMITER_CACHE_SIZE = 100_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler enforcing a limit keyed by anything (account, IP and
     * username, ...) after the body is validated and the caller known; route
     * config allows only one limit and runs before both.
     */
    createKeyedLimiter(options: KeyedLimiterOptions): preHandlerAsyncHookHandler;
  }
}

export function tooManyRequests(ttlMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new HttpError(429, `Too many requests, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`);
}

/** Limits apply only where a route asks for them (`config.rateLimit` or a keyed limiter). */
async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });

  app.decorate('createKeyedLimiter', (options: KeyedLimiterOptions): preHandlerAsyncHookHandler => {
    // `cache` sizes this limiter's own store at run time (the library merges
    // it like a route option) but is missing from CreateRateLimitOptions.
    const limiterOptions: CreateRateLimitOptions & Pick<RateLimitOptions, 'cache'> = {
      max: options.max,
      timeWindow: options.windowMs,
      keyGenerator: options.key,
      cache: KEYED_LIMITER_CACHE_SIZE,
    };
    const check = app.createRateLimit(limiterOptions);
    return async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests(result.ttl);
    };
  });
}

export default fp(rateLimitPlugin, { name: 'orbit-rate-limit', fastify: '5.x' });
