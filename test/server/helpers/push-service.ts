import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { pushPayloadSchema, type PushPayload, type PushSubscriptionBody } from '../../../contract/notifications';

/** One push as the push service received it, decrypted with the browser's keys. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  payload: PushPayload;
}

/** A browser's side of a subscription: its endpoint on the local push service, and the keys only it holds. */
export interface TestBrowser {
  subscription: PushSubscriptionBody;
  decrypt(body: Buffer): PushPayload;
}

/**
 * A push service on 127.0.0.1, as a browser vendor runs one: it takes the
 * server's encrypted pushes (answering 201, or 410 for endpoints marked gone),
 * and the test browser decrypts them with the keys only it holds, so a test
 * reads exactly what a service worker would receive.
 */
export async function startPushService() {
  const browsers = new Map<string, TestBrowser>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const browser = browsers.get(path);
      if (!browser || gone.has(path)) {
        response.writeHead(410).end();
        return;
      }
      received.push({ path, headers: request.headers, payload: browser.decrypt(Buffer.concat(chunks)) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    received,
    /** A new browser subscription with its own keys, as PushSubscription.toJSON() gives it. */
    newBrowser(): TestBrowser {
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      const browser: TestBrowser = {
        subscription: { endpoint: `http://127.0.0.1:${port}${path}`, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret } },
        decrypt: (body) => pushPayloadSchema.parse(JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: keys, authSecret }).toString('utf8'))),
      };
      browsers.set(path, browser);
      return browser;
    },
    /** The browser unsubscribed: its push service answers 410 Gone from now on. */
    markGone(browser: TestBrowser) {
      gone.add(new URL(browser.subscription.endpoint).pathname);
    },
    pushesTo(browser: TestBrowser): ReceivedPush[] {
      const path = new URL(browser.subscription.endpoint).pathname;
      return received.filter((push) => push.path === path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
