import { describe, expect, it } from 'vitest';
import { coinsPerMember, highestPassingRate, openLoop, stepPasses, summariseStep, type Answer } from '../../bench/lib/ledger-load';

const answer = (status: number, latencyMs: number, answeredAt = latencyMs): Answer => ({ status, latencyMs, answeredAt });

describe('coinsPerMember', () => {
  it('covers every spend of every step dealt round-robin, a member getting the rounded-up share', () => {
    // 2 s at 100/s and 4 s at 250/s: 1,200 spends over 1,000 members, so some members spend twice.
    expect(coinsPerMember([{ rate: 100, seconds: 2 }, { rate: 250, seconds: 4 }], 1_000, 100)).toBe(200);
    expect(coinsPerMember([{ rate: 500, seconds: 2 }], 1_000, 100)).toBe(100);
  });
});

describe('openLoop', () => {
  it('fires every request at its scheduled time without waiting for earlier ones', async () => {
    // How many calls had finished when each one was fired. Counted, not timed: on a starved machine
    // (CI runs this beside the browser tests) the firing spread past 300 ms while the loop stayed open.
    const finishedWhenFired: number[] = [];
    let finished = 0;
    const { startedAt, results } = await openLoop({ rate: 100, seconds: 0.2 }, (scheduledAt, index) => {
      finishedWhenFired.push(finished);
      // Each call takes longer than the whole step: a closed loop would fire them one after another.
      return new Promise<number>((resolve) => setTimeout(() => resolve(index), 300)).then(() => {
        finished += 1;
        return scheduledAt;
      });
    });
    expect(results).toHaveLength(20);
    expect(results[0]).toBe(startedAt);
    expect(results[19]).toBeCloseTo(startedAt + 190, 6);
    // All 20 were fired before the first one (300 ms) finished.
    expect(finishedWhenFired).toEqual(Array.from({ length: 20 }, () => 0));
  });
});

describe('summariseStep', () => {
  it('times only 2xx answers, counts everything else as errors, and gives the answered rate', () => {
    const answers = [...Array.from({ length: 98 }, (_, index) => answer(200, 10 + index / 10, 500)), answer(200, 80, 1_000), answer(409, 1), answer(0, 2)];
    const step = summariseStep({ rate: 100, seconds: 1 }, 0, answers);
    expect(step).toMatchObject({ requests: 101, succeeded: 99, errors: 2, achievedRate: 99, p50Ms: 14.9, maxMs: 80 });
    // Nearest rank: the 99th of 99 timed answers; the 409 and the failed request (1 and 2 ms) are not among them.
    expect(step.p99Ms).toBe(80);
    expect(stepPasses(step, 50)).toBe(false);
  });

  it('passes a step at or under the p99 limit with no errors', () => {
    const step = summariseStep({ rate: 100, seconds: 1 }, 0, Array.from({ length: 100 }, () => answer(200, 50)));
    expect(step.errors).toBe(0);
    expect(stepPasses(step, 50)).toBe(true);
    expect(stepPasses(step, 49.9)).toBe(false);
  });
});

describe('highestPassingRate', () => {
  const step = (rate: number, latencyMs: number, status = 200) => summariseStep({ rate, seconds: 1 }, 0, [answer(status, latencyMs)]);

  it('is the last step before the first failing one, even if a later step passes', () => {
    expect(highestPassingRate([step(100, 5), step(200, 20), step(300, 60), step(500, 10)], 50)).toBe(200);
  });

  it('stops at a step with an error whatever its latency', () => {
    expect(highestPassingRate([step(100, 5), step(200, 5, 409)], 50)).toBe(100);
  });

  it('is undefined when the first step already fails', () => {
    expect(highestPassingRate([step(100, 51)], 50)).toBeUndefined();
  });
});
