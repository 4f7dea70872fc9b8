import { describe, expect, it } from 'vitest';
import { chunked, highestRateUnder, parseStatCpuMs, parseVmRss, perMemberKb, SenderBudget, summariseDelivery } from '../../bench/lib/realtime-load';

describe('chunked', () => {
  it('cuts items into runs of the size, the last one shorter', () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunked([], 3)).toEqual([]);
  });

  it('refuses a size that is not a positive whole number', () => {
    expect(() => chunked([1], 0)).toThrow('positive whole number');
  });
});

describe('SenderBudget', () => {
  it('takes senders in turn', () => {
    const budget = new SenderBudget(['a', 'b', 'c'], { max: 10, windowMs: 1000 });
    expect([0, 1, 2, 3].map(() => budget.take(0))).toEqual(['a', 'b', 'c', 'a']);
  });

  it('passes over a sender with max sends inside the window, and gives it back once the oldest leaves the window', () => {
    const budget = new SenderBudget(['a', 'b'], { max: 2, windowMs: 1000 });
    expect([budget.take(0), budget.take(0), budget.take(10), budget.take(10)]).toEqual(['a', 'b', 'a', 'b']);
    expect(budget.take(500)).toBeUndefined();
    // a's first send (at 0) is a full window old at 1000: a may send again, b (also at 0) after it.
    expect(budget.take(1000)).toBe('a');
    expect(budget.take(1000)).toBe('b');
    expect(budget.take(1005)).toBeUndefined();
  });

  it('never lets a sender pass max in any window, whatever the pace', () => {
    const rule = { max: 3, windowMs: 100 };
    const budget = new SenderBudget(['a', 'b', 'c', 'd'], rule);
    const sends = new Map<string, number[]>();
    for (let now = 0; now < 1000; now += 7) {
      for (let burst = 0; burst < 3; burst += 1) {
        const sender = budget.take(now);
        if (sender) sends.set(sender, [...(sends.get(sender) ?? []), now]);
      }
    }
    for (const times of sends.values()) {
      for (const [index, time] of times.entries()) {
        const inWindow = times.filter((other) => other > time - rule.windowMs && other <= time);
        expect(inWindow.length, `send ${index} at ${time}`).toBeLessThanOrEqual(rule.max);
      }
    }
  });

  it('needs a sender', () => {
    expect(() => new SenderBudget([], { max: 1, windowMs: 1 })).toThrow('at least one sender');
  });
});

describe('summariseDelivery', () => {
  it('gives nearest-rank percentiles of the delivered messages', () => {
    const latencies = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(summariseDelivery(latencies, 0)).toEqual({ sent: 100, delivered: 100, lost: 0, p50Ms: 50, p99Ms: 99, maxMs: 100 });
  });

  it('counts lost messages as later than every delivered one', () => {
    const latencies = Array.from({ length: 98 }, () => 10);
    const summary = summariseDelivery(latencies, 2);
    expect(summary).toMatchObject({ sent: 100, delivered: 98, lost: 2, p50Ms: 10 });
    expect(summary.p99Ms).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('highestRateUnder', () => {
  it('is the last step of the run from the start that stayed under the limit', () => {
    const steps = [
      { rate: 200, p99Ms: 20 },
      { rate: 400, p99Ms: 40 },
      { rate: 800, p99Ms: 300 },
      { rate: 1600, p99Ms: 100 },
    ];
    expect(highestRateUnder(steps, 250)).toBe(400);
  });

  it('is undefined when the first step is over, and a lost message (infinite p99) is over', () => {
    expect(highestRateUnder([{ rate: 200, p99Ms: 260 }], 250)).toBeUndefined();
    expect(highestRateUnder([{ rate: 200, p99Ms: Number.POSITIVE_INFINITY }], 250)).toBeUndefined();
  });
});

describe('memory readings', () => {
  it('reads VmRSS from /proc/<pid>/status in bytes', () => {
    const status = 'Name:\tnode\nVmPeak:\t 1234 kB\nVmRSS:\t  204800 kB\nRssAnon:\t 1 kB\n';
    expect(parseVmRss(status)).toBe(204_800 * 1024);
    expect(() => parseVmRss('Name:\tnode\n')).toThrow('no VmRSS');
  });

  it('divides the growth over the members, in KB', () => {
    expect(perMemberKb(100 * 1024 * 1024, 100 * 1024 * 1024 + 10_000 * 20 * 1024, 10_000)).toBe(20);
  });
});

describe('parseStatCpuMs', () => {
  it('adds user and system time (fields 14 and 15) in ms, whatever the command name holds', () => {
    const stat = '4242 (node server (x)) S 1 4242 4242 0 -1 4194304 97 0 0 0 250 50 0 0 20 0 11 0 224573 3133440 381';
    expect(parseStatCpuMs(stat)).toBe(3000);
    expect(() => parseStatCpuMs('garbage')).toThrow('not a /proc');
  });
});
