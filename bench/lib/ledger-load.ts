import { setTimeout as delay } from 'node:timers/promises';
import { percentile, round } from './stats';

// Pure helpers of the ledger bench (bench/parts/ledger.ts), tested in
// test/bench/ledger-load.test.ts.

export interface LoadStep {
  rate: number;
  seconds: number;
}

/** Coins each of `members` needs so that every spend the steps can make, dealt round-robin, is covered. */
export function coinsPerMember(steps: readonly LoadStep[], members: number, price: number): number {
  const spends = steps.reduce((sum, step) => sum + Math.round(step.rate * step.seconds), 0);
  return Math.ceil(spends / members) * price;
}

/**
 * Calls `fire(scheduledAt, index)` `rate` times a second for `seconds`, open
 * loop: each call happens at its scheduled time (or as soon after as the event
 * loop allows) whatever earlier calls are still doing. Resolves, once every
 * call has settled, with what they returned and when the first was due.
 */
export async function openLoop<T>(step: LoadStep, fire: (scheduledAt: number, index: number) => Promise<T>): Promise<{ startedAt: number; results: T[] }> {
  const total = Math.round(step.rate * step.seconds);
  const interval = 1000 / step.rate;
  const start = performance.now() + 5;
  const calls: Promise<T>[] = [];
  while (calls.length < total) {
    const now = performance.now();
    while (calls.length < total && start + calls.length * interval <= now) calls.push(fire(start + calls.length * interval, calls.length));
    await delay(Math.max(0, start + calls.length * interval - performance.now()));
  }
  return { startedAt: start, results: await Promise.all(calls) };
}

/** One request's outcome: its HTTP status (0 when it failed without one) and its time from scheduled to answered. */
export interface Answer {
  status: number;
  latencyMs: number;
  answeredAt: number;
}

export interface StepSummary extends LoadStep {
  requests: number;
  /** 2xx answers. */
  succeeded: number;
  /** Everything else: other statuses and requests that failed. */
  errors: number;
  /** 2xx answers a second, from the step's first scheduled request to its last answer. */
  achievedRate: number;
  /** Of the 2xx answers, from the scheduled time. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function summariseStep(step: LoadStep, startedAt: number, answers: readonly Answer[]): StepSummary {
  const succeeded = answers.filter((answer) => answer.status >= 200 && answer.status < 300);
  const sorted = succeeded.map((answer) => answer.latencyMs).sort((a, b) => a - b);
  const lastAnswerAt = Math.max(startedAt, ...succeeded.map((answer) => answer.answeredAt));
  return {
    ...step,
    requests: answers.length,
    succeeded: succeeded.length,
    errors: answers.length - succeeded.length,
    achievedRate: lastAnswerAt > startedAt ? round(succeeded.length / ((lastAnswerAt - startedAt) / 1000), 0) : 0,
    p50Ms: round(percentile(sorted, 50), 1),
    p99Ms: round(percentile(sorted, 99), 1),
    maxMs: round(percentile(sorted, 100), 1),
  };
}

/** A step passes when its p99 is at or under the limit and nothing failed. */
export const stepPasses = (step: StepSummary, p99LimitMs: number): boolean => step.errors === 0 && step.p99Ms <= p99LimitMs;

/** The highest rate of steps taken in order before the first that fails; undefined when the first already failed. */
export function highestPassingRate(steps: readonly StepSummary[], p99LimitMs: number): number | undefined {
  let highest: number | undefined;
  for (const step of steps) {
    if (!stepPasses(step, p99LimitMs)) break;
    highest = step.rate;
  }
  return highest;
}
