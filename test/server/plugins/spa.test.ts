import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/lib/precompress';
import { CLIENT_NOT_BUILT_MESSAGE } from '../../../server/plugins/spa';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Big enough for the build to precompress, as every real bundle is.
const BUNDLE_JS = `export const people = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Person ${index}` })))};`;
const INDEX_HTML = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div></body></html>';

let clientDir: string;
let built: TestApp;
let unbuilt: TestApp;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-Ab12Cd.js'), 'console.log("orbit")');
  fs.writeFileSync(path.join(clientDir, 'assets', 'bundle-Ef34Gh.js'), BUNDLE_JS);
  fs.writeFileSync(path.join(clientDir, 'assets', 'inter-Ij56.woff2'), Buffer.alloc(4096, 7));
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(clientDir, '.env'), 'SECRET=1');
  precompressDirectory(clientDir);
  built = await createTestApp({ clientDir });
  unbuilt = await createTestApp({ clientDir: path.join(clientDir, 'missing') });
});
afterAll(async () => {
  await built?.close();
  await unbuilt?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function get(app: TestApp, url: string, accept = 'text/html,application/xhtml+xml', acceptEncoding?: string) {
  return app.app.inject({ method: 'GET', url, headers: { accept, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });
}

const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

describe('serving the web app', () => {
  it.each(['/', '/users', '/profile/8d0c1b52-6f7e-4b7a-9a57-0d3f3f6e2b11', '/blog?page=2'])('answers the page %s with index.html, revalidated every time', async (url) => {
    const response = await get(built, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await get(built, '/assets/index-Ab12Cd.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("orbit")');
  });

  it('sends the build\'s brotli copy of a bundle to a browser that accepts it', async () => {
    const response = await get(built, '/assets/bundle-Ef34Gh.js', '*/*', CHROMIUM_ACCEPT_ENCODING);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(BUNDLE_JS.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE_JS);
  });

  it('falls back to gzip, then to the file itself, for browsers without brotli', async () => {
    const gzipped = await get(built, '/assets/bundle-Ef34Gh.js', '*/*', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BUNDLE_JS);

    const plain = await get(built, '/assets/bundle-Ef34Gh.js', '*/*', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toBe(BUNDLE_JS);
  });

  it('sends the app shell compressed too, still revalidated every time', async () => {
    const response = await get(built, '/users', 'text/html', CHROMIUM_ACCEPT_ENCODING);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    // The fixture shell is under the 256 bytes the build bothers to compress.
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(INDEX_HTML);
  });

  it('leaves small files and already-compressed formats alone', () => {
    const files = fs.readdirSync(path.join(clientDir, 'assets'));
    expect(files).toContain('bundle-Ef34Gh.js.br');
    expect(files).toContain('bundle-Ef34Gh.js.gz');
    expect(files.filter((file) => file.startsWith('index-Ab12Cd.js.') || file.startsWith('inter-Ij56.woff2.'))).toEqual([]);
    expect(fs.existsSync(path.join(clientDir, 'index.html.br'))).toBe(false);
  });

  it('serves other files with a short cache', async () => {
    const response = await get(built, '/favicon.svg', 'image/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    const response = await get(built, '/assets/index-gone.js', '*/*');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Route not found' });
  });

  it.each(['/.env', '/assets/../.env', '/%2e%2e/%2e%2e/etc/passwd.txt', '/..%2f..%2fpackage.json'])('never serves %s', async (url) => {
    const response = await get(built, url, '*/*');
    expect([400, 403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('SECRET');
    expect(response.body).not.toContain('root:');
  });

  it('answers an unknown /api path with JSON even when HTML is accepted', async () => {
    const response = await get(built, '/api/not-a-route');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Route not found' });
  });

  it('tells the operator to build the app when dist/client is missing', async () => {
    const response = await get(unbuilt, '/users');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(CLIENT_NOT_BUILT_MESSAGE);
    expect(response.body).toContain('npm run build');
  });

  it('keeps the API working when the app is not built', async () => {
    const response = await get(unbuilt, '/api/user/me', 'application/json');
    expect(response.statusCode).toBe(401);
  });
});
