/** Latency summary of one measured query, in milliseconds. */
export interface LatencySummary {
  samples: number;
  medianMs: number;
  p99Ms: number;
  meanMs: number;
}

/** Nearest-rank percentile of sorted values (p from 0 to 100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function summarise(durationsMs: readonly number[]): LatencySummary {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    samples: sorted.length,
    medianMs: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    meanMs: round(sorted.length ? total / sorted.length : Number.NaN),
  };
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** `part` as a whole-number percentage of `whole`. */
export function percent(part: number, whole: number): number {
  return round((100 * part) / whole, 0);
}

export interface MeasureOptions {
  warmup: number;
  maxSamples: number;
  /** Stop measuring at this time (performance.now()), whatever the sample count. */
  deadline: number;
}

/**
 * Runs `query` `warmup` times unmeasured, then up to `maxSamples` timed runs
 * one after another (never concurrently, so each timing is one query alone).
 */
export async function measure(query: (iteration: number) => Promise<unknown>, options: MeasureOptions): Promise<LatencySummary> {
  for (let index = 0; index < options.warmup && performance.now() < options.deadline; index += 1) await query(index);
  const durations: number[] = [];
  for (let index = 0; index < options.maxSamples && performance.now() < options.deadline; index += 1) {
    const started = performance.now();
    await query(index);
    durations.push(performance.now() - started);
  }
  return summarise(durations);
}
