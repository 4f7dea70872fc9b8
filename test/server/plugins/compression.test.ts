import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResponseSchema } from '../../../contract/discovery';
import { insertPerson, offsetPoint } from '../discovery/people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Dynamic /api answers are compressed by @fastify/compress (server/plugins/compression.ts);
// the public cached routes keep their stored brotli and gzip and must carry no hook of it.

const CHROMIUM = 'gzip, deflate, br, zstd';
const ORIGIN = { latitude: 64.14, longitude: -21.94 };
const CACHED_ROUTES = ['/api/config/public', '/api/blog', '/api/blog/categories', '/api/blog/:id'];
/** What Accept-Encoding a client, a scanner or a broken proxy may send. */
const HOSTILE_ACCEPT_ENCODINGS = [
  'br;q=abc, *;q=0',
  'identity;q=0',
  '*;q=0',
  'identity;q=0, *;q=0',
  ',,,;;;q=',
  'gzip;q=-1, br;q=1e999',
  'BR',
  `${'x'.repeat(4000)};q=1`,
];

let testApp: TestApp;
let viewer: RegisteredUser;
let adminToken: string;

beforeAll(async () => {
  testApp = await createTestApp({ rateLimits: { dataExport: { max: 2, windowMs: 60_000 } } });
  viewer = await registerUser(testApp.app, { age: 30, gender: 'male' });
  await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(viewer.token), payload: { location: ORIGIN } });
  const people = [];
  for (let index = 0; index < 16; index += 1) {
    people.push(await insertPerson(testApp.db, { ...offsetPoint(ORIGIN, index, index), bio: `Hiking, coffee and long walks, number ${index}.` }));
  }
  // Each like is a line of the data export, so it grows past the threshold.
  for (const person of people) {
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(viewer.token), payload: { targetId: person.id } });
  }
  // Discover leaves out people the viewer decided on: these fill its pages past the threshold.
  for (let index = 0; index < 16; index += 1) {
    await insertPerson(testApp.db, { ...offsetPoint(ORIGIN, -index, index), bio: `Books, cooking and the sea, number ${index}.` });
  }
  adminToken = await loginAdmin(testApp.app);
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return testApp.app.inject({ method, url, headers });
}

/** The body as the client reads it, decoding the one content-encoding the answer names. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
}

/** Content-Length, when sent, counts the bytes on the wire. */
function expectHonestLength(response: LightMyRequestResponse): void {
  const length = response.headers['content-length'];
  if (length !== undefined) expect(Number(length)).toBe(response.rawPayload.length);
}

