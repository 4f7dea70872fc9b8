import os from 'node:os';

/** What the figures were measured on; RESULTS.md and bench/NOTES.md quote it. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  /** One-minute load average when the run began: a busy machine gives lower figures. */
  loadAverageAtStart: number;
  date: string;
}

export function describeMachine(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
    date: new Date().toISOString(),
  };
}
