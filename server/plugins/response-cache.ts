import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { conditionalHeaders, matchesIfNoneMatch, representationFor, sendRepresentation, storeAnswer, type StoredAnswer } from '../lib/stored-answer';

export { matchesIfNoneMatch };

/**
 * An in-process cache of public GET responses, with strong ETags,
 * conditional requests (RFC 9110 section 13) and compressed variants.
 *
 * A route plugin creates one per area of public data (config, blog) with
 * `app.createResponseCache`, spreads `routeHooks` into the options of each GET
 * route whose answer is the same for every caller, and calls `invalidate()`
 * after every committed write that changes that data. Nothing is cached for a
 * route that does not opt in, so per-user and signed-in answers are never
 * stored. The cache lives and dies with one app instance; this server runs as
 * one process per database.
 *
 * Two levels: answers are stored under the validated request (so
 * `?limit=9&page=1` and `?page=1&limit=9` share one), and each exact URL that
 * was answered from one is remembered. A remembered URL is answered at the
 * front door (`FrontDoor`, in the HTTP server's request listener) before
 * Fastify routes it, and by this plugin's first onRequest hook for requests
 * that do not come through the server (app.inject): either way validation,
 * the security headers and the route's hooks do not run again, because the
 * stored answer already carries their outcome. Caller-chosen query strings
 * can only churn the URL list, never force a database read for an answer
 * already stored.
 */
export interface ResponseCacheOptions {
  /** Cache-Control sent with every cached answer and every 304. */
  cacheControl: string;
  /** Distinct validated requests kept at most; the oldest entry goes first (the URL list keeps twice as many). */
  maxEntries?: number;
}

export interface ResponseCache {
  /**
   * Spread into a GET route's options: answers from the cache, or stores the route's 200 answer.
   * `compress: false` keeps @fastify/compress (compression.ts) off the route entirely: the stored
   * answer is already brotli or gzip, and this route's throughput must not pay for a hook it never needs.
   */
  routeHooks: { preHandler: preHandlerHookHandler; onSend: onSendHookHandler<unknown>; compress: false };
  /** Forgets every stored answer; call after the write has committed. */
  invalidate(): void;
  /** The answer stored for this exact URL (path and query as sent), if any. */
  answerForUrl(url: string): StoredAnswer | undefined;
  /** Stored answers right now (for tests and the bench). */
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A response cache whose remembered URLs the front door answers first (see response-cache.ts). */
    createResponseCache(options: ResponseCacheOptions): ResponseCache;
  }
}

const DEFAULT_MAX_ENTRIES = 500;

/** Where a request stands while the route handler runs: its key and the generation it started in. */
interface PendingLookup {
  key: string;
  generation: number;
}

/** Validated query and params, in a stable order. */
function cacheKey(request: FastifyRequest): string {
  const sorted = (value: unknown) =>
    value && typeof value === 'object' ? Object.entries(value).sort(([a], [b]) => a.localeCompare(b)) : [];
  return JSON.stringify([request.routeOptions.url, sorted(request.params), sorted(request.query)]);
}

/** Map.set that drops the oldest entry once the map is full. */
function setBounded<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value ?? '');
  map.set(key, value);
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const answers = new Map<string, StoredAnswer>();
  const byUrl = new Map<string, StoredAnswer>();
  const pending = new WeakMap<FastifyRequest, PendingLookup>();
  // Bumped by every invalidation: an answer read from the database before a
  // write committed must not be stored after that write's invalidation.
  let generation = 0;

  const preHandler: preHandlerHookHandler = (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const key = cacheKey(request);
    const answer = answers.get(key);
    if (answer) {
      // Sent here, the handler never runs; onSend sees no pending lookup and leaves the cache alone.
      setBounded(byUrl, request.url, answer, 2 * maxEntries);
      sendRepresentation(reply, representationFor(answer, request.headers));
      return;
    }
    pending.set(request, { key, generation });
    done();
  };

  const onSend: onSendHookHandler<unknown> = (request, reply, payload, done) => {
    const lookup = pending.get(request);
    pending.delete(request);
    if (!lookup || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const answer = storeAnswer(reply, payload, { 'cache-control': options.cacheControl });
    if (lookup.generation === generation) {
      setBounded(answers, lookup.key, answer, maxEntries);
      setBounded(byUrl, request.url, answer, 2 * maxEntries);
    }
    // The route's own answer goes out like any stored one: same headers, ETag, encoding and 304 rule.
    const representation = representationFor(answer, request.headers);
    reply.code(representation.status).headers(representation.headers);
    done(null, representation.body ?? '');
  };

  return {
    routeHooks: { preHandler, onSend, compress: false },
    invalidate() {
      generation += 1;
      answers.clear();
      byUrl.clear();
    },
    answerForUrl(url) {
      return byUrl.get(url);
    },
    get size() {
      return answers.size;
    },
  };
}

