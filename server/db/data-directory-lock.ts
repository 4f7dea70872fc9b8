import { existsSync, readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { createFileWhole } from '../lib/new-file';

// PGlite is PostgreSQL in single-user mode and takes no lock on its files
// (the postmaster.pid it writes always says -42). A second process opening
// the same directory runs crash recovery over the files of a live one,
// rewriting pg_control and WAL under it, and the directory may never open
// again (it fails with an opaque "Aborted()"). Running `npm start` in a
// second terminal is enough. So the embedded database takes this lock first:
// a file beside its directory naming the process that holds it.
//
// Liveness comes from the holder's process, never from a heartbeat or a
// timeout: a busy holder is never mistaken for a dead one, and a server
// killed with SIGKILL can be restarted at once. A holder on another host
// (another container sharing the volume, where process ids mean nothing to
// this one) cannot be checked, so it is never taken over.

export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError';
}

interface Holder {
  /** The host name, which a container keeps across restarts and two containers do not share. */
  host: string;
  pid: number;
  /** The kernel's start time of the process (Linux), which tells it from a later process given the same id. */
  startedAt: string | null;
}

/** Locks held by this process: opening the same directory twice in one process is refused too. */
const heldHere = new Set<string>();

type ProcessState = { alive: true; startedAt: string | null } | { alive: false };

/** From /proc on Linux: a zombie is dead, and a different start time means the id was reused. Elsewhere, whether a signal could reach it. */
function stateOf(pid: number): ProcessState {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (in parentheses, and it may hold either), field 3 is the state and field 22 the start time.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return { alive: false };
    return { alive: true, startedAt: fields[19] ?? null };
  } catch {
    if (existsSync('/proc/self/stat')) return { alive: false };
  }
  try {
    process.kill(pid, 0);
    return { alive: true, startedAt: null };
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? { alive: true, startedAt: null } : { alive: false };
  }
}

function ownHolder(): Holder {
  const state = stateOf(process.pid);
  return { host: hostname(), pid: process.pid, startedAt: state.alive ? state.startedAt : null };
}

/** The holder a lock file names, or null when it names none (a torn or foreign file). */
function readHolder(lockPath: string): Holder | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(lockPath, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { host, pid, startedAt } = parsed as Record<string, unknown>;
    if (typeof host !== 'string' || !Number.isInteger(pid) || (pid as number) <= 0) return null;
    return { host, pid: pid as number, startedAt: typeof startedAt === 'string' ? startedAt : null };
  } catch {
    return null;
  }
}

/** Whether the process on this host a lock file names still holds it (this process only through `heldHere`). */
function holds(holder: Holder): boolean {
  if (holder.pid === process.pid) return false;
  const state = stateOf(holder.pid);
  if (!state.alive) return false;
  return holder.startedAt === null || state.startedAt === null || holder.startedAt === state.startedAt;
}

/**
 * Locks the embedded database in `directory` for this process, through the
 * file `${directory}.lock`; returns the function that unlocks it. A lock left
 * by a process that has ended is taken over. Throws DataDirectoryInUseError,
 * naming the holder, while another process (or this one) holds it.
 */
export function lockDataDirectory(directory: string): () => void {
  const lockPath = `${directory}.lock`;
  const advice = 'Stop it first, or set DATA_DIR to another directory.';
  if (heldHere.has(lockPath)) throw new DataDirectoryInUseError(`The embedded database in ${directory} is already open in this process (${process.pid}). ${advice}`);
  const me = ownHolder();
  // Two tries: a stale file is removed once; losing the race that follows to another starter is a refusal, not a loop.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (createFileWhole(lockPath, `${JSON.stringify(me)}\n`)) {
      heldHere.add(lockPath);
      return () => unlock(lockPath, me);
    }
    const holder = readHolder(lockPath);
    if (holder && holder.host !== me.host) {
      throw new DataDirectoryInUseError(
        `The embedded database in ${directory} is in use by process ${holder.pid} on host ${holder.host}, which this one cannot check. ` +
          `If no Orbit server runs there any more, delete ${lockPath} and start again.`,
      );
    }
    if (holder && holds(holder)) throw new DataDirectoryInUseError(`The embedded database in ${directory} is in use by another process (${holder.pid}). ${advice}`);
    rmSync(lockPath, { force: true });
  }
  throw new DataDirectoryInUseError(`The embedded database in ${directory} was locked by another process while this one started. ${advice}`);
}

function unlock(lockPath: string, me: Holder): void {
  if (!heldHere.delete(lockPath)) return;
  const holder = readHolder(lockPath);
  // Only our own file: never one another process has since taken over.
  if (holder?.host === me.host && holder.pid === me.pid && holder.startedAt === me.startedAt) rmSync(lockPath, { force: true });
}
