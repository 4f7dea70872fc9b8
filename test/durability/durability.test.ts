import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../scripts/lib/scratch-postgres';
import { integrityProblems, openPgliteFiles, openPostgres, type SqlReader } from './database-checks';
import { asRecord, callApi, SourceAddresses } from './http';
import { Ledger } from './ledger';
import { apiProblems, missingAckedWrites } from './ledger-checks';
import { ServerProcess } from './server-process';
import { runWriteStream } from './write-stream';

/**
 * Issue 8, point 4: the server is killed with SIGKILL in the middle of a
 * stream of acknowledged writes and restarted, three times, on PGlite and on
 * PostgreSQL. After every kill the database the dead server left behind is
 * read directly (every table, every index, the product's invariants, every
 * acknowledged write), then the restarted server must serve it.
 */

const KILLS = 3;
const LANES = 8;
const ADMIN_PASSWORD = 'durability-admin-password-2026';
/** PostgreSQL server used to create a throwaway database (CI has one on 127.0.0.1). */
const POSTGRES_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Target {
  name: 'PGlite' | 'PostgreSQL';
  port: number;
  prepare(): Promise<{ dataDir: string; databaseUrl?: string; openFiles: () => Promise<SqlReader>; dispose: () => Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    port: 5121,
    prepare: () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-durability-pglite-'));
      return Promise.resolve({
        dataDir,
        openFiles: () => openPgliteFiles(dataDir),
        dispose: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
      });
    },
  },
  {
    name: 'PostgreSQL',
    port: 5122,
    prepare: async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-durability-pg-'));
      const scratch = await createScratchPostgres(POSTGRES_SERVER_URL, 'orbit_durability');
      return {
        dataDir,
        databaseUrl: scratch.url,
        openFiles: () => openPostgres(scratch.url),
        dispose: async () => {
          await scratch.drop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
];

async function adminSignIn(port: number, addresses: SourceAddresses): Promise<string> {
  const answer = await callApi(port, { method: 'POST', path: '/api/admin/login', from: addresses.take(), body: { username: 'admin', password: ADMIN_PASSWORD } });
  const token = asRecord(answer.json).token;
  if (answer.status !== 200 || typeof token !== 'string') throw new Error(`admin sign-in failed: ${answer.status}`);
  return token;
}

async function readBack(openFiles: () => Promise<SqlReader>, ledger: Ledger): Promise<string[]> {
  const db = await openFiles();
  try {
    return [...(await integrityProblems(db)), ...(await missingAckedWrites(db, ledger))];
  } finally {
    await db.close();
  }
}

describe.each(targets)('$name: SIGKILL in the middle of acknowledged writes', (target) => {
  const ledger = new Ledger();
  const addresses = new SourceAddresses();
  let server: ServerProcess;
  let prepared: Awaited<ReturnType<Target['prepare']>>;

  beforeAll(async () => {
    prepared = await target.prepare();
    server = new ServerProcess({ port: target.port, dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl, adminPassword: ADMIN_PASSWORD });
  });

  afterAll(async () => {
    await server?.kill();
    await prepared?.dispose();
  });

  for (let round = 1; round <= KILLS; round += 1) {
    it(`kill ${round} of ${KILLS}: every acknowledged write survives, nothing is torn, the restarted server serves it`, async () => {
      await server.kill(); // Only does something when an earlier round failed with the server up.
      await server.start();
      // What the previous kill left behind, now through the restarted server.
      expect(await apiProblems(target.port, ledger, addresses)).toEqual([]);

      const adminToken = await adminSignIn(target.port, addresses);
      const before = ledger.ackedCount();
      const killAfterAcks = 30 + randomInt(20);
      const stream = await runWriteStream({
        port: target.port,
        adminToken,
        ledger,
        addresses,
        lanes: LANES,
        killAfterAcks,
        onThreshold: () => server.kill(),
        tag: `dur${round}${randomBytes(3).toString('hex')}`,
      });
      console.info(
        `${target.name} kill ${round}: SIGKILL after ${stream.acked} acknowledged writes with ${stream.inFlightAtKill} in flight; ` +
          `ledger now ${ledger.members.size} registrations, ${ledger.likes.size} likes, ${ledger.posts.size} posts, ` +
          `${ledger.bans.size} bans, ${ledger.vipGrants.size} VIP grants, ${ledger.withdrawalDecisions.size} withdrawal decisions`,
      );

      expect(ledger.unexpectedAnswers, 'every write before the kill was acknowledged').toEqual([]);
      expect(stream.inFlightAtKill, 'the kill landed while requests were in flight').toBeGreaterThan(0);
      expect(ledger.ackedCount()).toBeGreaterThan(before);
      expect(await readBack(prepared.openFiles, ledger)).toEqual([]);
    });
  }

  it('after the last kill: the server restarts, serves everything, and shuts down cleanly', async () => {
    await server.kill();
    await server.start();
    expect(await apiProblems(target.port, ledger, addresses)).toEqual([]);
    expect(await server.stopGracefully()).toBe(0);
    expect(await readBack(prepared.openFiles, ledger)).toEqual([]);
  });
});