/**
 * The caches of one app, consulted for each GET before anything else. The
 * app's HTTP server calls `answer` first thing in its request listener; a
 * request it answers never reaches Fastify, so it is cheap as a static file
 * (and is logged by `logFrontDoorAnswer`, not by Fastify).
 */
export class FrontDoor {
  private readonly caches: ResponseCache[] = [];

  add(cache: ResponseCache): void {
    this.caches.push(cache);
  }

  lookup(method: string | undefined, url: string | undefined): StoredAnswer | undefined {
    if (method !== 'GET' || url === undefined) return undefined;
    for (const cache of this.caches) {
      const answer = cache.answerForUrl(url);
      if (answer) return answer;
    }
    return undefined;
  }

  /** Sends the stored answer for this request, if there is one; true when it did. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const answer = this.lookup(request.method, request.url);
    if (!answer) return false;
    const representation = representationFor(answer, conditionalHeaders(request.rawHeaders));
    response.writeHead(representation.status, representation.headers);
    if (representation.bodyLatin1 === undefined) response.end();
    else response.end(representation.bodyLatin1, 'latin1');
    return true;
  }
}

/**
 * The request log line for an answer the front door sent: Fastify never saw
 * the request, so without this the most requested public URLs would be
 * missing from the log. Fastify logs a request in two lines joined by a
 * request id ("incoming request" with `req`, "request completed" with `res`
 * and `responseTime`); this one line carries both halves and `cache: 'hit'`.
 * It holds no request headers but Host, and its URL goes through the
 * logger's `req` serializer as Fastify's does (tokens redacted).
 */
export function logFrontDoorAnswer(log: FastifyBaseLogger, request: IncomingMessage, response: ServerResponse, startedAt: number): void {
  log.info(
    {
      // Shaped like a Fastify request, because the logger's `req` serializer reads these names.
      req: { method: request.method, url: request.url, host: request.headers.host, ip: request.socket.remoteAddress, socket: { remotePort: request.socket.remotePort } },
      res: { statusCode: response.statusCode },
      responseTime: performance.now() - startedAt,
      cache: 'hit',
    },
    'request completed',
  );
}

export interface ResponseCachePluginOptions {
  /** The front door the app's server consults; a new one when absent (then only the hook answers). */
  frontDoor?: FrontDoor;
}

/** Registered before every other plugin, so its onRequest hook is the first to run for every request. */
function responseCachePlugin(app: FastifyInstance, options: ResponseCachePluginOptions, done: () => void): void {
  const frontDoor = options.frontDoor ?? new FrontDoor();
  app.decorate('createResponseCache', (cacheOptions: ResponseCacheOptions) => {
    const cache = createResponseCache(cacheOptions);
    frontDoor.add(cache);
    return cache;
  });
  app.addHook('onRequest', (request, reply, next) => {
    const answer = frontDoor.lookup(request.method, request.url);
    if (!answer) return next();
    sendRepresentation(reply, representationFor(answer, request.headers));
  });
  done();
}

/**
 * Public data may be kept by browsers and shared caches, but must be
 * revalidated before each use: an admin's save shows on the next page load
 * (the SPA refetches at once after a save), and revalidation costs one 304
 * without a body.
 */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';

export default fp(responseCachePlugin, { name: 'orbit-response-cache', fastify: '5.x' });
