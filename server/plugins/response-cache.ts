import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';

/**
 * An in-process cache of public GET responses, with strong ETags and
 * conditional requests (RFC 9110 section 13).
 *
 * A route plugin creates one per area of public data (config, blog), spreads
 * `routeHooks` into the options of each GET route whose answer is the same
 * for every caller, and calls `invalidate()` after every committed write that
 * changes that data. Nothing is cached for a route that does not opt in, so
 * per-user and signed-in answers are never stored. The cache lives and dies
 * with one app instance; this server runs as one process per database.
 */
export interface ResponseCacheOptions {
  /** Cache-Control sent with every cached answer and every 304. */
  cacheControl: string;
  /** Distinct requests kept at most (query strings are caller-chosen); the oldest entry goes first. */
  maxEntries?: number;
}

export interface ResponseCache {
  /** Spread into a GET route's options: answers from the cache, or stores the route's 200 answer. */
  routeHooks: { preHandler: preHandlerHookHandler; onSend: onSendHookHandler<unknown> };
  /** Forgets every stored answer; call after the write has committed. */
  invalidate(): void;
  /** Stored answers right now (for tests and the bench). */
  readonly size: number;
}

interface StoredAnswer {
  body: string;
  contentType: string;
  etag: string;
}

const DEFAULT_MAX_ENTRIES = 500;
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Where a request stands while the route handler runs: its key and the generation it started in. */
interface PendingLookup {
  key: string;
  generation: number;
}

function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match uses the weak comparison: `W/"x"` matches `"x"`; `*` matches anything stored. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Validated query and params, in a stable order: `?limit=9&page=1` and `?page=1&limit=9` share one entry. */
function cacheKey(request: FastifyRequest): string {
  const sorted = (value: unknown) =>
    value && typeof value === 'object' ? Object.entries(value).sort(([a], [b]) => a.localeCompare(b)) : [];
  return JSON.stringify([request.routeOptions.url, sorted(request.params), sorted(request.query)]);
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const answers = new Map<string, StoredAnswer>();
  const pending = new WeakMap<FastifyRequest, PendingLookup>();
  // Bumped by every invalidation: an answer read from the database before a
  // write committed must not be stored after that write's invalidation.
  let generation = 0;

  function sendStored(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer) {
    reply.header('etag', answer.etag).header('cache-control', options.cacheControl);
    if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    return reply.header('content-type', answer.contentType).send(answer.body);
  }

  const preHandler: preHandlerHookHandler = (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const key = cacheKey(request);
    const answer = answers.get(key);
    if (answer) {
      // Sent here, the handler never runs; onSend sees no pending lookup and leaves the cache alone.
      sendStored(request, reply, answer);
      return;
    }
    pending.set(request, { key, generation });
    done();
  };

  const onSend: onSendHookHandler<unknown> = (request, reply, payload, done) => {
    const lookup = pending.get(request);
    pending.delete(request);
    if (!lookup || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const answer: StoredAnswer = {
      body: payload,
      contentType: String(reply.getHeader('content-type') ?? JSON_CONTENT_TYPE),
      etag: strongEtag(payload),
    };
    if (lookup.generation === generation) {
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value ?? '');
      answers.set(lookup.key, answer);
    }
    reply.header('etag', answer.etag).header('cache-control', options.cacheControl);
    if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  };

  return {
    routeHooks: { preHandler, onSend },
    invalidate() {
      generation += 1;
      answers.clear();
    },
    get size() {
      return answers.size;
    },
  };
}

/**
 * Public data may be kept by browsers and shared caches, but must be
 * revalidated before each use: an admin's save shows on the next page load
 * (the SPA refetches at once after a save), and revalidation costs one 304
 * without a body.
 */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';
