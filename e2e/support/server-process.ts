import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './outbox';

/**
 * A second e2e server, for the projects whose tests need one of their own
 * (live-janus: Janus as the media forwarder; moved-clock: a server clock the
 * test moves): scripts/e2e-server.mjs, the same built app on a fresh data
 * directory, with `env` on top of the worker's own.
 */

export const SERVER_START_LIMIT_MS = 180_000;
const STOP_LIMIT_MS = 5000;

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await Promise.race([exited(child).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_LIMIT_MS))]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** Waits until the server answers at `url`; fails early if it exits. */
async function waitUntilServing(url: string, child: ChildProcess, name: string, logFile: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the ${name} exited (${child.exitCode ?? child.signalCode}); see ${logFile}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the ${name} did not answer ${url} within ${SERVER_START_LIMIT_MS / 1000} s; see ${logFile}`);
}

export interface E2eServerOptions {
  /** Named in errors, e.g. "Janus-backed e2e server". */
  name: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
}

export async function startE2eServer({ name, port, env, logFile }: E2eServerOptions): Promise<ChildProcess> {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(process.cwd(), 'scripts/e2e-server.mjs')], {
    env: { ...process.env, PORT: String(port), E2E_DATA_DIR: e2eDataDir(port), ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  try {
    await waitUntilServing(`http://localhost:${port}/api/docs/json`, child, name, logFile);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return child;
}
