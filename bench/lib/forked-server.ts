import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerKind, ServerMessage, ServerReady } from './server-process';

const SERVER_ENTRY = fileURLToPath(new URL('./server-process.ts', import.meta.url));
/** Seeding the demo people and migrating a scratch database take a few seconds; this is the outer bound. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ForkedServer extends ServerReady {
  url: string;
  /** The child's process id, for placing it on a CPU (cpu-pinning.ts). */
  pid: number;
  /** Stops the server and waits until its scratch database is gone. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts bench/lib/server-process.ts in a child Node process (tsx's loader is
 * inherited through execArgv) and resolves once it listens on loopback.
 * `env` is added to this process's environment for the child.
 */
export function startForkedServer(kind: ServerKind, env: Record<string, string> = {}): Promise<ForkedServer> {
  const child = fork(SERVER_ENTRY, [kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  const stop = async () => {
    if (child.connected) child.send('stop');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited(child);
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the ${kind} server did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${kind} server exited (code ${code ?? 'none'}) before it was ready`));
    });
    child.on('message', (raw) => {
      const message = raw as ServerMessage;
      clearTimeout(timer);
      if (message.type === 'failed') {
        reject(new Error(message.reason));
        return;
      }
      resolve({ ...message, url: `http://127.0.0.1:${message.port}`, pid: child.pid ?? 0, stop });
    });
  });
}

/**
 * Starts `count` servers of one kind side by side. If any fails to start,
 * the others are stopped and the first failure is thrown.
 */
export async function startForkedServers(kind: ServerKind, count: number, env: Record<string, string> = {}): Promise<ForkedServer[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startForkedServer(kind, env)));
  const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failure = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
  }
  return servers;
}
