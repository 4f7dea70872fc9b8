import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAnswer, replayKey } from '../../bench/lib/replayed-answers';

const BODY = brotliCompressSync(JSON.stringify({ posts: Array.from({ length: 9 }, (_, index) => ({ title: `Post ${index} — ü` })) }));
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.headers['if-none-match']) {
      response.writeHead(304, { ETag: '"v1"' }).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br', ETag: '"v1"', 'Content-Length': BODY.length });
    response.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/blog?page=1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('recordAnswer', () => {
  it('keeps the compressed bytes and the headers the app chose, not the ones node:http adds to every answer', async () => {
    const answer = await recordAnswer(url, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(Buffer.from(answer.bodyLatin1, 'latin1').equals(BODY)).toBe(true);
    expect(answer.headers).toEqual({ 'Content-Type': 'application/json', 'Content-Encoding': 'br', ETag: '"v1"', 'Content-Length': String(BODY.length) });
  });

  it('records the 304 a conditional request gets, under its own key', async () => {
    const answer = await recordAnswer(url, { 'if-none-match': '"v1"' });
    expect(answer).toEqual({ status: 304, headers: { ETag: '"v1"' }, bodyLatin1: '' });
    expect(replayKey('/api/blog?page=1', true)).not.toBe(replayKey('/api/blog?page=1', false));
  });
});
