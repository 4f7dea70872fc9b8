import autocannon from 'autocannon';
import { startForkedServers, type ForkedServer } from '../lib/forked-server';
import { recordAnswer, REPLAY_ENV, replayKey, type ReplayedAnswers } from '../lib/replayed-answers';
import { percent, round } from '../lib/stats';
import type { ServerKind } from '../lib/server-process';

// How the HTTP bench loads a server: the workloads, one autocannon run, and a
// workload measured on every server in slices alternating with the ceiling.

export const CONNECTIONS = 50;
/**
 * Every server kind runs in this many processes, and a row's slices rotate
 * among them. A Node process can stay faster or slower than an identical one
 * for its whole life (hello-world processes up to 7% apart; processes
 * holding PGlite's database up to 40%), so a share computed from one pair of
 * processes carried that draw whole, and runs minutes apart disagreed by up
 * to 25 points.
 */
export const PROCESSES_PER_SERVER = 3;
/**
 * Requests sent to each process before a row is measured on it (the route's
 * code compiled, its answer cached). A count, not a time: rows differ a
 * hundredfold in speed, and a second per process and row would cost more
 * than the public rows' measured slices.
 */
export const WARMUP_REQUESTS = { public: 5_000, signedIn: 100 } as const;
/** Seconds the time budget allows per process and row for the warm-up and for reading the route's ETag. */
export const WARMUP_ALLOWANCE_SECONDS = 1;
/**
 * Route and ceiling alternate in slices this long. autocannon ends a run only
 * when it samples (once a second by default). Shorter slices with a finer
 * sample interval were tried: half-second pairs spread no less than
 * one-second pairs, and quarter-second ones put the blog list at 58% of the
 * ceiling instead of 88% (setting up 50 connections weighs on a short run).
 */
export const SLICE_SECONDS = 1;
/**
 * Seconds measured per server and row at most. The public rows are what the
 * target judges, so they get the slices that narrow their share of the
 * ceiling; the signed-in rows run at 1-2% of it and need no such precision.
 */
export const MAX_MEASURE_SECONDS = { public: 12, signedIn: 4 } as const;
export const MIN_MEASURE_SECONDS = 2;

export interface Workload {
  route: string;
  method: 'GET' | 'POST';
  path: string;
  signedIn?: boolean;
  /** Sends If-None-Match with the route's current ETag: the answer is 304. */
  conditional?: boolean;
  /** Likes a different seeded person on each request. */
  likes?: boolean;
}

export const WORKLOADS: readonly Workload[] = [
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

/** What Chromium sends with every request; cached public answers go out compressed for it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

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

/** How long one autocannon run lasts: a time, or a number of requests (warm-ups). */
export type RunLength = { seconds: number } | { requests: number };

export async function hammer(url: string, workload: Workload | undefined, headers: Record<string, string>, targetIds: readonly string[], length: RunLength): Promise<LoadRun> {
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
    ...('seconds' in length ? { duration: length.seconds } : { amount: Math.max(CONNECTIONS, length.requests) }),
    ...(requests ? { requests } : {}),
  });
  const cpu = process.cpuUsage(cpuBefore);
  return { ...result, loaderCpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/** Several autocannon runs as one figure: requests over total time, the middle median, the worst p99. */
function combine(runs: readonly LoadRun[], conditional: boolean): HttpMeasurement & { sliceRates: number[] } {
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
    loaderCorePercent: percent(runs.reduce((sum, run) => sum + run.loaderCpuSeconds, 0), seconds),
    sliceRates: runs.map((run) => Math.round(run.requests.total / Math.max(run.duration, 0.01))),
  };
}

/** A share of the ceiling and how far it may be off, from slices paired with the ceiling's. */
export interface ShareOfCeiling {
  /** Requests over all slices against the ceiling's over its slices, in percent. */
  percent: number;
  /** Twice the standard error of the per-pair ratios, in percentage points (about a 95% interval). */
  plusMinus: number;
}

export function shareOfCeiling(sliceRates: readonly number[], ceilingSliceRates: readonly number[]): ShareOfCeiling {
  const pairs = Math.min(sliceRates.length, ceilingSliceRates.length);
  const ratios = Array.from({ length: pairs }, (_, index) => (sliceRates[index] ?? 0) / (ceilingSliceRates[index] || Number.NaN));
  const total = (values: readonly number[]) => values.slice(0, pairs).reduce((sum, value) => sum + value, 0);
  const mean = ratios.reduce((sum, ratio) => sum + ratio, 0) / pairs;
  const variance = ratios.reduce((sum, ratio) => sum + (ratio - mean) ** 2, 0) / Math.max(1, pairs - 1);
  return { percent: percent(total(sliceRates), total(ceilingSliceRates)), plusMinus: pairs > 1 ? round(200 * Math.sqrt(variance / pairs), 0) : Number.NaN };
}

export type Driver = Extract<ServerKind, 'pglite' | 'postgres'>;

/** One database's app servers, PROCESSES_PER_SERVER of them. */
export interface RunningServer {
  driver: Driver;
  processes: ForkedServer[];
}

/** Cached public answers, the same for every caller: the rows the target is about. */
export function isPublic(workload: Workload): boolean {
  return !workload.signedIn && workload.method === 'GET';
}

/**
 * Starts node:http replaying what `server` answered to each public workload,
 * with the headers the bench sends (the If-None-Match rows get the 304).
 */
