import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MALFORMED_REQUEST_MESSAGE,
  MALFORMED_URL_MESSAGE,
  REQUEST_TOO_LARGE_MESSAGE,
  URL_SEGMENT_TOO_LONG_MESSAGE,
} from '../../../server/plugins/framework-errors';
import { ROUTE_NOT_FOUND_MESSAGE } from '../../../server/plugins/errors';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 37, finding 10: errors Fastify and Node raise themselves (a malformed
// URL, 414, 431, an unparseable request) used to skip Orbit's error shape and
// security headers and echo the path. app.inject cannot send what the HTTP
// parser refuses, so these go over a real socket.

let testApp: TestApp;
let port: number;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  port = (testApp.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await testApp?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as is and reads the answer until the server closes the connection (or the answer is complete). */
function sendRaw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer; received: ${received || 'nothing'}`));
    }, 5_000);
    const finish = () => {
      clearTimeout(giveUp);
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const [head, body] = received.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head ?? '')?.[1];
      if (length !== undefined && body !== undefined && Buffer.byteLength(body) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!socket.readableEnded || received) finish();
    });
    socket.on('connect', () => socket.write(request));
  });
}

const get = (target: string, extraHeaders = '') => sendRaw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`);

/** What every Orbit error carries, whatever raised it. */
function expectOrbitError(answer: RawAnswer, status: number, message: string, mustNotEcho: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(answer.body)).toEqual({ success: false, message });
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
  expect(answer.headers['strict-transport-security']).toContain('max-age=');
  expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(answer.body).not.toContain(mustNotEcho);
  expect(JSON.stringify(answer.headers)).not.toContain(mustNotEcho);
}

describe('errors the framework raises', () => {
  it('an ordinary API 404 sets the standard the others are held to', async () => {
    const answer = await get('/api/no-such-route-marker');
    expectOrbitError(answer, 404, ROUTE_NOT_FOUND_MESSAGE, 'no-such-route-marker');
  });

  it('a malformed URL is 400 in Orbit\'s shape, with the API headers, without echoing the path', async () => {
    const answer = await get('/api/users/%zz-echo-marker');
    expectOrbitError(answer, 400, MALFORMED_URL_MESSAGE, 'echo-marker');
    const reference = await get('/api/no-such-route');
    for (const name of ['content-security-policy', 'x-content-type-options', 'strict-transport-security', 'cross-origin-resource-policy']) {
      expect(answer.headers[name], name).toBe(reference.headers[name]);
    }
  });

  it('a path segment longer than the router takes is refused in Orbit\'s shape, without echoing it', async () => {
    const segment = `long-segment-marker-${'x'.repeat(200)}`;
    const answer = await get(`/api/users/${segment}/block`);
    // The router reports it (414) or finds no route (404); either way the answer is Orbit's.
    expect([404, 414]).toContain(answer.status);
    expectOrbitError(answer, answer.status, answer.status === 414 ? URL_SEGMENT_TOO_LONG_MESSAGE : ROUTE_NOT_FOUND_MESSAGE, 'long-segment-marker');
  });

  it('headers beyond the limit are 431 in Orbit\'s shape, with security headers, written by the server itself', async () => {
    const answer = await get('/api/config/public', `X-Padding: header-marker-${'a'.repeat(20 * 1024)}\r\n`);
    expectOrbitError(answer, 431, REQUEST_TOO_LARGE_MESSAGE, 'header-marker');
    expect(answer.headers['permissions-policy']).toContain('camera=(self)');
    expect(answer.headers.connection).toBe('close');
  });

  it('a 70 KB URL is refused in Orbit\'s shape, with security headers, without echoing it', async () => {
    const answer = await get(`/api/users/url-marker-${'b'.repeat(70 * 1024)}`);
    expect([414, 431]).toContain(answer.status);
    expectOrbitError(answer, answer.status, answer.status === 431 ? REQUEST_TOO_LARGE_MESSAGE : URL_SEGMENT_TOO_LONG_MESSAGE, 'url-marker');
  });

  it('an unparseable request is 400 in Orbit\'s shape, with security headers', async () => {
    const answer = await sendRaw('NOT-A-METHOD\u0001 /garbage-marker HTTP/1.1\r\nHost: x\r\n\r\n');
    expectOrbitError(answer, 400, MALFORMED_REQUEST_MESSAGE, 'garbage-marker');
  });
});
