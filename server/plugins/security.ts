import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

/**
 * The page may only run code and load data from its own origin. Vite's
 * production index.html loads one external module script, so no inline script
 * is ever needed.
 */
export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // 'unsafe-inline' for styles only: styled-components injects <style> tags at
  // runtime, whose contents are not known at build time (no hash or nonce fits).
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // Camera previews for calls and live streams are MediaStream and blob URLs.
  mediaSrc: ["'self'", 'blob:', 'mediastream:'],
};

/** For JSON answers: they load nothing and may be framed by no one (framing a JSON page is a clickjacking aid). */
export const apiContentSecurityPolicyDirectives = {
  defaultSrc: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * Orbit's pages use the camera and microphone (calls, live streams) and the
 * location (profile, onboarding) for themselves: no embedded frame may ask for
 * them, and features Orbit never uses are off for everyone.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=(self)',
  'fullscreen=(self)',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/** /api answers JSON, except the API documentation, which is an HTML page. */
export function isJsonApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, and an unpaired UTF-16
 * surrogate is not Unicode at all (jsonb refuses it, text silently turns it
 * into U+FFFD). With the u flag a surrogate only matches when it is unpaired.
 */
const UNPAIRED_SURROGATE = /[\ud800-\udfff]/u;
const NUL = String.fromCharCode(0);
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

function isUnstorable(text: string): boolean {
  return text.includes(NUL) || UNPAIRED_SURROGATE.test(text);
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function fieldName(visit: Visit): string {
  const keys: string[] = [];
  for (let node: Visit | null = visit; node; node = node.parent) if (node.key) keys.unshift(node.key);
  return keys.join('.');
}

/**
 * The field (dotted path) holding the first string or key that cannot be
 * stored, or null. Walks without recursion: bodies may nest 10,000 deep.
 */
export function findUnstorableText(input: unknown): string | null {
  const pending: Visit[] = [{ value: input, key: '', parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (isUnstorable(value)) return fieldName(visit);
    } else if (ArrayBuffer.isView(value)) {
      // Binary bodies (a photo upload) are bytes, never stored as text; walking a 15 MB Buffer key by key would take seconds.
      continue;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const childVisit = { value: child, key, parent: visit };
        if (isUnstorable(key)) return fieldName(childVisit);
        pending.push(childVisit);
      }
    }
  }
  return null;
}

// Two helmet middlewares for the process, each built once: their headers
// never vary per request, and building them once keeps cached answers cheap.
const strictTransportSecurity = { maxAge: 15_552_000, includeSubDomains: true };
const applyDocumentHeaders = helmet({
  // useDefaults off: helmet's defaults add upgrade-insecure-requests, which
  // would break the plain-http localhost deployment.
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
  // Harmless locally (browsers ignore HSTS over http) and right behind TLS.
  strictTransportSecurity,
});
// JSON answers are read by scripts, never rendered: the document-only
// headers (opener policy, XSS filter, download and DNS-prefetch switches,
// referrer policy: a JSON answer makes no requests of its own...) would
// only add about 630 bytes to every API call. What matters for them
// stays: nothing may load or frame them, no MIME sniffing, same-origin reads.
const applyApiHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: apiContentSecurityPolicyDirectives },
  strictTransportSecurity,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** The headers a helmet middleware sets: they never vary per request, so a stub response collects them. */
function collectHeaders(apply: typeof applyApiHeaders): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const stub = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  apply({} as IncomingMessage, stub as unknown as ServerResponse, () => {});
  return headers;
}

let collected: { api: Readonly<Record<string, string>>; document: Readonly<Record<string, string>> } | undefined;

/**
 * The security headers every answer to `url` carries, for the answers sent
 * where the onRequest hook below never runs: errors Fastify raises before
 * routing (a malformed URL) and the server's own answers to unparseable
 * requests (431, 400, 408), written straight to the socket.
 */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  collected ??= { api: collectHeaders(applyApiHeaders), document: { ...collectHeaders(applyDocumentHeaders), 'permissions-policy': PERMISSIONS_POLICY } };
  return isJsonApiPath(url) ? collected.api : collected.document;
}

function securityPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  // Before validation, so such text is a clear 400 wherever it was sent,
  // instead of a database error (500) in whichever handler stores or searches it.
  app.addHook('preValidation', (request, _reply, next) => {
    for (const [part, input] of [['body', request.body], ['query', request.query], ['path', request.params]] as const) {
      const field = findUnstorableText(input);
      if (field !== null) {
        next(new HttpError(400, `${field || `Request ${part}`} ${UNSTORABLE_TEXT_MESSAGE}`));
        return;
      }
    }
    next();
  });

  app.addHook('onRequest', (request, reply, hookDone) => {
    const json = isJsonApiPath(request.url);
    if (!json) void reply.header('permissions-policy', PERMISSIONS_POLICY);
    (json ? applyApiHeaders : applyDocumentHeaders)(request.raw, reply.raw, (error?: unknown) => hookDone(error instanceof Error ? error : undefined));
  });
  // An answer that depends on who asks (it carried their token) is theirs alone: no cache, shared or private, keeps it,
  // unless the route chose its own caching. So is the answer to any write: a sign-in or registration answers with a
  // session token the request did not carry.
  app.addHook('onSend', (request, reply, payload, hookDone) => {
    const personal = request.headers.authorization !== undefined || (request.method !== 'GET' && request.method !== 'HEAD');
    if (isJsonApiPath(request.url) && personal && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    hookDone(null, payload);
  });
  done();
}

export default fp(securityPlugin, { name: 'orbit-security', fastify: '5.x' });
