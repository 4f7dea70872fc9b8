import { describe, expect, it } from 'vitest';
import { routeTable, totalLine } from '../../scripts/load/report';
import { RouteStats } from '../../scripts/load/route-mix';

function statsOf(routes: Record<string, Array<[status: number, latencyMs: number]>>): RouteStats {
  const stats = new RouteStats();
  for (const [route, answers] of Object.entries(routes)) {
    for (const [status, latencyMs] of answers) {
      stats.current = route;
      stats.record(status, latencyMs);
    }
  }
  return stats;
}

describe('the load test report', () => {
  it('sums every route into one total, with percentiles of the measured latencies only', () => {
    const latencies = Array.from({ length: 100 }, (_, index) => index + 1);
    const stats = statsOf({
      'GET /a': latencies.slice(0, 50).map((ms) => [200, ms]),
      'GET /b': latencies.slice(50).map((ms) => [200, ms]),
    });
    expect(totalLine(stats, 10)).toBe('Total: 100 answers, 10 req/s, p50 50.0 ms, p99 99.0 ms, max 100.0 ms');
  });

  it('gives each route its answers, its statuses other than 2xx and its own percentiles', () => {
    const stats = statsOf({ 'POST /like': [[200, 4.26], [429, 1], [200, 12.5]], 'GET /blog': [[200, 0.48]] });
    expect(routeTable(stats).split('\n')).toEqual([
      'route       answers  not 2xx  p50 ms  p99 ms',
      'GET /blog         1        0     0.5     0.5',
      'POST /like        3    1x429     4.3    12.5',
    ]);
  });
});
