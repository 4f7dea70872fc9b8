import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../server/config';
import { bearer, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

const logLines: string[] = [];
const captureLogs = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString());
    callback();
  },
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ logger: { ...loggerOptions({ logLevel: 'trace' }), stream: captureLogs } });
  testApp.app.post('/api/test-only/log-body', (request) => {
    // What a careless future handler might do: the redaction must still hold.
    request.log.info({ body: request.body, headers: request.headers }, 'careless log');
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
});
