import { execFileSync } from 'node:child_process';

// Where the HTTP bench's processes may run. Left to the scheduler on a 2-core
// machine, the load generator and the server it measures sometimes share a
// core and sometimes not, and a server process keeps whatever placement luck
// it started with. Two sets of three identical hello-world processes,
// measured in alternating slices, came out 102% to 120% of each other over
// five runs (a spread of 18 points); with the load generator on one core and
// every server on the other, 102% to 104% (2 points), and each process
// answered about 15% more.

/** The CPUs in a list as taskset prints and takes it ("0-2,5"). */
export function parseCpuList(list: string): number[] {
  const cpus = new Set<number>();
  for (const part of list.split(',').map((text) => text.trim()).filter(Boolean)) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) throw new Error(`not a CPU list: ${list}`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (let cpu = first; cpu <= last; cpu += 1) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** Which CPU the load generator gets and which the servers get, from the CPUs this process may use. */
export interface CpuSplit {
  loadGenerator: number;
  servers: number;
  /** Every CPU this process could use when the bench began, as a taskset list. */
  all: string;
}

/** The first allowed CPU for the load generator, the next for the servers; none with fewer than two. */
export function splitCpus(allowed: readonly number[]): CpuSplit | null {
  const [loadGenerator, servers] = allowed;
  if (loadGenerator === undefined || servers === undefined) return null;
  return { loadGenerator, servers, all: allowed.join(',') };
}

/** Sets the CPUs every thread of a process may run on (threads it starts later inherit them). */
function setAffinity(pid: number, cpus: string): void {
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], { stdio: 'ignore' });
}

function currentCpus(pid: number): number[] {
  const output = execFileSync('taskset', ['--cpu-list', '--pid', String(pid)], { encoding: 'utf8' });
  return parseCpuList(output.slice(output.lastIndexOf(':') + 1));
}

export interface CpuPinning {
  /** What the run's notes say about where processes ran. */
  readonly description: string;
  /** Puts these server processes on the servers' CPU (`alone`), or lets them use every CPU. */
  placeServers(pids: readonly number[], alone: boolean): void;
  /** Gives this process every CPU it had before. */
  release(): void;
}

/**
 * Puts this process (the load generator) on one CPU and returns how to place
 * the servers; null, with the reason logged, where that cannot be done
 * (one CPU, or no taskset), in which case the scheduler decides as before.
 */
export function pinLoadGenerator(log: (message: string) => void): CpuPinning | null {
  let split: CpuSplit | null;
  try {
    split = splitCpus(currentCpus(process.pid));
    if (split) setAffinity(process.pid, String(split.loadGenerator));
  } catch (error) {
    log(`  CPU pinning: off (taskset: ${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  if (!split) {
    log('  CPU pinning: off (fewer than two CPUs)');
    return null;
  }
  const { loadGenerator, servers, all } = split;
  log(`  CPU pinning: load generator on CPU ${loadGenerator}, servers of the public rows on CPU ${servers}`);
  return {
    description: `the load generator on CPU ${loadGenerator}, the servers of the public rows on CPU ${servers}, the servers of the signed-in rows on CPUs ${all}`,
    placeServers(pids, alone) {
      for (const pid of pids) if (pid > 0) setAffinity(pid, alone ? String(servers) : all);
    },
    release() {
      setAffinity(process.pid, all);
    },
  };
}
