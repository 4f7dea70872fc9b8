import type { RouteStats } from './route-mix';

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

const tenths = (ms: number) => ms.toFixed(1);

/** One line per route: answers, statuses that were not 2xx, and median and p99 latency. */
export function routeTable(stats: RouteStats): string {
  const rows = [['route', 'answers', 'not 2xx', 'p50 ms', 'p99 ms']];
  for (const [route, latencies] of [...stats.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...latencies].sort((a, b) => a - b);
    const bad = [...(stats.statuses.get(route) ?? new Map<number, number>())]
      .filter(([status]) => status < 200 || status >= 300)
      .map(([status, count]) => `${count}x${status}`)
      .join(' ');
    rows.push([route, String(latencies.length), bad || '0', tenths(percentile(sorted, 0.5)), tenths(percentile(sorted, 0.99))]);
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')).join('\n');
}

/**
 * Every route together, from the latencies measured per request. (autocannon's
 * own histogram is not used: with a request rate per connection it adds
 * values for requests it assumes were held back, one per millisecond of
 * every answer's latency, and the sum of runs would need merging anyway.)
 */
export function totalLine(stats: RouteStats, seconds: number): string {
  const all = [...stats.latencies.values()].flat().sort((a, b) => a - b);
  return `Total: ${all.length} answers, ${Math.round(all.length / seconds)} req/s, p50 ${tenths(percentile(all, 0.5))} ms, p99 ${tenths(percentile(all, 0.99))} ms, max ${tenths(all.at(-1) ?? 0)} ms`;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Memory after a full GC at three points, and the growth per request over the measured run. */
export function formatMemory(points: { idle: NodeJS.MemoryUsage; before: NodeJS.MemoryUsage; after: NodeJS.MemoryUsage }, requests: number): string {
  const line = (name: string, usage: NodeJS.MemoryUsage) =>
    `  ${name.padEnd(28)} rss ${mib(usage.rss).padStart(10)}  heapUsed ${mib(usage.heapUsed).padStart(9)}  external ${mib(usage.external).padStart(9)}  arrayBuffers ${mib(usage.arrayBuffers).padStart(9)}`;
  const heapGrowth = points.after.heapUsed - points.before.heapUsed;
  return [
    'Server memory after a full GC:',
    line('started, before any load', points.idle),
    line('after warm-up (baseline)', points.before),
    line('after the run', points.after),
    `  heap growth over the run: ${mib(heapGrowth)} (${requests ? (heapGrowth / requests).toFixed(1) : '0'} bytes per request); rss growth ${mib(points.after.rss - points.before.rss)}`,
  ].join('\n');
}
