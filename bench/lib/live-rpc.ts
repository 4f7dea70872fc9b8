import { fork, type ChildProcess } from 'node:child_process';

// Requests over a forked child's IPC channel, for the live bench's processes
// (the forwarder host and the client hosts): the coordinator calls a method
// by name and awaits its result; the child serves a table of handlers. Each
// side of the bench lives in its own process so its CPU and memory can be
// read alone from /proc.

/** Methods a child serves: each takes one params object and resolves with a result that survives IPC (JSON-like). */
export type RpcMethods = Record<string, { params: unknown; result: unknown }>;

type Handlers<M extends RpcMethods> = { [K in keyof M]: (params: M[K]['params']) => Promise<M[K]['result']> };

interface RpcRequest {
  kind: 'request';
  id: number;
  method: string;
  params: unknown;
}

type RpcReply = { kind: 'reply'; id: number; ok: true; result: unknown } | { kind: 'reply'; id: number; ok: false; error: string };

type ChildMessage = RpcReply | { kind: 'ready' } | { kind: 'failed'; reason: string };

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

function isRequest(message: unknown): message is RpcRequest {
  return typeof message === 'object' && message !== null && (message as { kind?: unknown }).kind === 'request';
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

/**
 * In the child: answers requests with `handlers` once `setUp` resolved, and
 * runs `tearDown` when the coordinator says stop or goes away.
 */
export function serveRpc<M extends RpcMethods>(setUp: () => Promise<{ handlers: Handlers<M>; tearDown: () => Promise<void> }>): void {
  setUp().then(
    ({ handlers, tearDown }) => {
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        void tearDown()
          .catch(() => {})
          .finally(() => process.exit(0));
      };
      process.on('message', (message: unknown) => {
        if (message === 'stop') return stop();
        if (!isRequest(message)) return;
        const handler = (handlers as Record<string, ((params: unknown) => Promise<unknown>) | undefined>)[message.method];
        if (!handler) {
          send({ kind: 'reply', id: message.id, ok: false, error: `no method ${message.method}` });
          return;
        }
        handler(message.params).then(
          (result) => send({ kind: 'reply', id: message.id, ok: true, result }),
          (error: unknown) => send({ kind: 'reply', id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
        );
      });
      process.on('disconnect', stop);
      send({ kind: 'ready' });
    },
    (error: unknown) => {
      send({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
}

/** The coordinator's handle on one child. */
export class RpcChild<M extends RpcMethods> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly child: ChildProcess,
    readonly name: string,
  ) {
    child.on('message', (raw: unknown) => {
      const message = raw as ChildMessage;
      if (message.kind !== 'reply') return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(`${name}: ${message.error}`));
    });
    child.once('exit', (code, signal) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`${name} exited (${code ?? signal ?? 'unknown'})`));
      this.pending.clear();
    });
  }

  /** Forks `entry` (tsx's loader comes through execArgv) and resolves once its setUp finished. */
  static start<M extends RpcMethods>(name: string, entry: string, args: readonly string[]): Promise<RpcChild<M>> {
    const child = fork(entry, [...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      const onExit = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited (code ${code ?? 'none'}) before it was ready`));
      };
      child.once('exit', onExit);
      const onMessage = (raw: unknown) => {
        const message = raw as ChildMessage;
        if (message.kind === 'reply') return;
        clearTimeout(timer);
        child.off('exit', onExit);
        child.off('message', onMessage);
        if (message.kind === 'failed') {
          child.kill('SIGKILL');
          reject(new Error(`${name}: ${message.reason}`));
        } else resolve(new RpcChild<M>(child, name));
      };
      child.on('message', onMessage);
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  call<K extends keyof M & string>(method: K, params: M[K]['params']): Promise<M[K]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ kind: 'request', id, method, params } satisfies RpcRequest);
    });
  }

  /** Asks the child to tear down and exit; kills it if it has not within STOP_TIMEOUT_MS. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    if (this.child.connected) this.child.send('stop');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}
