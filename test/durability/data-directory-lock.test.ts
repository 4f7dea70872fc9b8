import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './http';
import { ServerProcess } from './server-process';

/**
 * Two servers on one embedded database would corrupt it: the second runs
 * crash recovery over the live files of the first. `npm start` in a second
 * terminal must be refused with a message, and the first must not notice.
 */

const ADMIN_PASSWORD = 'data-lock-admin-password-2026';
const FIRST_PORT = 5123;
const SECOND_PORT = 5124;

describe('PGlite: a second server on the same data directory', () => {
  let dataDir: string;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-data-lock-'));
    first = new ServerProcess({ port: FIRST_PORT, dataDir, adminPassword: ADMIN_PASSWORD });
    second = new ServerProcess({ port: SECOND_PORT, dataDir, adminPassword: ADMIN_PASSWORD });
  });

  afterAll(async () => {
    await first?.kill();
    await second?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused, naming the server that holds it, and the first serves on', async () => {
    await first.start();
    const lockedDir = path.join(dataDir, 'pglite');
    await expect(second.start()).rejects.toThrow(
      `Orbit failed to start: The embedded database in ${lockedDir} is in use by another process (${first.pid}). Stop it first, or set DATA_DIR to another directory.`,
    );
    const answer = await callApi(FIRST_PORT, { method: 'GET', path: '/api/config/public' });
    expect(answer.status).toBe(200);
  });

  it('starts once the first has stopped, and after the first was killed', async () => {
    expect(await first.stopGracefully()).toBe(0);
    await second.start();
    await second.kill();
    await first.start();
    expect((await callApi(FIRST_PORT, { method: 'GET', path: '/api/config/public' })).status).toBe(200);
    expect(await first.stopGracefully()).toBe(0);
  });
});
