import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type pg from 'pg';
import { withParameterReplaced, type RecordedQuery } from './recorded-queries';

// The signed-in rows' reference: what a server written by hand on node:http
// and node-postgres does for the same request. It checks the bearer token
// (HS256, node:crypto), runs the very statements the app ran for that route
// (recorded-queries.ts: the session check, the route's reads and writes,
// prepared under the same names, one after another) on one pooled
// connection, and answers the rows as JSON, brotli quality 4 over 1 KB as the app does. No framework, no
// validation library, no ORM: what is left between it and the app is the
// app's own cost per request.

/** A signed-in route as recorded from the app. */
export interface BareRoute {
  method: 'GET' | 'POST';
  path: string;
  queries: RecordedQuery[];
  /** POST /users/like: the target person in the recorded request, replaced by each request's own. */
  recordedTargetId?: string;
}

const COMPRESS_OVER_BYTES = 1024;
const BROTLI_QUALITY_4 = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** The token's claims when its HS256 signature and expiry hold, otherwise null. */
export function verifiedClaims(token: string, secret: string, nowSeconds: number): Record<string, unknown> | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
  if (alg !== 'HS256') return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return typeof claims.exp === 'number' && claims.exp > nowSeconds ? claims : null;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(request: IncomingMessage, response: ServerResponse, status: number, value: unknown): void {
  const json = Buffer.from(JSON.stringify(value));
  const brotli = json.length > COMPRESS_OVER_BYTES && (request.headers['accept-encoding'] ?? '').includes('br');
  const body = brotli ? brotliCompressSync(json, BROTLI_QUALITY_4) : json;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, ...(brotli ? { 'content-encoding': 'br', vary: 'accept-encoding' } : {}) });
  response.end(body);
}

/** What the route answers with: the rows of its last statement that returned any, the session check (the first) aside. */
function answerRows(results: readonly pg.QueryResult[]): unknown[] {
  return results.slice(1).findLast((result) => (result.rows?.length ?? 0) > 0)?.rows ?? [];
}

async function handle(pool: pg.Pool, routes: readonly BareRoute[], secret: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const route = routes.find((candidate) => candidate.method === request.method && candidate.path === request.url);
  if (!route) return answer(request, response, 404, { message: 'Not found' });
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !verifiedClaims(token, secret, Date.now() / 1000)) return answer(request, response, 401, { message: 'Sign in' });
  let queries = route.queries;
  if (route.recordedTargetId) {
    const { targetId } = JSON.parse(await readBody(request)) as { targetId?: unknown };
    if (typeof targetId !== 'string') return answer(request, response, 400, { message: 'targetId is required' });
    queries = withParameterReplaced(queries, route.recordedTargetId, targetId);
  }
  const client = await pool.connect();
  try {
    const results: pg.QueryResult[] = [];
    for (const query of queries) results.push(await client.query(query));
    answer(request, response, 200, answerRows(results));
  } finally {
    client.release();
  }
}

export function createBareServer(pool: pg.Pool, routes: readonly BareRoute[], secret: string): Server {
  return createServer((request, response) => {
    handle(pool, routes, secret, request, response).catch((error: unknown) => {
      if (!response.headersSent) answer(request, response, 500, { message: error instanceof Error ? error.message : String(error) });
    });
  });
}
