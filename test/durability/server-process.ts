import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { callApi } from './http';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Generous: in CI the durability tests share two cores with the browser tests, lint and the PostgreSQL suite.
const READY_TIMEOUT_MS = 150_000;
/** Enough of the server's own output to explain a failed start. */
const OUTPUT_TAIL_CHARS = 4_000;

export interface ServerSettings {
  port: number;
  dataDir: string;
  /** Unset: the embedded PGlite database in dataDir. */
  databaseUrl?: string;
  adminPassword: string;
  /** Extra or overriding environment for the server. */
  env?: Record<string, string>;
  /**
   * Preload scripts/load/memory-probe.ts with --expose-gc, so memoryUsage()
   * can ask the running server for its memory after a full GC (load test).
   */
  memoryProbe?: boolean;
  /** Extra options for node itself, e.g. --cpu-prof (the bench's BENCH_PROFILE_DIR). */
  nodeArgs?: readonly string[];
}

/**
 * The real server (server/main.ts) as its own process, as `npm start` runs it,
 * so it can be killed with SIGKILL. Node runs main.ts itself (tsx as a loader,
 * not the tsx CLI, which would put a wrapper process between us and the server).
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(private readonly settings: ServerSettings) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('server already running');
    const child = this.spawn();
    this.child = child;
    try {
      await this.waitUntilServing(child);
    } catch (error) {
      // A server that never answered still holds its port and data directory: the next start would fail on them, not on this.
      await this.kill();
      throw error;
    }
  }

  /**
   * Runs a server that is expected not to start (another one holds its port
   * or data directory) until it exits, without waiting for it to answer: the
   * one it collides with would answer instead.
   */
  async runUntilExit(): Promise<{ code: number | null; output: string }> {
    if (this.child) throw new Error('server already running');
    const child = this.spawn();
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, output: this.output };
  }

  private spawn(): ChildProcess {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(this.settings.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.settings.dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: this.settings.adminPassword,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Demo people never like back: every like and match in the ledger is one the stream made.
      DEMO_LIKE_BACK_PROBABILITY: '0',
      ...(this.settings.databaseUrl ? { DATABASE_URL: this.settings.databaseUrl } : {}),
      ...this.settings.env,
    };
    this.output = '';
    const probe = this.settings.memoryProbe ? ['--expose-gc', '--import', './scripts/load/memory-probe.ts'] : [];
    const child = spawn(process.execPath, [...(this.settings.nodeArgs ?? []), '--import', 'tsx', ...probe, 'server/main.ts'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe', ...(this.settings.memoryProbe ? (['ipc'] as const) : [])],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  }

  private async waitUntilServing(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        this.child = undefined;
        throw new Error(`server exited during start (code ${child.exitCode}, signal ${child.signalCode}):\n${this.output}`);
      }
      try {
        const answer = await callApi(this.settings.port, { method: 'GET', path: '/api/config/public' });
        if (answer.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`server did not answer within ${READY_TIMEOUT_MS} ms:\n${this.output}`);
  }

  /** SIGKILL: no shutdown hook, no flush, no closing of the database. */
  async kill(): Promise<void> {
    await this.stop('SIGKILL');
  }

  /** SIGTERM and the exit code of the graceful shutdown. */
  async stopGracefully(): Promise<number | null> {
    return this.stop('SIGTERM');
  }

  private async stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill(signal);
    const [code] = await exited;
    return code;
  }

  /** The server's memory right after a full garbage collection (needs memoryProbe). */
  async memoryUsage(): Promise<NodeJS.MemoryUsage> {
    const child = this.child;
    if (!child?.send) throw new Error('memoryUsage needs a running server started with memoryProbe');
    const answer = once(child, 'message') as Promise<[{ kind: string; usage: NodeJS.MemoryUsage }]>;
    child.send('memory');
    const [report] = await answer;
    return report.usage;
  }

  recentOutput(): string {
    return this.output;
  }

  /**
   * The recent output once it matches `pattern`. The server answers on HTTP
   * (which is how start() knows it is ready) before this process has
   * necessarily read what it printed on its pipes: reading the output at once
   * raced the start under load.
   */
  async outputMatching(pattern: RegExp, timeoutMs = 5_000): Promise<string> {
    const giveUpAt = Date.now() + timeoutMs;
    while (!pattern.test(this.output) && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 50));
    return this.output;
  }
}
