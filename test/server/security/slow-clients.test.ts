import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SLOW_CLIENT_LIMITS } from '../../../server/app';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A client that trickles its request to hold a connection open (slowloris)
// is answered 408 and cut off; one that sends its request at a normal pace
// is served. The limits are shortened here; the defaults are checked apart.

const LIMITS = { headersMs: 400, requestMs: 900, checkEveryMs: 100 };

let testApp: TestApp;
let port: number;
beforeAll(async () => {
  testApp = await createTestApp({ slowClientLimits: LIMITS });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  port = (testApp.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await testApp?.close();
});

interface Ending {
  /** Everything the server sent before it closed the connection. */
  received: string;
  /** From the first byte written to the close. */
  afterMs: number;
}

/** Opens a connection, lets `feed` write to it, and resolves when the server closes it (or after `giveUpMs`). */
function converse(feed: (socket: Socket) => void, giveUpMs = 5_000): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let startedAt = 0;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpMs} ms; it sent: ${received || 'nothing'}`));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ received, afterMs: performance.now() - startedAt });
    });
    socket.on('connect', () => {
      startedAt = performance.now();
      feed(socket);
    });
  });
}

/** Writes `text` one byte every `everyMs`, as a slowloris client does, until the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let next = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || next >= text.length) return clearInterval(timer);
    socket.write(text.charAt(next));
    next += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

describe('slow clients', () => {
  it('are cut off with 408 when the headers never finish', async () => {
    const ending = await converse((socket) => {
      socket.write('GET /api/config/public HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      trickle(socket, 'X-Slow: ' + 'a'.repeat(1_000), 50);
    });
    expect(ending.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(ending.afterMs).toBeGreaterThanOrEqual(LIMITS.headersMs - 50);
    expect(ending.afterMs).toBeLessThan(LIMITS.headersMs + 3 * LIMITS.checkEveryMs + 1_000);
  });

  it('are cut off with 408 when the body never finishes', async () => {
    const body = JSON.stringify({ username: 'slow_sender', password: 'a-password-sent-slowly' });
    const ending = await converse((socket) => {
      socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      trickle(socket, body, 100);
    });
    expect(ending.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(ending.afterMs).toBeGreaterThanOrEqual(LIMITS.requestMs - 50);
    expect(ending.afterMs).toBeLessThan(LIMITS.requestMs + 3 * LIMITS.checkEveryMs + 1_000);
  });

  it('are served when the request arrives at a normal pace, across pauses on a kept-alive connection', async () => {
    const url = `http://127.0.0.1:${port}/api/config/public`;
    expect((await fetch(url)).status).toBe(200);
    // Idle time between requests is not request time.
    await new Promise((resolve) => setTimeout(resolve, LIMITS.requestMs + 200));
    expect((await fetch(url)).status).toBe(200);
  });

  it('have 15 s for the headers and a minute for the whole request by default, checked every 5 s', () => {
    expect(DEFAULT_SLOW_CLIENT_LIMITS).toEqual({ headersMs: 15_000, requestMs: 60_000, checkEveryMs: 5_000 });
  });
});
