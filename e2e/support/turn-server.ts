import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * coturn (Debian's `turnserver`) for the video-call test that forces media
 * through TURN. The e2e server is configured with its URL and secret
 * (playwright.config.ts); the test starts it on that port and stops it.
 */

/** coturn's `static-auth-secret`, also the e2e server's TURN_SECRET: the server derives short-lived TURN credentials from it. */
export const TEST_TURN_SECRET = 'orbit-e2e-turn-secret';
export const TEST_TURN_REALM = 'orbit.test';

/** A port per e2e server port, so two runs on other E2E_PORTs outside a namespace do not share one. */
export function turnPort(e2ePort: number): number {
  return e2ePort + 10_000;
}

/** The TURN_URLS the e2e server hands to browsers: UDP, as a member behind a NAT would use first. */
export function turnUrls(e2ePort: number): string {
  return `turn:127.0.0.1:${turnPort(e2ePort)}?transport=udp`;
}

export interface TurnServer {
  port: number;
  logFile: string;
  stop(): Promise<void>;
}

export interface TurnServerOptions {
  port?: number;
  secret?: string;
  /** Where coturn's log goes (attach it to the test when the call fails). */
  logFile: string;
  turnserverPath?: string;
}

/** A free TCP port on 127.0.0.1 (coturn listens on TCP and UDP alike). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function startTurnServer(options: TurnServerOptions): Promise<TurnServer> {
  const port = options.port ?? (await freePort());
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-turn-'));
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.createWriteStream(options.logFile);
  const child = spawn(
    options.turnserverPath ?? 'turnserver',
    [
      '-n', // no configuration file: only what is below
      `--listening-port=${port}`,
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      '--use-auth-secret',
      `--static-auth-secret=${options.secret ?? TEST_TURN_SECRET}`,
      `--realm=${TEST_TURN_REALM}`,
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--no-tcp-relay',
      // Both browsers are on 127.0.0.1 here; coturn refuses loopback peers otherwise (403 Forbidden IP). Tests only.
      '--allow-loopback-peers',
      // Its own files, not /var/lib/turn and /var/run, so it needs no root and leaves nothing behind.
      `--userdb=${path.join(workDir, 'turndb')}`,
      `--pidfile=${path.join(workDir, 'turnserver.pid')}`,
      '--log-file=stdout',
      '--simple-log',
      '--verbose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const gone = await Promise.race([exited(child).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000))]);
      if (!gone) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    log.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (spawnError || child.exitCode !== null || Date.now() > deadline) {
      await stop();
      const reason = spawnError ? spawnError.message : child.exitCode !== null ? `exited with ${child.exitCode}` : 'not listening after 10 s';
      throw new Error(`turnserver on 127.0.0.1:${port} did not start (${reason}); see ${options.logFile}. Install coturn (apt-get install coturn).`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, logFile: options.logFile, stop };
}
