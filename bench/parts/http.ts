import autocannon from 'autocannon';
import { startForkedServer, type ForkedServer } from '../lib/forked-server';
import { round } from '../lib/stats';
import type { ServerKind } from '../lib/server-process';
import type { BenchContext, BenchPart, PartOutcome } from './part';

// Requests per second and latency of five API routes on the real server
// (scratch seeded database, PGlite and PostgreSQL), each beside a plain
// node:http hello-world measured in the same run: the most one Node process
// answers on this machine. Every server runs in its own process and the load
// generator (autocannon) in this one, all on 127.0.0.1.

const CONNECTIONS = 50;
const WARMUP_SECONDS = 1;
const MAX_MEASURE_SECONDS = 6;
const MIN_MEASURE_SECONDS = 3;
/** Alternating slices of route and ceiling per row. */
const SLICES = 6;

interface Workload {
  route: string;
  method: 'GET' | 'POST';
  path: string;
  signedIn?: boolean;
  /** Sends If-None-Match with the route's current ETag: the answer is 304. */
  conditional?: boolean;
  /** Likes a different seeded person on each request. */
  likes?: boolean;
}

const WORKLOADS: readonly Workload[] = [
  { route: 'GET /api/config/public', method: 'GET', path: '/api/config/public' },
  { route: 'GET /api/config/public (If-None-Match, 304)', method: 'GET', path: '/api/config/public', conditional: true },
  { route: 'GET /api/blog?page=1&limit=9', method: 'GET', path: '/api/blog?page=1&limit=9' },
  { route: 'GET /api/blog?page=1&limit=9 (If-None-Match, 304)', method: 'GET', path: '/api/blog?page=1&limit=9', conditional: true },
  { route: 'GET /api/users/radar (signed in)', method: 'GET', path: '/api/users/radar', signedIn: true },
  { route: 'GET /api/users/spin (signed in)', method: 'GET', path: '/api/users/spin', signedIn: true },
  { route: 'POST /api/users/like (signed in)', method: 'POST', path: '/api/users/like', signedIn: true, likes: true },
];

export interface HttpMeasurement {
  requestsPerSecond: number;
  medianMs: number;
  p99Ms: number;
  /** Responses other than the expected 2xx (3xx for conditional requests), plus connection errors. */
  failed: number;
  seconds: number;
  /** CPU time the load generator (autocannon, in this process) used, in % of one core: near 100, it is the bottleneck. */
  loaderCorePercent: number;
}

interface RouteResult extends HttpMeasurement {
  route: string;
  /** The hello-world ceiling measured right before this route (the machine's load drifts). */
  ceilingRequestsPerSecond: number;
  /** Requests per second as a share of that ceiling, in percent. */
  percentOfCeiling: number;
}

/** What Chromium sends with every request; cached public answers go out compressed for it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function headersFor(server: ForkedServer, workload: Workload): Promise<Record<string, string>> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  if (workload.signedIn && server.token) headers.authorization = `Bearer ${server.token}`;
  if (workload.likes) headers['content-type'] = 'application/json';
  if (workload.conditional) {
    const response = await fetch(`${server.url}${workload.path}`, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
    const etag = response.headers.get('etag');
    await response.arrayBuffer();
    if (!etag) throw new Error(`${workload.route}: the server sent no ETag`);
    headers['if-none-match'] = etag;
  }
  return headers;
}

/** One autocannon run and the CPU this process spent driving it. */
type LoadRun = autocannon.Result & { loaderCpuSeconds: number };

