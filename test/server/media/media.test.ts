import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function get(url: string) {
  return testApp.app.inject({ method: 'GET', url });
}

describe('generated media', () => {
  it('draws the same avatar for the same seed and another for another seed', async () => {
    const first = await get('/api/media/avatar/alex-1');
    const again = await get('/api/media/avatar/alex-1');
    const other = await get('/api/media/avatar/sam-2');
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(again.body);
    expect(first.body).not.toBe(other.body);
  });

  it('draws the look a profile asks for, keeping the seed-only picture as it was', async () => {
    const plain = await get('/api/media/avatar/myrap84');
    const feminine = await get('/api/media/avatar/myrap84?look=feminine');
    const masculine = await get('/api/media/avatar/myrap84?look=masculine');
    for (const response of [plain, feminine, masculine]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(new Set([plain.body, feminine.body, masculine.body]).size).toBe(3);
    expect(feminine.body).toBe((await get('/api/media/avatar/myrap84?look=feminine')).body);
  });

  it("draws a person's gallery photos as other shots of the same face, cached like any avatar", async () => {
    const portrait = await get('/api/media/avatar/myrap84?look=feminine');
    const photos = await Promise.all([1, 2, 3].map((photo) => get(`/api/media/avatar/myrap84?look=feminine&photo=${photo}`)));
    for (const response of photos) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(new Set([portrait.body, ...photos.map((response) => response.body)]).size).toBe(4);
    expect((await get('/api/media/avatar/myrap84?photo=2')).statusCode).toBe(200);
  });

  it('serves covers as SVG with the title escaped', async () => {
    const response = await get(`/api/media/cover/first-date-tips?title=${encodeURIComponent('Tips <script>alert(1)</script>')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('&lt;script&gt;');
    expect(response.body).not.toContain('<script>');
  });

  it.each(['/api/media/avatar/UPPER', '/api/media/avatar/under_score', `/api/media/avatar/${'a'.repeat(65)}`, '/api/media/cover/ok?title=' + 'x'.repeat(81), '/api/media/avatar/ok?look=pretty', '/api/media/avatar/ok?photo=7', '/api/media/avatar/ok?photo=0', '/api/media/avatar/ok?photo=two'])(
    'answers %s with a 400 message',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).message).toMatch(/^(seed|title|look|photo): /);
    },
  );
});
