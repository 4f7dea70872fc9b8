import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blogListResponseSchema, blogPostResponseSchema } from '../../../contract/blog/posts';
import { publicConfigResponseSchema } from '../../../contract/site-settings';
import { createResponseCache, FrontDoor, matchesIfNoneMatch } from '../../../server/plugins/response-cache';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let adminToken: string;
beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
});
afterAll(() => testApp.close());

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });
const asAdmin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
const STRONG_ETAG = /^"[A-Za-z0-9_-]+"$/;

describe('GET /api/config/public caching', () => {
  it('answers with a strong ETag and revalidating Cache-Control, then 304 without a body for that ETag', async () => {
    const first = await get('/api/config/public');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(STRONG_ETAG);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const again = await get('/api/config/public');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);

    const conditional = await get('/api/config/public', { 'if-none-match': String(first.headers.etag) });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
    expect(conditional.headers.etag).toBe(first.headers.etag);
    expect(conditional.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const weakForm = await get('/api/config/public', { 'if-none-match': `"other", W/${String(first.headers.etag)}` });
    expect(weakForm.statusCode).toBe(304);
  });

  it('shows an admin save on the next request, under a new ETag the old one no longer matches', async () => {
    const before = await get('/api/config/public');
    const oldEtag = String(before.headers.etag);

    const save = await asAdmin('POST', '/api/config/app', { configs: { heroTitle: { value: 'Cached no more', type: 'string' } } });
    expect(save.statusCode).toBe(200);

    const after = await get('/api/config/public', { 'if-none-match': oldEtag });
    expect(after.statusCode).toBe(200);
    expect(publicConfigResponseSchema.parse(after.json()).data.config.heroTitle).toBe('Cached no more');
    expect(after.headers.etag).toMatch(STRONG_ETAG);
    expect(after.headers.etag).not.toBe(oldEtag);
    expect((await get('/api/config/public', { 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);
  });

  it('is the same answer for a signed-in member as for a visitor', async () => {
    const member = await registerUser(testApp.app);
    const visitor = await get('/api/config/public');
    const signedIn = await get('/api/config/public', bearer(member.token));
    expect(signedIn.body).toBe(visitor.body);
    expect(signedIn.headers.etag).toBe(visitor.headers.etag);
  });
});

describe('GET /api/blog caching', () => {
  const postInput = { title: 'Fresh from the cache test', excerpt: 'Short', content: '<p>Body</p>', author: 'Team', category: 'Tips', published: true };

  it('lists a new post at once, changes the ETag on update and forgets the post on delete', async () => {
    const listUrl = '/api/blog?page=1&limit=9';
    const before = await get(listUrl);
    expect(before.headers.etag).toMatch(STRONG_ETAG);
    expect((await get(listUrl, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(304);

    const created = await asAdmin('POST', '/api/blog/admin', postInput);
    expect(created.statusCode).toBe(201);
    const postId = created.json<{ post: { _id: string } }>().post._id;
    const afterCreate = await get(listUrl, { 'if-none-match': String(before.headers.etag) });
    expect(afterCreate.statusCode).toBe(200);
    expect(blogListResponseSchema.parse(afterCreate.json()).posts.map((post) => post.title)).toContain(postInput.title);

    const single = await get(`/api/blog/${postId}`);
    expect(single.headers.etag).toMatch(STRONG_ETAG);
    expect(await asAdmin('PUT', `/api/blog/admin/${postId}`, { ...postInput, title: 'Renamed in the cache test' })).toMatchObject({ statusCode: 200 });
    const renamed = await get(`/api/blog/${postId}`, { 'if-none-match': String(single.headers.etag) });
    expect(renamed.statusCode).toBe(200);
    expect(blogPostResponseSchema.parse(renamed.json()).data.post.title).toBe('Renamed in the cache test');
    expect(renamed.headers.etag).not.toBe(single.headers.etag);

    expect(await asAdmin('DELETE', `/api/blog/admin/${postId}`)).toMatchObject({ statusCode: 200 });
    expect((await get(`/api/blog/${postId}`)).statusCode).toBe(404);
    const afterDelete = blogListResponseSchema.parse((await get(listUrl)).json());
    expect(afterDelete.posts.map((post) => post._id)).not.toContain(postId);
  });

  it('does not keep a "not found" for a draft that is then published', async () => {
    const created = await asAdmin('POST', '/api/blog/admin', { ...postInput, title: 'A draft for now', published: false });
    const postId = created.json<{ post: { _id: string } }>().post._id;
    const missing = await get(`/api/blog/${postId}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();

    await asAdmin('PUT', `/api/blog/admin/${postId}`, { ...postInput, title: 'A draft for now', published: true });
    expect((await get(`/api/blog/${postId}`)).statusCode).toBe(200);
  });

  it('shares one entry between query strings that mean the same page', async () => {
    const plain = await get('/api/blog?page=1&limit=9');
    const reordered = await get('/api/blog?limit=9&page=1');
    expect(reordered.headers.etag).toBe(plain.headers.etag);
  });
});

describe('compressed answers', () => {
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it('sends brotli to a browser that accepts it, gzip to one that only takes gzip, the same JSON either way', async () => {
    const plain = await get('/api/blog?page=1&limit=9');
    const brotli = await get('/api/blog?page=1&limit=9', browser);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // Compressed once per save, so at brotli's best quality.
    const best = brotliCompressSync(plain.rawPayload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } });
    expect(brotli.rawPayload.length).toBeLessThanOrEqual(best.length);
    expect(brotli.headers.etag).toBe(`W/${String(plain.headers.etag)}`);

    const gzip = await get('/api/blog?page=1&limit=9', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('revalidates either form of the ETag with a bare 304: validator and caching headers only', async () => {
    const brotli = await get('/api/config/public', browser);
    for (const etag of [String(brotli.headers.etag), String(brotli.headers.etag).slice(2)]) {
      const revalidated = await get('/api/config/public', { ...browser, 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(brotli.headers.etag);
      expect(revalidated.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(revalidated.headers['content-security-policy']).toBeUndefined();
    }
  });
});

describe('the front door of the listening server', () => {
  it('answers a known URL before Fastify, with the headers the pipeline gave it, and sees an admin save at once', async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    const answered = vi.spyOn(FrontDoor.prototype, 'answer');
    try {
      const first = await fetch(`${base}/api/config/public?from=front-door-test`, { headers: { 'accept-encoding': 'br' } });
      const firstBody = await first.text();
      const second = await fetch(`${base}/api/config/public?from=front-door-test`, { headers: { 'accept-encoding': 'br' } });
      expect(await second.text()).toBe(firstBody);
      expect(answered.mock.results.map((result): unknown => result.value)).toEqual([false, true]);
      const without = (headers: Headers) => [...headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name));
      expect(without(second.headers)).toEqual(without(first.headers));
      expect(second.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

      const etag = second.headers.get('etag') ?? '';
      const revalidated = await fetch(`${base}/api/config/public?from=front-door-test`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      expect(revalidated.status).toBe(304);

      await asAdmin('POST', '/api/config/app', { configs: { heroTitle: { value: 'Through the front door ✓ é', type: 'string' } } });
      const afterSave = await fetch(`${base}/api/config/public?from=front-door-test`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      expect(afterSave.status).toBe(200);
      expect(publicConfigResponseSchema.parse(await afterSave.json()).data.config.heroTitle).toBe('Through the front door ✓ é');
      expect(answered.mock.results.at(-1)?.value).toBe(false);

      // Uncompressed UTF-8 from the front door arrives byte for byte.
      const plainRequest = { headers: { 'accept-encoding': 'identity' } };
      const plain = await fetch(`${base}/api/config/public?from=front-door-test`, plainRequest);
      expect(answered.mock.results.at(-1)?.value).toBe(true);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(publicConfigResponseSchema.parse(await plain.json()).data.config.heroTitle).toBe('Through the front door ✓ é');
    } finally {
      answered.mockRestore();
    }
  });
});

describe('responses that are not public', () => {
  it('never carry an ETag or a public Cache-Control: signed-in radar and the admin post list', async () => {
    const member = await registerUser(testApp.app);
    const radar = await get('/api/users/radar', bearer(member.token));
    expect(radar.statusCode).toBe(200);
    expect(radar.headers.etag).toBeUndefined();
    expect(String(radar.headers['cache-control'] ?? '')).not.toContain('public');

    const adminList = await get('/api/blog/admin/all', bearer(adminToken));
    expect(adminList.statusCode).toBe(200);
    expect(adminList.headers.etag).toBeUndefined();
  });
});

describe('createResponseCache', () => {
  it('does not store an answer read before an invalidation that happened while it was being built', async () => {
    const cache = createResponseCache({ cacheControl: 'no-cache' });
    const app = Fastify();
    let version = 1;
    let release: (() => void) | undefined;
    let markRead: () => void = () => {};
    const firstRead = new Promise<void>((resolve) => (markRead = resolve));
    app.get('/value', cache.routeHooks, async () => {
      const seen = version;
      // The first request reads, then waits while a write lands and invalidates.
      if (release === undefined) {
        const held = new Promise<void>((resolve) => (release = resolve));
        markRead();
        await held;
      }
      return { version: seen };
    });
    await app.ready();

    const slow = app.inject({ method: 'GET', url: '/value' });
    await firstRead;
    version = 2;
    cache.invalidate();
    release?.();
    expect((await slow).json()).toEqual({ version: 1 });
    expect((await app.inject({ method: 'GET', url: '/value' })).json()).toEqual({ version: 2 });
    await app.close();
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = createResponseCache({ cacheControl: 'no-cache', maxEntries: 3 });
    const app = Fastify();
    app.get('/echo', cache.routeHooks, (request, reply) => reply.send({ query: request.query }));
    await app.ready();
    for (let index = 0; index < 10; index += 1) await app.inject({ method: 'GET', url: `/echo?n=${index}` });
    expect(cache.size).toBe(3);
    await app.close();
  });

  it('matches If-None-Match lists, weak forms and *, and nothing else', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"bb"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });
});
