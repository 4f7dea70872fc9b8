import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../server/db/seed/index';
import { DEMO_DISABLED_REASON } from '../../server/db/seed/demo-data';
import { asRecord, callApi } from './http';
import { ServerProcess } from './server-process';

/**
 * A data directory first started for development (demo account and demo
 * people seeded) and later in production: the demo data is switched off,
 * with a line at start saying so; a development start switches it back on;
 * `npm run demo:remove` deletes it for good.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = 5141;
const ADMIN_PASSWORD = 'production-data-admin-password-2026';
const JWT_SECRET = 'production-data-jwt-secret-0123456789abcdef';

let dataDir: string;
const serverFor = (nodeEnv: 'development' | 'production') =>
  // The local test checkout is the only payment provider so far; production takes it only when told to.
  new ServerProcess({ port: PORT, dataDir, adminPassword: ADMIN_PASSWORD, env: { NODE_ENV: nodeEnv, JWT_SECRET, LOG_LEVEL: 'info', PAYMENTS_ALLOW_LOCAL: '1' } });

const signInAsDemo = () => callApi(PORT, { method: 'POST', path: '/api/auth/login', body: { username: DEMO_USER.username, password: DEMO_USER.password } });

async function registerMember(username: string): Promise<string> {
  const answer = await callApi(PORT, {
    method: 'POST',
    path: '/api/auth/register',
    body: { username, email: `${username}@example.com`, password: 'correct-horse-battery-7', age: 30, gender: 'female', acceptTerms: true },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return String(asRecord(answer.json).token);
}

async function removeDemoData(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/remove-demo-data.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET, ADMIN_PASSWORD, PAYMENTS_ALLOW_LOCAL: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('demo data in a production database', () => {
  let demoPersonId: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-production-data-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a development start seeds the demo account and demo people', async () => {
    const server = serverFor('development');
    await server.start();
    try {
      const signedIn = await signInAsDemo();
      expect(signedIn.status).toBe(200);
      const token = String(asRecord(signedIn.json).token);
      const radar = await callApi(PORT, { method: 'GET', path: '/api/users/radar?around=home-page', token });
      expect(radar.status).toBe(200);
      const people = asRecord(radar.json).users as Array<{ _id: string }>;
      expect(people.length).toBeGreaterThan(0);
      demoPersonId = people[0]?._id ?? '';
    } finally {
      await server.stopGracefully();
    }
  });

  it('a production start switches them off and says so: no sign-in, not shown', async () => {
    const server = serverFor('production');
    await server.start();
    try {
      const switchedOff =
        /Production: the demo account and demo people of an earlier development start \(\d+ accounts\) are switched off: they cannot sign in, do not appear and do not reply\. Remove them for good with: npm run demo:remove/;
      expect(await server.outputMatching(switchedOff)).toMatch(switchedOff);
      const signedIn = await signInAsDemo();
      expect(signedIn.status).toBe(403);
      expect(asRecord(signedIn.json).message).toBe(`Your account has been banned: ${DEMO_DISABLED_REASON}`);

      const member = await registerMember('prod_member');
      const profile = await callApi(PORT, { method: 'GET', path: `/api/user/${demoPersonId}`, token: member });
      expect(profile.status).toBe(404);
      const radar = await callApi(PORT, { method: 'GET', path: '/api/users/radar?around=home-page', token: member });
      expect(radar.status).toBe(200);
      expect((asRecord(radar.json).users as Array<{ _id: string }>).map((person) => person._id)).not.toContain(demoPersonId);
    } finally {
      await server.stopGracefully();
    }
  });

  it('a development start on the same data switches them back on', async () => {
    const server = serverFor('development');
    await server.start();
    try {
      expect((await signInAsDemo()).status).toBe(200);
    } finally {
      await server.stopGracefully();
    }
  });

  it('npm run demo:remove deletes them for good, and no later start brings them back', async () => {
    const removed = await removeDemoData();
    expect(removed.output).toMatch(/^Removed the demo data for good: \d+ accounts \(the demo account and the demo people\)\.$/m);
    expect(removed.code).toBe(0);
    expect((await removeDemoData()).output).toContain('No demo data to remove.');

    const server = serverFor('development');
    await server.start();
    try {
      const signedIn = await signInAsDemo();
      expect(signedIn.status).toBe(401);
      const member = await callApi(PORT, { method: 'POST', path: '/api/auth/login', body: { username: 'prod_member', password: 'correct-horse-battery-7' } });
      expect(member.status, 'a real member stays').toBe(200);
    } finally {
      await server.stopGracefully();
    }
  });
});