/** Route path → hook name → hook function names, from Fastify's own route listing. */
function routeHooks(method: 'GET' | 'HEAD'): Map<string, Record<string, string[]>> {
  const routes = new Map<string, Record<string, string[]>>();
  const parents: string[] = [];
  let current: Record<string, string[]> = {};
  for (const line of testApp.app.printRoutes({ includeHooks: true, commonPrefix: false, method }).split('\n')) {
    const route = /^([│ ]*)[├└]── (\S+) \(/.exec(line);
    const hook = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (route) {
      const depth = (route[1] ?? '').length / 4;
      parents.length = depth;
      const path = `${parents.at(-1) ?? ''}${route[2] ?? ''}`;
      parents.push(path);
      current = {};
      routes.set(path, current);
    } else if (hook) {
      current[hook[1] ?? ''] = JSON.parse(hook[2] ?? '[]') as string[];
    }
  }
  return routes;
}

describe('dynamic API answers', () => {
  it('sends the Discover page as brotli to Chromium, the same JSON as the uncompressed answer', async () => {
    const plain = await get('/api/users?page=1', bearer(viewer.token));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(discoverResponseSchema.parse(plain.json()).users.length).toBeGreaterThan(10);
    expect(plain.rawPayload.length).toBeGreaterThan(2048);

    const brotli = await get('/api/users?page=1', { ...bearer(viewer.token), 'accept-encoding': CHROMIUM });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expectHonestLength(brotli);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decoded(brotli))).toEqual(plain.json());
    // The security plugin's headers are set before the answer is compressed, and stay.
    expect(brotli.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
    expect(brotli.headers.etag).toBeUndefined();
  });

  it('sends gzip to a client that takes only gzip, and the plain answer to one that names no encoding it supports', async () => {
    const headers = bearer(viewer.token);
    const url = '/api/users/radar?radiusKm=50&limit=20';
    const plain = await get(url, headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gzip = await get(url, { ...headers, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);
    expectHonestLength(gzip);
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());

    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'zstd']) {
      const answer = await get(url, { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) });
      expect(answer.statusCode, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(JSON.parse(answer.body)).toEqual(plain.json());
    }
  });

  it('leaves answers under 1 KB and small error answers alone', async () => {
    const headers = { ...bearer(viewer.token), 'accept-encoding': CHROMIUM };
    const onePerson = await get('/api/users?page=1&limit=1', headers);
    expect(onePerson.statusCode).toBe(200);
    expect(onePerson.rawPayload.length).toBeLessThan(1024);
    expect(onePerson.headers['content-encoding']).toBeUndefined();
    const fullPage = await get('/api/users?page=1&limit=12', headers);
    expect(fullPage.headers['content-encoding']).toBe('br');

    const unauthorized = await get('/api/users?page=1', { 'accept-encoding': CHROMIUM });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
    expect(unauthorized.json()).toMatchObject({ success: false });
    const notFound = await get('/api/no-such-route', { 'accept-encoding': CHROMIUM });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-encoding']).toBeUndefined();
    expect(notFound.json()).toMatchObject({ success: false });
  });

  it('answers HEAD with no body and the length of the answer it describes', async () => {
    const headers = { ...bearer(viewer.token), 'accept-encoding': CHROMIUM };
    const compressed = await get('/api/users?page=1', headers);
    expect(compressed.headers['content-encoding']).toBe('br');
    const plain = await get('/api/users?page=1', bearer(viewer.token));
    const head = await get('/api/users?page=1', headers, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    // Fastify's HEAD handler drops the body before the plugin's onSend runs, so HEAD describes the
    // plain answer: its length with no content-encoding, or the compressed length with br.
    if (head.headers['content-encoding'] === 'br') expect(head.headers['content-length']).toBe(compressed.headers['content-length']);
    else expect(head.headers['content-length']).toBe(String(plain.rawPayload.length));
  });

  it('compresses the no-store data export, keeps its attachment name, and the 429 after it stays plain JSON', async () => {
    const headers = { ...bearer(viewer.token), 'accept-encoding': CHROMIUM };
    const plain = await get('/api/user/me/export', bearer(viewer.token));
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await get('/api/user/me/export', headers);
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(brotli.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(String(brotli.headers['content-disposition'])).toMatch(/^attachment; filename="orbit-data-/);
    expectHonestLength(brotli);
    const exported = JSON.parse(decoded(brotli)) as Record<string, unknown>;
    const expected = plain.json<Record<string, unknown>>();
    // Only the moment of the export differs between the two copies.
    expect({ ...exported, exportedAt: null }).toEqual({ ...expected, exportedAt: null });

    const refused = await get('/api/user/me/export', headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ success: false });
  });

  it('compresses admin lists too', async () => {
    const headers = { ...bearer(adminToken), 'accept-encoding': CHROMIUM };
    const users = await get('/api/admin/users', headers);
    expect(users.statusCode).toBe(200);
    expect(users.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(users))).toMatchObject({ success: true });
  });
});

