import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base } from './test';
import { startTestJanus } from '../../test/live-media/janus-host';
import { e2eDataDir } from './outbox';

/**
 * The live-stream tests run on both media forwarders. On werift (the
 * default) they use the e2e web server of playwright.config.ts. The
 * `live-janus` project sets `liveMedia: 'janus'` and its own baseURL; for
 * it, each worker starts a test Janus and a second e2e server on that port
 * with LIVE_MEDIA=janus, so the other projects never pay for either.
 */

export type LiveMedia = 'werift' | 'janus';

export interface LiveMediaOptions {
  liveMedia: LiveMedia;
}

const SERVER_START_LIMIT_MS = 180_000;
const STOP_LIMIT_MS = 5000;

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await Promise.race([exited(child).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_LIMIT_MS))]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** Waits until the server answers at `url`; fails early if it exits. */
async function waitUntilServing(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the Janus-backed e2e server exited (${child.exitCode ?? child.signalCode}); see ${logFile}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Janus-backed e2e server did not answer ${url} within ${SERVER_START_LIMIT_MS / 1000} s; see ${logFile}`);
}

/** scripts/e2e-server.mjs (the same built app, a fresh data directory) on `port`, with Janus as its forwarder. */
async function startJanusBackedServer(port: number, janusUrl: string, logFile: string): Promise<ChildProcess> {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(process.cwd(), 'scripts/e2e-server.mjs')], {
    env: { ...process.env, PORT: String(port), E2E_DATA_DIR: e2eDataDir(port), LIVE_MEDIA: 'janus', JANUS_URL: janusUrl },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  try {
    await waitUntilServing(`http://localhost:${port}/api/docs/json`, child, logFile);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return child;
}

export const test = base.extend<object, LiveMediaOptions & { liveServer: void }>({
  liveMedia: ['werift', { scope: 'worker', option: true }],
  liveServer: [
    // Playwright's `use`, named otherwise so React's hook rules do not take it for React's use().
    async ({ liveMedia }, runWorker, workerInfo) => {
      if (liveMedia === 'werift') {
        await runWorker();
        return;
      }
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error(`project ${workerInfo.project.name} needs a baseURL of its own for the Janus-backed server`);
      const logDir = path.join(workerInfo.project.outputDir, `live-janus-worker-${workerInfo.workerIndex}`);
      fs.mkdirSync(logDir, { recursive: true });
      const janus = await startTestJanus({ logFile: path.join(logDir, 'janus.log') });
      try {
        const server = await startJanusBackedServer(Number(new URL(baseURL).port), janus.url, path.join(logDir, 'server.log'));
        try {
          await runWorker();
        } finally {
          await stopProcess(server);
        }
      } finally {
        await janus.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: SERVER_START_LIMIT_MS + 30_000 },
  ],
});

export { expect } from './test';