export async function startReplaysOf(server: ForkedServer): Promise<ForkedServer[]> {
  const answers: ReplayedAnswers = {};
  for (const workload of WORKLOADS.filter(isPublic)) {
    answers[replayKey(workload.path, workload.conditional ?? false)] = await recordAnswer(`${server.url}${workload.path}`, await headersFor(server, workload));
  }
  return startForkedServers('replay', PROCESSES_PER_SERVER, { [REPLAY_ENV]: JSON.stringify(answers) });
}

function warmupOf(workload: Workload | undefined): RunLength {
  return { requests: workload && !isPublic(workload) ? WARMUP_REQUESTS.signedIn : WARMUP_REQUESTS.public };
}

/** One process of a server kind, ready for a row: its request headers (its own ETag, its own member), warmed up. */
interface PreparedProcess {
  server: ForkedServer;
  headers: Record<string, string>;
  targets: readonly string[];
}

/** The processes of one server kind in a row, and the slices measured on them so far. */
interface SliceGroup {
  processes: PreparedProcess[];
  runs: LoadRun[];
}

/** Prepares each process in turn (`headers` given: all are asked with those instead of their own). */
async function prepareGroup(servers: readonly ForkedServer[], workload: Workload | undefined, headers?: Record<string, string>): Promise<SliceGroup> {
  const processes: PreparedProcess[] = [];
  for (const server of servers) {
    const prepared = { server, headers: headers ?? (workload ? await headersFor(server, workload) : {}), targets: server.targetIds ?? [] };
    await hammer(server.url, workload, prepared.headers, prepared.targets, warmupOf(workload));
    processes.push(prepared);
  }
  return { processes, runs: [] };
}

/**
 * The servers' turns in round `index`: every other round runs backwards
 * (A B C, C B A, ...). Of two identical hello-world processes measured one
 * right after the other, the second answered about 3% more, every time; in
 * mirrored rounds each server goes first as often as last.
 */
export function slicesInOrder<T>(round: readonly T[], index: number): T[] {
  return index % 2 === 0 ? [...round] : [...round].reverse();
}

/**
 * One workload on every server, in slices alternating with the hello-world
 * ceiling (ceiling, same answer for public rows or bare node:http + pg for
 * signed-in ones, PGlite, PostgreSQL,
 * ceiling, ...), so all see the same background load: on a shared machine it
 * drifts within seconds, and a database measured minutes after the other
 * would be judged on another machine. Slice i goes to process
 * i % PROCESSES_PER_SERVER of every kind; the order within a round
 * alternates (slicesInOrder).
 */
export async function measureInterleaved(
  ceilings: readonly ForkedServer[],
  references: { replays: readonly ForkedServer[]; bares: readonly ForkedServer[] },
  servers: readonly RunningServer[],
  workload: Workload,
  seconds: number,
) {
  const ceiling = await prepareGroup(ceilings, undefined);
  const prepared = [];
  for (const { driver, processes } of servers) prepared.push({ driver, ...(await prepareGroup(processes, workload)) });
  // The replay sends the first app process's answer, so it is asked with that process's headers.
  const replayHeaders = prepared[0]?.processes[0]?.headers ?? {};
  const replay = isPublic(workload) && references.replays.length > 0 ? await prepareGroup(references.replays, workload, replayHeaders) : undefined;
  // Each bare process checks its own member's token against its own database.
  const bare = !isPublic(workload) && references.bares.length > 0 ? await prepareGroup(references.bares, workload) : undefined;
  const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS));
  const slice = async (group: SliceGroup, index: number, routeWorkload: Workload | undefined) => {
    const target = group.processes[index % group.processes.length];
    if (target) group.runs.push(await hammer(target.server.url, routeWorkload, target.headers, target.targets, { seconds: SLICE_SECONDS }));
  };
  const round: Array<{ group: SliceGroup; workload: Workload | undefined }> = [
    { group: ceiling, workload: undefined },
    ...(replay ? [{ group: replay, workload }] : []),
    ...(bare ? [{ group: bare, workload }] : []),
    ...prepared.map((entry) => ({ group: entry, workload })),
  ];
  for (let index = 0; index < slices; index += 1) {
    for (const entry of slicesInOrder(round, index)) await slice(entry.group, index, entry.workload);
  }
  return {
    ceiling: combine(ceiling.runs, false),
    sameAnswer: replay ? combine(replay.runs, workload.conditional ?? false) : undefined,
    bare: bare ? combine(bare.runs, false) : undefined,
    routes: prepared.map((entry) => ({ driver: entry.driver, measured: combine(entry.runs, workload.conditional ?? false) })),
  };
}

function maxSecondsOf(workload: Workload): number {
  return isPublic(workload) ? MAX_MEASURE_SECONDS.public : MAX_MEASURE_SECONDS.signedIn;
}

/**
 * Seconds per server for the first of the workloads left: each gets its
 * maximum when the time left allows, otherwise all shrink in proportion
 * (warm-ups and the ceiling's slices counted), never below MIN_MEASURE_SECONDS.
 */
export function secondsPerRun(deadline: number, workloadsLeft: readonly Workload[], serversFor: (workload: Workload) => number): number {
  const [first] = workloadsLeft;
  if (!first) return MIN_MEASURE_SECONDS;
  const available = (deadline - performance.now()) / 1000;
  const warmups = workloadsLeft.reduce((sum, workload) => sum + (serversFor(workload) + 1) * PROCESSES_PER_SERVER * WARMUP_ALLOWANCE_SECONDS, 0);
  const atMost = workloadsLeft.reduce((sum, workload) => sum + (serversFor(workload) + 1) * maxSecondsOf(workload), 0);
  const scale = Math.min(1, Math.max(0, available - warmups) / atMost);
  return Math.max(MIN_MEASURE_SECONDS, Math.floor(maxSecondsOf(first) * scale));
}
