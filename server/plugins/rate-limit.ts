import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

/** At most `max` requests per `windowMs` for one key. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface KeyedLimiterOptions extends RateLimitRule {
  /** Requests with the same key share one budget. */
  key: (request: FastifyRequest) => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler enforcing a second limit on a route (route config allows
     * only one), e.g. per IP and username after the body is validated.
     */
    createKeyedLimiter(options: KeyedLimiterOptions): preHandlerAsyncHookHandler;
  }
}

export function tooManyRequests(ttlMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new HttpError(429, `Too many requests, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`);
}

/** Limits apply only where a route asks for them (`config.rateLimit`). */
async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });

  app.decorate('createKeyedLimiter', (options: KeyedLimiterOptions): preHandlerAsyncHookHandler => {
    const check = app.createRateLimit({ max: options.max, timeWindow: options.windowMs, keyGenerator: options.key });
    return async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests(result.ttl);
    };
  });
}

export default fp(rateLimitPlugin, { name: 'orbit-rate-limit', fastify: '5.x' });