describe('hostile Accept-Encoding', () => {
  it('never gives a 5xx or a 406, and always a body the client can read, on routes the plugin compresses and on those it does not', async () => {
    const signedIn = bearer(viewer.token);
    const routes = [
      ['/api/users?page=1', signedIn],
      ['/api/user/me', signedIn],
      ['/api/config/public', {}],
      ['/api/blog', {}],
      ['/api/no-such-route', {}],
    ] as const;
    // The same routes, asked with a well-formed header, do go through the plugin.
    expect((await get(routes[0][0], { ...signedIn, 'accept-encoding': CHROMIUM })).headers['content-encoding']).toBe('br');
    for (const acceptEncoding of HOSTILE_ACCEPT_ENCODINGS) {
      for (const [url, headers] of routes) {
        const answer = await get(url, { ...headers, 'accept-encoding': acceptEncoding });
        const label = `${url} with ${acceptEncoding.slice(0, 40)}`;
        expect(answer.statusCode, label).toBeLessThan(500);
        expect(answer.statusCode, label).not.toBe(406);
        expectHonestLength(answer);
        expect(() => JSON.parse(decoded(answer)) as unknown, label).not.toThrow();
      }
    }
  });

  it('follows q-values and treats * as gzip, and sends the plain answer when nothing is acceptable', async () => {
    const headers = bearer(viewer.token);
    const encodingFor = async (acceptEncoding: string) => (await get('/api/users?page=1', { ...headers, 'accept-encoding': acceptEncoding })).headers['content-encoding'];
    expect(await encodingFor('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(await encodingFor('*')).toBe('gzip');
    expect(await encodingFor('br;q=abc, *;q=0')).toBeUndefined();
    expect(await encodingFor('identity;q=0')).toBeUndefined();
    expect(await encodingFor('br, *;q=0')).toBe('br');
  });
});

describe('the public cached routes', () => {
  it('carry no hook of @fastify/compress, which every dynamic API route has', async () => {
    await testApp.app.ready();
    for (const method of ['GET', 'HEAD'] as const) {
      const routes = routeHooks(method);
      // The plugin's onRequest (it decorates reply.compress) comes with its onSend on every route it compresses.
      expect(routes.get('/api/users')?.onRequest, method).toContain('onRequest()');
      expect(routes.get('/api/user/me/export')?.onRequest, method).toContain('onRequest()');
      const ownOnSend = (hooks: Record<string, string[]> | undefined) => (hooks?.onSend ?? []).filter((name) => name === 'onSend()');
      expect(ownOnSend(routes.get('/api/users')), method).toHaveLength(1);
      for (const path of CACHED_ROUTES) {
        const hooks = routes.get(path);
        expect(hooks, `${method} ${path}`).toBeDefined();
        expect(hooks?.onRequest ?? [], `${method} ${path}`).not.toContain('onRequest()');
        // The response cache's own onSend (HEAD adds Fastify's headRouteOnSendHandler), none of the plugin's.
        expect(ownOnSend(hooks), `${method} ${path}`).toHaveLength(1);
      }
    }
    // The web app is not under /api, so the plugin never reached it either.
    expect(routeHooks('GET').get('*')?.onRequest ?? []).not.toContain('onRequest()');
  });

  it('send the stored brotli as it is: the same bytes through Fastify as from the front door, decoded once, and 304 on its ETag', async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    const browser = { 'accept-encoding': CHROMIUM };
    const withoutConnectionHeaders = (headers: Record<string, unknown>) =>
      Object.entries(headers).filter(([name]) => !['date', 'keep-alive', 'connection', 'transfer-encoding'].includes(name));

    for (const url of ['/api/config/public?from=compression-test', '/api/blog?page=1&limit=9&from=compression-test']) {
      // First request: the route handler runs and the cache's onSend stores and sends the answer.
      const routed = await get(url, browser);
      expect(routed.statusCode).toBe(200);
      expect(routed.headers['content-encoding']).toBe('br');
      expect(routed.headers.vary).toBe('accept-encoding');
      expect(String(routed.headers.etag)).toMatch(/^W\/"/);
      expectHonestLength(routed);
      const json = JSON.parse(brotliDecompressSync(routed.rawPayload).toString()) as unknown;
      expect(json).toMatchObject({ success: true });

      // Again through Fastify, answered by the cache's onRequest hook.
      const stored = await get(url, browser);
      expect(stored.rawPayload.equals(routed.rawPayload)).toBe(true);
      expect(withoutConnectionHeaders(stored.headers)).toEqual(withoutConnectionHeaders(routed.headers));

      // The front door answers before Fastify, so no Fastify plugin could have touched these bytes.
      const frontDoor = await fetch(`${base}${url}`, { headers: browser });
      const wire = Buffer.from(await frontDoor.arrayBuffer());
      expect(frontDoor.headers.get('content-encoding')).toBe('br');
      expect(Object.fromEntries(withoutConnectionHeaders(Object.fromEntries(frontDoor.headers)))).toEqual(
        Object.fromEntries(withoutConnectionHeaders(routed.headers).map(([name, value]) => [name, String(value)])),
      );
      // fetch decodes brotli itself: one decoding gives the JSON, so it was encoded once.
      expect(JSON.parse(wire.toString()) as unknown).toEqual(json);

      const revalidated = await get(url, { ...browser, 'if-none-match': String(routed.headers.etag) });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers['content-encoding']).toBeUndefined();
    }

    // A dynamic route on the same listening server goes through the plugin.
    const discover = await fetch(`${base}/api/users?page=1`, { headers: { ...browser, ...bearer(viewer.token) } });
    expect(discover.headers.get('content-encoding')).toBe('br');
    expect(discover.headers.get('etag')).toBeNull();
    expect(discoverResponseSchema.parse(await discover.json()).users.length).toBeGreaterThan(10);
  });
});