async function hammer(url: string, workload: Workload | undefined, headers: Record<string, string>, targetIds: readonly string[], seconds: number): Promise<LoadRun> {
  let next = 0;
  const requests: autocannon.Request[] | undefined = workload?.likes
    ? [
        {
          method: 'POST',
          path: workload.path,
          // A different person each time, cycling through the seeded ones (repeating a decision replaces it).
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ targetId: targetIds[(next += 1) % targetIds.length], type: 'like' }) }),
        },
      ]
    : undefined;
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: workload ? `${url}${workload.path}` : url,
    method: workload?.method ?? 'GET',
    headers,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    ...(requests ? { requests } : {}),
  });
  const cpu = process.cpuUsage(cpuBefore);
  return { ...result, loaderCpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/** Several autocannon runs as one figure: requests over total time, the middle median, the worst p99. */
function combine(runs: readonly LoadRun[], conditional: boolean): HttpMeasurement {
  const seconds = runs.reduce((sum, run) => sum + run.duration, 0);
  const medians = runs.map((run) => run.latency.p50).sort((a, b) => a - b);
  const failed = runs.reduce((sum, run) => {
    const answered = run['1xx'] + run['2xx'] + run['3xx'] + run['4xx'] + run['5xx'];
    return sum + answered - (conditional ? run['3xx'] : run['2xx']) + run.errors;
  }, 0);
  return {
    requestsPerSecond: round(runs.reduce((sum, run) => sum + run.requests.total, 0) / seconds, 0),
    medianMs: round(medians[Math.floor((medians.length - 1) / 2)] ?? Number.NaN, 2),
    p99Ms: round(Math.max(...runs.map((run) => run.latency.p99)), 2),
    failed,
    seconds: round(seconds, 1),
    loaderCorePercent: round((100 * runs.reduce((sum, run) => sum + run.loaderCpuSeconds, 0)) / seconds, 0),
  };
}

type Driver = Exclude<ServerKind, 'ceiling'>;

interface RunningServer {
  driver: Driver;
  server: ForkedServer;
}

/**
 * One workload on every server, in slices alternating with the hello-world
 * ceiling (ceiling, PGlite, PostgreSQL, ceiling, ...), so all see the same
 * background load: on a shared machine it drifts within seconds, and a
 * database measured minutes after the other would be judged on another
 * machine.
 */
async function measureInterleaved(ceilingServer: ForkedServer, servers: readonly RunningServer[], workload: Workload, seconds: number) {
  const prepared = [];
  for (const { driver, server } of servers) {
    const headers = await headersFor(server, workload);
    const targets = server.targetIds ?? [];
    await hammer(server.url, workload, headers, targets, WARMUP_SECONDS);
    prepared.push({ driver, server, headers, targets, runs: [] as LoadRun[] });
  }
  const sliceSeconds = Math.max(1, Math.round(seconds / SLICES));
  const ceilingRuns: LoadRun[] = [];
  for (let slice = 0; slice < SLICES; slice += 1) {
    ceilingRuns.push(await hammer(ceilingServer.url, undefined, {}, [], sliceSeconds));
    for (const entry of prepared) entry.runs.push(await hammer(entry.server.url, workload, entry.headers, entry.targets, sliceSeconds));
  }
  return {
    ceiling: combine(ceilingRuns, false),
    routes: prepared.map((entry) => ({ driver: entry.driver, measured: combine(entry.runs, workload.conditional ?? false) })),
  };
}

/** Equal slices of what is left for the workloads left, each with its warm-ups and ceiling runs, at most MAX_MEASURE_SECONDS a server. */
function secondsPerRun(deadline: number, workloadsLeft: number, servers: number): number {
  const available = (deadline - performance.now()) / 1000 / Math.max(1, workloadsLeft);
  const perRun = (available - servers * (WARMUP_SECONDS + 1)) / (servers + 1);
  return Math.max(MIN_MEASURE_SECONDS, Math.min(MAX_MEASURE_SECONDS, Math.floor(perRun)));
}

/** The ceiling run with the median requests per second. */
function medianRun(runs: readonly HttpMeasurement[]): HttpMeasurement {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? { requestsPerSecond: Number.NaN, medianMs: Number.NaN, p99Ms: Number.NaN, failed: 0, seconds: 0, loaderCorePercent: Number.NaN };
}

function rangeOf(runs: readonly HttpMeasurement[]): string {
  const values = runs.map((run) => run.requestsPerSecond);
  return values.length ? `${Math.min(...values).toLocaleString('en-US')} to ${Math.max(...values).toLocaleString('en-US')}` : 'none';
}

const TARGET_PERCENT = 80;
const TARGET_ROUTES = ['GET /api/config/public', 'GET /api/blog'];

/** One line per database: which public-route rows reach the target share of the ceiling. */
function targetVerdicts(byDriver: Partial<Record<string, RouteResult[]>>): string[] {
  return Object.entries(byDriver).map(([driver, results = []]) => {
    const judged = results.filter((result) => TARGET_ROUTES.some((route) => result.route.startsWith(route)));
    const missed = judged.filter((result) => result.percentOfCeiling < TARGET_PERCENT);
    const verdict = missed.length === 0 ? 'met' : `MISSED by ${missed.map((result) => `${result.route} (${result.percentOfCeiling}%)`).join(', ')}`;
    return `Target on ${driver}: GET /api/config/public and GET /api/blog at >= ${TARGET_PERCENT}% of the ceiling: ${verdict}.`;
  });
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const httpPart: BenchPart = {
  name: 'http',
  weight: 1.2,
  description: `autocannon (${CONNECTIONS} connections) against the real server on PGlite and PostgreSQL, beside a node:http hello-world ceiling`,
  async run(context: BenchContext): Promise<PartOutcome> {
    const ceilingRuns: HttpMeasurement[] = [];
    const byDriver: Partial<Record<Driver, RouteResult[]>> = {};
    const skipped: Array<{ driver: string; reason: string }> = [];
    const servers: RunningServer[] = [];
    // Start-up (migrate, seed, register a member) is outside the measured time but inside the budget.
    const startupDeadline = context.deadline - WORKLOADS.length * 1000 * (3 * (MIN_MEASURE_SECONDS + WARMUP_SECONDS + 1));

    const ceilingServer = await startForkedServer('ceiling');
    try {
      for (const driver of ['pglite', 'postgres'] as const) {
        try {
          if (performance.now() > startupDeadline) throw new Error('no time left to start it');
          servers.push({ driver, server: await startForkedServer(driver) });
          byDriver[driver] = [];
        } catch (error) {
          context.log(`  ${driver}: skipped (${reasonOf(error)})`);
          skipped.push({ driver, reason: reasonOf(error) });
        }
      }
      // Warmed once here; measureInterleaved then runs it in slices alternating with each route.
      await hammer(ceilingServer.url, undefined, {}, [], WARMUP_SECONDS);
      for (const [index, workload] of WORKLOADS.entries()) {
        const seconds = secondsPerRun(context.deadline, WORKLOADS.length - index, servers.length);
        const { ceiling, routes } = await measureInterleaved(ceilingServer, servers, workload, seconds);
        ceilingRuns.push(ceiling);
        for (const { driver, measured } of routes) {
          const percentOfCeiling = round((100 * measured.requestsPerSecond) / ceiling.requestsPerSecond, 0);
          byDriver[driver]?.push({ route: workload.route, ...measured, ceilingRequestsPerSecond: ceiling.requestsPerSecond, percentOfCeiling });
          context.log(`  ${driver}: ${workload.route}: ${measured.requestsPerSecond.toLocaleString('en-US')} req/s (${percentOfCeiling}% of ${ceiling.requestsPerSecond.toLocaleString('en-US')})`);
        }
      }
    } finally {
      await Promise.all(servers.map(({ server }) => server.stop()));
      await ceilingServer.stop();
    }
    const ceiling = medianRun(ceilingRuns);

    const cells = (result: RouteResult | undefined) =>
      result ? [result.requestsPerSecond, result.medianMs, result.p99Ms, `${result.percentOfCeiling}%`, `${result.loaderCorePercent}%`] : ['-', '-', '-', '-', '-'];
    const rows = WORKLOADS.map((workload, index) => {
      const pglite = byDriver.pglite?.[index];
      const postgres = byDriver.postgres?.[index];
      const ratio = pglite && postgres ? `${round(pglite.requestsPerSecond / postgres.requestsPerSecond, 2)}` : '-';
      return [workload.route, ...cells(pglite), ...cells(postgres), ratio];
    });
    const failures = Object.entries(byDriver).flatMap(([driver, results]) =>
      results.filter((result) => result.failed > 0).map((result) => `${driver}: ${result.route}: ${result.failed.toLocaleString('en-US')} unexpected answers or errors`),
    );
    return {
      table: {
        headers: ['route', 'PGlite req/s', 'median ms', 'p99 ms', '% ceiling', 'load gen. CPU', 'PostgreSQL req/s', 'median ms', 'p99 ms', '% ceiling', 'load gen. CPU', 'PGlite / PostgreSQL'],
        rows: [
          ['node:http hello-world (ceiling)', ceiling.requestsPerSecond, ceiling.medianMs, ceiling.p99Ms, '100%', `${ceiling.loaderCorePercent}%`, '', '', '', '', '', ''],
          ...rows,
        ],
      },
      notes: [
        `${CONNECTIONS} connections, no pipelining, ${WARMUP_SECONDS} s warm-up then ${ceiling.seconds} s measured per row and server (and as long for its ceiling); each server runs in its own Node process, the load generator in another.`,
        `% ceiling compares each row with the hello-world measured in ${SLICES} slices alternating with it and with the other database's slices of the same row (per row: ${rangeOf(ceilingRuns)} req/s; the row above shows the median row).`,
        'load gen. CPU: the CPU time autocannon itself used during the row, in % of one core. Near 100%, the load generator (one thread, a JavaScript HTTP parser) is the bottleneck, and a row then measures the cost of parsing its answer (headers and body bytes) as much as the server.',
        `Requests carry Chromium's Accept-Encoding (${BROWSER_ACCEPT_ENCODING}), so cached public answers go out compressed (brotli), as browsers get them; the 304 rows are what a returning browser sends on every page load (Cache-Control: max-age=0, must-revalidate).`,
        ...targetVerdicts(byDriver),
        ...failures,
        ...skipped.map((entry) => `${entry.driver}: skipped — ${entry.reason}`),
      ],
      data: { connections: CONNECTIONS, ceiling, ceilingRuns, results: byDriver, skipped },
    };
  },
};
