import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../server/environment';
import { bearer, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { capturedLogs } from '../helpers/captured-logs';

const { lines: logLines, stream: captureLogs } = capturedLogs();
const FAILED_WRITE_SECRET = '$argon2id$v=19$m=19456,t=2,p=1$looks-like-a-password-hash';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ logger: { ...loggerOptions({ logLevel: 'trace' }), stream: captureLogs } });
  testApp.app.post('/api/test-only/log-body', (request) => {
    // What a careless future handler might do: the redaction must still hold.
    request.log.info({ body: request.body, headers: request.headers }, 'careless log');
    return { ok: true };
  });
  testApp.app.post('/api/test-only/failing-write', async () => {
    // A write PostgreSQL refuses: Drizzle's error carries the values, and the server's own echoes the whole row.
    await testApp.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table leak_probe (secret text not null, required text not null) on commit drop`);
      await tx.execute(sql`insert into leak_probe (secret, required) values (${FAILED_WRITE_SECRET}, ${null})`);
    });
    return { ok: true };
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('server logs', () => {
  it('record requests but never passwords or tokens', async () => {
    const { body, token } = await registerUser(testApp.app, { password: 'pa55word-visible-if-leaked' });
    await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: body.username, password: body.password } });
    await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/test-only/log-body',
      headers: bearer(token),
      payload: { password: body.password, token },
    });

    const logs = logLines.join('');
    expect(logs).toContain('/api/auth/login');
    expect(logs).toContain('careless log');
    expect(logs).toContain('[redacted]');
    expect(logs).not.toContain(body.password);
    expect(logs).not.toContain(token);
  });

  it('record the public answers the front door sends from the response cache, which Fastify never sees', async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    const url = '/api/config/public?from=logging-test';
    const secret = 'Bearer not-a-real-token-but-secret-all-the-same';
    const first = await fetch(`${base}${url}`);
    await first.arrayBuffer();
    await (await fetch(`${base}${url}`, { headers: { authorization: secret } })).arrayBuffer();
    const revalidated = await fetch(`${base}${url}`, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(revalidated.status).toBe(304);

    type Entry = { msg?: string; cache?: string; req?: { url?: string; method?: string; remoteAddress?: string }; res?: { statusCode?: number }; responseTime?: number };
    const entries = logLines.join('').trim().split('\n').map((line) => JSON.parse(line) as Entry);
    const hits = entries.filter((entry) => entry.cache === 'hit' && entry.req?.url === url);
    expect(hits.map((entry) => [entry.msg, entry.req?.method, entry.req?.remoteAddress, entry.res?.statusCode])).toEqual([
      ['request completed', 'GET', '127.0.0.1', 200],
      ['request completed', 'GET', '127.0.0.1', 304],
    ]);
    expect(hits.every((entry) => typeof entry.responseTime === 'number' && entry.responseTime >= 0)).toBe(true);
    expect(logLines.join('')).not.toContain('not-a-real-token');
  });

  it('record the pages email links open without their tokens', async () => {
    const resetToken = 'reset-token-that-would-let-anyone-in-0123456789';
    const verifyToken = 'verify-token-that-proves-an-address-0123456789';
    await testApp.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}&from=email` });
    await testApp.app.inject({ method: 'GET', url: `/verify-email?TOKEN=${verifyToken}` });
    await testApp.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'a-new-password-nobody-knows' } });

    type Entry = { req?: { url?: string } };
    const urls = logLines.join('').trim().split('\n').map((line) => (JSON.parse(line) as Entry).req?.url);
    expect(urls).toContain('/reset-password?token=redacted&from=email');
    expect(urls).toContain('/verify-email?TOKEN=redacted');
    const logs = logLines.join('');
    expect(logs).not.toContain(resetToken);
    expect(logs).not.toContain(verifyToken);
  });

  it('record what a failed query was and why it failed, never the values it carried', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/test-only/failing-write' });
    expect(response.statusCode).toBe(500);

    type Entry = { msg?: string; err?: { message?: string; params?: unknown; cause?: { code?: string; detail?: unknown } } };
    const entries = logLines.join('').trim().split('\n').map((line) => JSON.parse(line) as Entry);
    const failed = entries.find((entry) => entry.msg === 'request failed' && entry.err?.message?.includes('leak_probe'));
    expect(failed?.err?.message).toMatch(/^Failed query: insert into leak_probe/);
    expect(failed?.err?.cause?.code).toBe('23502');
    expect(failed?.err?.params).toBe('[values withheld]');
    expect(failed?.err?.cause?.detail).toBe('[values withheld]');
    expect(logLines.join('')).not.toContain('looks-like-a-password-hash');
  });
});
