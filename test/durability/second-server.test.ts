import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './http';
import { ServerProcess } from './server-process';

/**
 * `npm start` in a second terminal. Two servers on one embedded database
 * would corrupt it (the second runs crash recovery over the live files of the
 * first), and two cannot share a port: either way the second is refused with
 * a message saying what to do, and the first does not notice.
 */

const ADMIN_PASSWORD = 'data-lock-admin-password-2026';
const FIRST_PORT = 5123;
const SECOND_PORT = 5124;

describe('a second server started beside a running one', () => {
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

  it('on the same data directory, is refused naming the server that holds it, and the first serves on', async () => {
    await first.start();
    const lockedDir = path.join(dataDir, 'pglite');
    await expect(second.start()).rejects.toThrow(
      `Orbit failed to start: The embedded database in ${lockedDir} is in use by another process (${first.pid}). Stop it first, or set DATA_DIR to another directory.`,
    );
    const answer = await callApi(FIRST_PORT, { method: 'GET', path: '/api/config/public' });
    expect(answer.status).toBe(200);
  });

  it('with its own data directory but the same port, exits saying which port is taken', async () => {
    const otherDataDir = mkdtempSync(path.join(tmpdir(), 'orbit-second-port-'));
    try {
      const samePort = new ServerProcess({ port: FIRST_PORT, dataDir: otherDataDir, adminPassword: ADMIN_PASSWORD });
      const { code, output } = await samePort.runUntilExit();
      expect(code).toBe(1);
      expect(output.trim()).toBe(`Orbit failed to start: Port ${FIRST_PORT} on 127.0.0.1 is already in use (another Orbit server?). Stop it first, or set PORT to another port.`);
      expect((await callApi(FIRST_PORT, { method: 'GET', path: '/api/config/public' })).status).toBe(200);
    } finally {
      rmSync(otherDataDir, { recursive: true, force: true });
    }
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
