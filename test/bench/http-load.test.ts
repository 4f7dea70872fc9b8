import { describe, expect, it } from 'vitest';
import {
  isPublic,
  MAX_MEASURE_SECONDS,
  MIN_MEASURE_SECONDS,
  PROCESSES_PER_SERVER,
  secondsPerRun,
  shareOfCeiling,
  WARMUP_ALLOWANCE_SECONDS,
  WORKLOADS,
  type Workload,
} from '../../bench/parts/http-load';

describe('shareOfCeiling', () => {
  it('is total requests against the ceiling total, with no spread when every pair has the same ratio', () => {
    expect(shareOfCeiling([80, 160, 40], [100, 200, 50])).toEqual({ percent: 80, plusMinus: 0 });
  });

  it('gives twice the standard error of the per-pair ratios, in points', () => {
    // Ratios 0.7 and 0.9: mean 0.8, sample sd 0.1414, standard error 0.1, so ±20 points.
    expect(shareOfCeiling([70, 90], [100, 100])).toEqual({ percent: 80, plusMinus: 20 });
  });

  it('pairs slices in order and ignores a slice without a partner', () => {
    expect(shareOfCeiling([50, 50, 999], [100, 100])).toEqual({ percent: 50, plusMinus: 0 });
  });

  it('says nothing of the spread from a single pair', () => {
    expect(shareOfCeiling([90], [100]).plusMinus).toBeNaN();
  });
});

describe('secondsPerRun', () => {
  const servers = (workload: Workload) => (isPublic(workload) ? 4 : 3);
  const fullTime = WORKLOADS.reduce(
    (sum, workload) =>
      sum + (servers(workload) + 1) * (PROCESSES_PER_SERVER * WARMUP_ALLOWANCE_SECONDS + (isPublic(workload) ? MAX_MEASURE_SECONDS.public : MAX_MEASURE_SECONDS.signedIn)),
    0,
  );
  const publicRow = WORKLOADS.find(isPublic);
  const signedInRow = WORKLOADS.find((workload) => !isPublic(workload));
  if (!publicRow || !signedInRow) throw new Error('the bench has public and signed-in rows');

  it('gives every row its maximum when the time left covers them all', () => {
    const deadline = performance.now() + (fullTime + 30) * 1000;
    expect(secondsPerRun(deadline, WORKLOADS, servers)).toBe(MAX_MEASURE_SECONDS.public);
    expect(secondsPerRun(deadline, [signedInRow], servers)).toBe(MAX_MEASURE_SECONDS.signedIn);
  });

  it('shrinks the rows in proportion when time is short, never below the minimum', () => {
    const half = secondsPerRun(performance.now() + (fullTime / 2) * 1000, WORKLOADS, servers);
    expect(half).toBeLessThan(MAX_MEASURE_SECONDS.public);
    expect(half).toBeGreaterThanOrEqual(MIN_MEASURE_SECONDS);
    expect(secondsPerRun(performance.now(), WORKLOADS, servers)).toBe(MIN_MEASURE_SECONDS);
  });
});
