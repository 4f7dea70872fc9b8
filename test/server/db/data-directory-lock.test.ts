import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory } from '../../../server/db/data-directory-lock';

const onLinux = existsSync('/proc/self/stat');

let root: string;
let directory: string;
let lockPath: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'orbit-data-lock-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

let counter = 0;
function freshDirectory(): void {
  counter += 1;
  directory = path.join(root, `pglite-${counter}`);
  lockPath = `${directory}.lock`;
}

/** Another live process, as a holder would be. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child;
}

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

function writeLockFile(content: unknown): void {
  writeFileSync(lockPath, typeof content === 'string' ? content : JSON.stringify(content));
}

describe('lockDataDirectory', () => {
  it('holds the directory until unlocked, refusing a second lock in the same process, then frees it', () => {
    freshDirectory();
    const unlock = lockDataDirectory(directory);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ host: hostname(), pid: process.pid });
    expect(() => lockDataDirectory(directory)).toThrow(DataDirectoryInUseError);
    expect(() => lockDataDirectory(directory)).toThrow(`The embedded database in ${directory} is already open in this process (${process.pid}).`);
    unlock();
    expect(existsSync(lockPath)).toBe(false);
    lockDataDirectory(directory)();
  });

  it('refuses while another live process holds it, naming that process and what to do', async () => {
    freshDirectory();
    const holder = await otherProcess();
    writeLockFile({ host: hostname(), pid: holder.pid, startedAt: onLinux ? startTimeOf(holder.pid ?? 0) : null });
    expect(() => lockDataDirectory(directory)).toThrow(
      `The embedded database in ${directory} is in use by another process (${holder.pid}). Stop it first, or set DATA_DIR to another directory.`,
    );
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: holder.pid });
  });

  it('never takes over a lock from another host (a container sharing the volume), and says how to free it', () => {
    freshDirectory();
    // The same process id as this one: on another host it is another process.
    writeLockFile({ host: `not-${hostname()}`, pid: process.pid, startedAt: null });
    expect(() => lockDataDirectory(directory)).toThrow(
      `The embedded database in ${directory} is in use by process ${process.pid} on host not-${hostname()}, which this one cannot check. ` +
        `If no Orbit server runs there any more, delete ${lockPath} and start again.`,
    );
  });

  it('takes over the lock of a process that has ended (a server killed with SIGKILL)', async () => {
    freshDirectory();
    const holder = await otherProcess();
    const pid = holder.pid ?? 0;
    writeLockFile({ host: hostname(), pid, startedAt: onLinux ? startTimeOf(pid) : null });
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const unlock = lockDataDirectory(directory);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ host: hostname(), pid: process.pid });
    unlock();
  });

  it.runIf(onLinux)('takes over a lock whose process id now belongs to a later process', async () => {
    freshDirectory();
    const later = await otherProcess();
    writeLockFile({ host: hostname(), pid: later.pid, startedAt: '1' });
    lockDataDirectory(directory)();
  });

  it('takes over a lock file that names no process (torn or foreign)', () => {
    for (const content of ['', '{"pid":', `{"host":"${hostname()}","pid":-42}`, '{"pid":1}', '[]', 'null']) {
      freshDirectory();
      writeLockFile(content);
      lockDataDirectory(directory)();
    }
  });

  it('leaves alone a lock another process took over after this one', () => {
    freshDirectory();
    const unlock = lockDataDirectory(directory);
    writeLockFile({ host: hostname(), pid: 1, startedAt: null });
    unlock();
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toEqual({ host: hostname(), pid: 1, startedAt: null });
  });
});
