import fc from 'fast-check';
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, withdrawals } from '../../../server/db/schema';
import { bearer, loginAdmin } from '../helpers/accounts';
import { createTestApp } from '../helpers/test-app';
import { AUTHORIZATION_TABLE } from './authorization-table';
import { brokenPromise, FUZZ_SEED, generatedRequest, hostileRequests, routeShape, type FuzzRequest, type RouteShape } from './fuzz-requests';
import { createPost, insertMember, newUserAccount, type MatrixWorld } from './matrix-world';
import { documentedRoutes, type DocumentedRoute } from './route-inventory';

/** Per route: enough generated cases to find shape bugs, few enough that the file stays under two minutes. */
const GENERATED_RUNS_PER_ROUTE = 30;

// Built at load time so the route list (from the OpenAPI document) names the tests.
const testApp = await createTestApp();
await testApp.app.ready();
afterAll(() => testApp.close());
const { app, db } = testApp;

const caller = await newUserAccount(app);
const adminToken = await loginAdmin(app);
/** Signs in afresh for each request of routes that end or re-key the calling session. */
const sessionProbe = await newUserAccount(app);

// Real records for {id} params and uuid fields, none of them the callers, so bans and deletes spoil nothing.
const world = { app, db, callers: { admin: { token: adminToken } } } as unknown as MatrixWorld;
const victimId = await insertMember(db, { latitude: 19.07, longitude: 72.87 });
const postId = await createPost(world, 'Fuzzing target');
const [withdrawal] = await db.insert(withdrawals).values({ userId: victimId, amountCoins: 500, amountMinor: 500, method: 'PayPal' }).returning();
const catalogueIds = {
  gifts: (await adminPost<{ gift: { _id: string } }>('/api/admin/gifts', { gift: { name: 'Fuzz gift', icon: '🎈', price: 3 } })).gift._id,
  coinpacks: (await adminPost<{ coinPack: { _id: string } }>('/api/admin/coinpacks', { coinPack: { name: 'Fuzz pack', coins: 10, price: { amountMinor: 100, currency: 'USD' } } })).coinPack._id,
  vipplans: (await adminPost<{ vipPlan: { _id: string } }>('/api/admin/vipplans', { vipPlan: { name: 'Fuzz plan', duration: 3, price: { amountMinor: 100, currency: 'USD' } } })).vipPlan._id,
};
// A real photo (the caller's), so the photo routes' variants reach their handlers rather than stopping at "not found".
const photoUpload = await app.inject({
  method: 'POST',
  url: '/api/user/me/photos',
  headers: { ...bearer(caller.token), 'content-type': 'image/jpeg' },
  payload: await sharp({ create: { width: 200, height: 150, channels: 3, background: '#48c' } }).jpeg().toBuffer(),
});
expect(photoUpload.statusCode, photoUpload.body).toBe(201);
const photoId = photoUpload.json<{ photos: Array<{ id: string }> }>().photos[0]?.id ?? victimId;
const knownIds = [victimId, postId, withdrawal?.id ?? victimId, photoId, ...Object.values(catalogueIds)];

async function adminPost<T>(url: string, payload: object): Promise<T> {
  const response = await app.inject({ method: 'POST', url, payload, headers: bearer(adminToken) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

/** The record a route's {id} names, so body and query variants get past "not found". */
function realIdFor(path: string): string {
  if (path.includes('/media/')) return 'orbit';
  if (path.includes('/blog/')) return postId;
  if (path.includes('/withdrawals/')) return withdrawal?.id ?? victimId;
  for (const [segment, id] of Object.entries(catalogueIds)) if (path.includes(`/${segment}/`)) return id;
  return victimId;
}

let probeToken: string | null = null;

/** A token that gets past the route's guard: the user's, unless the matrix says only admins get in. */
async function tokenFor(route: DocumentedRoute): Promise<string> {
  const row = AUTHORIZATION_TABLE[route.key];
  if (!row?.freshCallers) return row && [401, 403].includes(row.expected.userA) ? adminToken : caller.token;
  if (!probeToken) {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: sessionProbe.username, password: sessionProbe.password } });
    probeToken = response.json<{ token: string }>().token;
  }
  return probeToken;
}

/** After a success or a 401 the probe's session may be over (logout, password change): sign in again. */
function noteProbeOutcome(status: number): void {
  if (status < 300 || status === 401) probeToken = null;
}

let requestCount = 0;
/** A different client address per request, so per-IP rate limits never stop the fuzz short of the handlers. */
function nextAddress(): string {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
}

async function send(shape: RouteShape, request: FuzzRequest) {
  const options: InjectOptions = {
    method: shape.route.method,
    url: request.url,
    remoteAddress: nextAddress(),
    headers: bearer(await tokenFor(shape.route)),
  };
  if (request.payload && 'json' in request.payload) options.payload = request.payload.json as InjectOptions['payload'];
  if (request.payload && 'raw' in request.payload) {
    options.payload = request.payload.raw;
    options.headers = { ...options.headers, 'content-type': request.payload.contentType };
  }
  const response = await app.inject(options);
  noteProbeOutcome(response.statusCode);
  return response;
}

async function expectServerUp(): Promise<void> {
  const response = await app.inject({ method: 'GET', url: '/api/config/public' });
  expect(response.statusCode, response.body).toBe(200);
}

const photoParams = { photoId, file: '320.webp' };
const shapes = documentedRoutes(app).map((route) => routeShape(route, realIdFor(route.path), knownIds, route.path.includes('/photos') ? photoParams : {}));

describe('bad input never gets a 5xx, always JSON with a message (issue 8 point 2)', () => {
  it.each(shapes.map((shape) => [shape.route.key, shape] as const))('%s', async (_key, shape) => {
    const failures: string[] = [];
    for (const request of hostileRequests(shape)) {
      const problem = brokenPromise(await send(shape, request));
      if (problem) failures.push(`${request.name}: ${problem}`);
    }
    expect(failures).toEqual([]);

    await fc.assert(
      fc.asyncProperty(generatedRequest(shape), async (request) => {
        const problem = brokenPromise(await send(shape, request));
        if (problem) throw new Error(`${request.url.slice(0, 300)} -> ${problem}`);
      }),
      { seed: FUZZ_SEED, numRuns: GENERATED_RUNS_PER_ROUTE, endOnFailure: true },
    );
    await expectServerUp();
  }, 60_000);

  it('leaves the server answering, with its data intact', async () => {
    await expectServerUp();
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, caller.id));
    expect(row?.id).toBe(caller.id);
  });
});
