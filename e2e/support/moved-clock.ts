import fs from 'node:fs';
import path from 'node:path';
import { expect, test as base } from './test';
import { e2eDataDir } from './outbox';
import { SERVER_START_LIMIT_MS, startE2eServer, stopServer } from './server-process';

/**
 * The `moved-clock` project: its tests run against an e2e server of their own
 * whose clock they move (scripts/e2e-movable-clock.mjs), for what only time
 * unlocks, e.g. earnings that are pending for 60 days. The other projects'
 * server keeps the real time, and this one is put back to it after each test.
 */

export interface MovedClockFixtures {
  /** Moves the server's clock forward by `byMs` and resolves once the server reads the new time. */
  moveServerClock: (byMs: number) => Promise<void>;
}

const APPLIED_LIMIT_MS = 5000;

function portOf(baseURL: string | undefined, project: string): number {
  if (!baseURL) throw new Error(`project ${project} needs a baseURL of its own for the moved-clock server`);
  return Number(new URL(baseURL).port);
}

async function setOffset(offsetFile: string, offsetMs: number): Promise<void> {
  fs.writeFileSync(offsetFile, String(offsetMs));
  await expect
    .poll(() => (fs.existsSync(`${offsetFile}.applied`) ? fs.readFileSync(`${offsetFile}.applied`, 'utf8') : ''), {
      message: 'the moved-clock server read the new time',
      timeout: APPLIED_LIMIT_MS,
    })
    .toBe(String(offsetMs));
}

export const test = base.extend<MovedClockFixtures, { movedClockServer: number }>({
  movedClockServer: [
    // Playwright's `use`, named otherwise so React's hook rules do not take it for React's use().
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter.
    async ({}, runWorker, workerInfo) => {
      const port = portOf(workerInfo.project.use.baseURL, workerInfo.project.name);
      const logDir = path.join(workerInfo.project.outputDir, `moved-clock-worker-${workerInfo.workerIndex}`);
      fs.mkdirSync(logDir, { recursive: true });
      const server = await startE2eServer({ name: 'moved-clock e2e server', port, env: { E2E_MOVABLE_CLOCK: '1' }, logFile: path.join(logDir, 'server.log') });
      try {
        await runWorker(port);
      } finally {
        await stopServer(server);
      }
    },
    { scope: 'worker', auto: true, timeout: SERVER_START_LIMIT_MS + 30_000 },
  ],
  moveServerClock: async ({ movedClockServer }, runTest) => {
    const offsetFile = path.join(e2eDataDir(movedClockServer), 'clock-offset-ms');
    let offsetMs = 0;
    await runTest(async (byMs) => {
      offsetMs += byMs;
      await setOffset(offsetFile, offsetMs);
    });
    if (offsetMs !== 0) await setOffset(offsetFile, 0);
  },
});

export { expect } from './test';
