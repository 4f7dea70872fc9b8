import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_HOST_ENV, TEST_HOST_SHELL } from '../../scripts/test-host-network.mjs';

// Bench halves that need WebRTC run in a test host: a network namespace with
// loopback and the h0/h1 veth pair of scripts/test-host-network.mjs (werift
// and Janus gather no candidates on loopback; no packet leaves the machine).

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Why no test host can be made here, or undefined when it can. */
export function whyNoTestHost(): string | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'not root, so no network namespace of its own (unshare -n)';
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', TEST_HOST_SHELL, 'true'], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  if (probe.status !== 0) return `the test host network could not be made (${probe.stderr.trim() || `exit ${probe.status ?? 'signal'}`})`;
  return undefined;
}

/**
 * Runs `node --import tsx <entry> <result file> ...args` in a test host, its
 * output lines passed to `log`, and resolves with the JSON it wrote to the
 * result file.
 */
export function runInTestHost<T>(log: (line: string) => void, entry: string, args: readonly string[]): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'orbit-bench-host-'));
  const resultFile = join(dir, 'result.json');
  const child = spawn('unshare', ['-n', 'sh', '-c', TEST_HOST_SHELL, process.execPath, '--import', 'tsx', entry, resultFile, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, [TEST_HOST_ENV]: '1' },
  });
  let errorTail = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log(line);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errorTail = (errorTail + chunk.toString('utf8')).slice(-4_000);
  });
  return new Promise<T>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      try {
        if (code !== 0) throw new Error(`the measuring half exited with ${code ?? signal ?? 'nothing'}: ${errorTail.trim()}`);
        resolve(JSON.parse(readFileSync(resultFile, 'utf8')) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}
