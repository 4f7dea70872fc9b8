import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loggerOptions } from '../../../server/environment';
import { openDatabase, type DatabaseConnection } from '../../../server/db/client';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../../server/plugins/errors';
import { breakEmbeddedDatabase } from '../helpers/break-embedded-database';
import { capturedLogs } from '../helpers/captured-logs';

// The app on an embedded database kept on disk, when PGlite fails under it.

const { lines: logLines, stream: captureLogs } = capturedLogs();

let dataDir: string;
let connection: DatabaseConnection;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-app-restart-'));
  connection = await openDatabase({ dataDir });
  app = await buildApp({
    config: { jwtSecret: 'orbit-test-secret-0123456789-abcdefghijklmnop', mfaSecretKey: 'orbit-test-mfa-key-0123456789-abcdefghijklmnop', dataDir, databaseUrl: undefined },
    database: connection,
    logger: { ...loggerOptions({ logLevel: 'info' }), stream: captureLogs },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A request that has to read the database: sign-in for an account that does not exist. */
const signIn = () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody_at_all', password: 'not-the-password-1' } });

describe('the embedded database failing under the app', () => {
  it('is opened again, the log says so, and requests are asked to come back until it is', async () => {
    expect((await signIn()).statusCode).toBe(401);
    const restarted = new Promise<void>((resolve) => {
      const stop = connection.watchEmbedded?.((event) => {
        if (event.type !== 'restarted') return;
        stop?.();
        resolve();
      });
    });
    await breakEmbeddedDatabase(connection.pool);
    // Opening PGlite again takes a second or more; a request meanwhile is asked to come back.
    const meanwhile = await signIn();
    expect(meanwhile.statusCode).toBe(503);
    expect(meanwhile.headers['retry-after']).toBe('5');
    expect(meanwhile.json()).toEqual({ success: false, message: SERVICE_UNAVAILABLE_MESSAGE });
    await restarted;
    expect((await signIn()).statusCode).toBe(401);
    const messages = logLines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('embedded database failed; opening it again');
    expect(messages).toContain('embedded database open again');
  });
});
