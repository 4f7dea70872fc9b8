import { percentile, round } from './stats';

// Pure helpers of the realtime bench (bench/parts/realtime.ts), tested in
// test/bench/realtime-load.test.ts.

/** The items in runs of `size` (the last run may be shorter). */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size <= 0) throw new Error(`chunk size must be a positive whole number (got ${size})`);
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}

/**
 * Hands out senders in turn so that none sends more than `max` messages in
 * any `windowMs` (the server's per-sender limit, which the bench keeps rather
 * than raises): a sender whose last `max` sends all fall within the window is
 * passed over. Undefined when every sender is spent for now.
 */
export class SenderBudget<T> {
  private readonly sent: number[][];
  private next = 0;

  constructor(
    private readonly senders: readonly T[],
    private readonly rule: { max: number; windowMs: number },
  ) {
    if (senders.length === 0) throw new Error('SenderBudget needs at least one sender');
    this.sent = senders.map(() => []);
  }

  take(now: number): T | undefined {
    for (let tried = 0; tried < this.senders.length; tried += 1) {
      const index = this.next;
      this.next = (this.next + 1) % this.senders.length;
      const times = this.sent[index] ?? [];
      while (times.length > 0 && (times[0] ?? 0) <= now - this.rule.windowMs) times.shift();
      if (times.length < this.rule.max) {
        times.push(now);
        return this.senders[index];
      }
    }
    return undefined;
  }
}

export interface DeliverySummary {
  /** Messages sent (answered 201). */
  sent: number;
  /** Of those, delivered to the other member's socket in time. */
  delivered: number;
  /** Sent but never delivered (counted as infinitely late in the percentiles). */
  lost: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Delivery latencies, with every lost message counted as later than any delivered one. */
export function summariseDelivery(latenciesMs: readonly number[], lost: number): DeliverySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const withLost = [...sorted, ...Array.from({ length: lost }, () => Number.POSITIVE_INFINITY)];
  return {
    sent: withLost.length,
    delivered: sorted.length,
    lost,
    p50Ms: round(percentile(withLost, 50), 1),
    p99Ms: round(percentile(withLost, 99), 1),
    maxMs: round(percentile(withLost, 100), 1),
  };
}

/**
 * The highest rate of a run of steps, taken in order, whose p99 stayed under
 * `limitMs`; the first step over the limit ends the run. Undefined when the
 * first step was already over.
 */
export function highestRateUnder(steps: ReadonlyArray<{ rate: number; p99Ms: number }>, limitMs: number): number | undefined {
  let highest: number | undefined;
  for (const step of steps) {
    if (!(step.p99Ms < limitMs)) break;
    highest = step.rate;
  }
  return highest;
}

/** Memory per member, in KB (1,024 bytes), from a reading before and after `members` connected. */
export function perMemberKb(beforeBytes: number, afterBytes: number, members: number): number {
  return round((afterBytes - beforeBytes) / members / 1024, 1);
}

/** VmRSS of a /proc/<pid>/status text, in bytes. */
export function parseVmRss(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error('no VmRSS line in the process status');
  return Number(match[1]) * 1024;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on every Linux the bench runs on). */
export const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU time of a /proc/<pid>/stat text (every thread of the process), in milliseconds. */
export function parseStatCpuMs(stat: string): number {
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its closing one.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error('not a /proc/<pid>/stat line');
  return ((utime + stime) * 1000) / CLOCK_TICKS_PER_SECOND;
}
