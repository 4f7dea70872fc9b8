import { randomBytes, randomUUID } from 'node:crypto';
import { freePort } from '../lib/free-port';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { MESSAGE_RATE_MAX, MESSAGE_RATE_WINDOW_MS, type Message } from '../../contract/messaging';
import { REALTIME_PATH, type MessageEvent } from '../../contract/realtime';
import { createScratchPostgres, type ScratchPostgres } from '../../scripts/lib/scratch-postgres';
import { openDatabase, type OpenDatabaseOptions } from '../../server/db/client';
import { ServerProcess } from '../../test/durability/server-process';
import { highestRateUnder, parseStatCpuMs, parseVmRss, perMemberKb, SenderBudget, summariseDelivery, type DeliverySummary } from '../lib/realtime-load';
import { seedMatchedMembers, type BenchMember, type SeededMembers } from '../lib/realtime-members';
import { BENCH_POSTGRES_URL } from '../lib/scratch-databases';
import { percentile, round } from '../lib/stats';
import type { BenchContext, BenchPart, PartOutcome } from './part';

// Messaging's realtime channel (socket.io on the real server, started as
// `npm start` starts it, in its own process): memory per connected member at
// 10,000 idle sockets, delivery latency from the POST that sends a message to
// the other member's 'message:new' event (one process on PGlite and on
// PostgreSQL, then two processes on PostgreSQL and Redis), and 1,000 members
// reconnecting at once and catching up. Members are written straight into the
// database with sessions and tokens as sign-in makes them
// (bench/lib/realtime-members.ts); every socket is a socket.io-client over
// WebSocket only, held by this process.

const IDLE_MEMBERS = 10_000;
const CHAT_MEMBERS = 2_000;
const BASE_RATE = 200;
const BASE_SECONDS = 8;
const WARMUP_RATE = 100;
const WARMUP_SECONDS = 2;
const STEP_RATES = [300, 400, 600, 800, 1200, 1600, 2400];
/** Tried, in this order, when the base rate is already over the limit. */
const STEP_DOWN_RATES = [150, 100, 50];
const STEP_SECONDS = 3;
const STEP_P99_LIMIT_MS = 250;
const AWAY_MESSAGES = 2;
const CONNECT_CONCURRENCY = 200;
/** How long a delivery may take before it counts as lost. */
const DELIVERY_GRACE_MS = 5_000;
const TARGETS = { memoryKb: 25, p99Ms: 100, twoProcessP99Ms: 150, catchUpMs: 2_000 };
/** Kept under the server's own per-sender limit (30 in 30 s), which the bench does not raise: it spreads sends over enough senders. */
const SENDER_RULE = { max: MESSAGE_RATE_MAX - 2, windowMs: MESSAGE_RATE_WINDOW_MS + 2_000 };
const ADMIN_PASSWORD = 'bench-realtime-admin-password-2026';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * BENCH_PROFILE_DIR=/tmp/profiles: each delivery server writes a V8 CPU profile there (node --cpu-prof,
 * open it in Chrome DevTools) and is stopped gracefully instead of killed, so the profile is written.
 */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const profiled = PROFILE_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : {};
const stopServer = (server: ServerProcess) => (PROFILE_DIR ? server.stopGracefully() : server.kill());

type Row = [string, string, string, string, string];

export async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Writes the members straight into a database the server is not running on yet (PGlite allows one process). */
async function seedDatabase(options: OpenDatabaseOptions, count: number, jwtSecret: string): Promise<SeededMembers> {
  const connection = await openDatabase(options);
  try {
    return await seedMatchedMembers(connection.db, count, jwtSecret);
  } finally {
    await connection.close();
  }
}

export function openSocket(port: number, token: string): Promise<Socket> {
  const socket = connect(`http://127.0.0.1:${port}`, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 60_000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

async function openSockets(port: number, members: readonly BenchMember[]): Promise<Map<string, Socket>> {
  const sockets = new Map<string, Socket>();
  await inPool(members, CONNECT_CONCURRENCY, async (member) => {
    sockets.set(member.id, await openSocket(port, member.token));
  });
  return sockets;
}

function closeSockets(sockets: Map<string, Socket>): void {
  for (const socket of sockets.values()) socket.close();
  sockets.clear();
}

interface HttpAnswer {
  status: number;
  body: string;
}

export function request(agent: http.Agent, port: number, method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<HttpAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        timeout: 60_000,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    call.on('timeout', () => call.destroy(new Error(`${method} ${path} timed out`)));
    call.on('error', reject);
    call.end(payload);
  });
}

// ---------------------------------------------------------------- memory

interface MemoryReading {
  rssBytes: number;
  heapUsedBytes: number;
}

/** A full GC in the server (over its IPC channel, scripts/load/memory-probe.ts), a second to settle, another GC, then VmRSS from /proc. */
async function settledMemory(server: ServerProcess): Promise<MemoryReading> {
  await server.memoryUsage();
  await delay(1_000);
  const usage = await server.memoryUsage();
  const rssBytes = parseVmRss(readFileSync(`/proc/${server.pid ?? 0}/status`, 'utf8'));
  return { rssBytes, heapUsedBytes: usage.heapUsed };
}

// ---------------------------------------------------------------- CPU

interface CpuReading {
  serverMs: number;
  benchMs: number;
  /** Per server thread (`pid/tid`): the main thread is the one whose id is the process's. */
  threads: Map<string, number>;
}

/** CPU time spent so far by the server processes (every thread, PGlite's worker included) and by this process, in ms. */
interface CpuMeter {
  read(): CpuReading;
}

function threadTimes(pid: number): Array<[string, number]> {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid): Array<[string, number]> => {
      try {
        return [[`${pid}/${tid}`, parseStatCpuMs(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))]];
      } catch {
        return []; // The thread ended between the listing and the read.
      }
    });
  } catch {
    return [];
  }
}

function cpuMeter(servers: readonly ServerProcess[]): CpuMeter {
  return {
    read: () => {
      const own = process.cpuUsage();
      return {
        serverMs: servers.reduce((sum, server) => sum + parseStatCpuMs(readFileSync(`/proc/${server.pid ?? 0}/stat`, 'utf8')), 0),
        benchMs: (own.user + own.system) / 1000,
        threads: new Map(servers.flatMap((server) => threadTimes(server.pid ?? 0))),
      };
    },
  };
}

interface CpuShare {
  /** The server processes, every thread. */
  serverMs: number;
  /** Of that, their main threads (HTTP, socket.io, the app's JavaScript). */
  mainThreadMs: number;
  /** Of that, the busiest other thread (with PGlite: its worker, the database itself). */
  busiestOtherThreadMs: number;
  /** This process: the sockets and the HTTP client. */
  benchMs: number;
}

/** CPU spent between two readings, per unit of work. */
function cpuPer(before: CpuReading, after: CpuReading, units: number): CpuShare {
  let main = 0;
  let busiestOther = 0;
  for (const [key, ms] of after.threads) {
    const spent = ms - (before.threads.get(key) ?? 0);
    const [pid, tid] = key.split('/');
    if (pid === tid) main += spent;
    else busiestOther = Math.max(busiestOther, spent);
  }
  const per = (value: number) => round(value / units, 2);
  return {
    serverMs: per(after.serverMs - before.serverMs),
    mainThreadMs: per(main),
    busiestOtherThreadMs: per(busiestOther),
    benchMs: per(after.benchMs - before.benchMs),
  };
}

const cpuText = (cpu: CpuShare) =>
  `server ${cpu.serverMs} ms (main thread ${cpu.mainThreadMs}, busiest other thread ${cpu.busiestOtherThreadMs}), bench ${cpu.benchMs} ms`;

// ---------------------------------------------------------------- delivery

interface Pending {
  sentAt: number;
  answered: boolean;
}

/** Every message the bench sends is waited for here, on the receiving member's socket. */
class DeliveryWatch {
  readonly pending = new Map<string, Pending>();
  latencies: number[] = [];
  /** Highest number each member's sockets have seen, per member (each member here has one conversation). */
  readonly held = new Map<string, number>();

  watch(memberId: string, socket: Socket, measure: boolean): void {
    socket.on('message:new', (event: MessageEvent) => {
      const now = performance.now();
      if (event.message.seq > (this.held.get(memberId) ?? 0)) this.held.set(memberId, event.message.seq);
      if (!measure || event.message.senderId === memberId) return;
      const pending = this.pending.get(event.message.id);
      if (!pending) return;
      this.pending.delete(event.message.id);
      this.latencies.push(now - pending.sentAt);
    });
  }

  answeredAndPending(): number {
    let count = 0;
    for (const pending of this.pending.values()) if (pending.answered) count += 1;
    return count;
  }
}

interface RateStep {
  rate: number;
  seconds: number;
  /** Messages answered 201 per second, from the first scheduled send to the last answer. */
  achievedRate: number;
  delivery: DeliverySummary;
  /** Answers other than 201 (a 429 would mean the spread over senders failed), and requests that failed. */
  errors: number;
  /** Sends the sender budget could not place (every sender at its limit). */
  unplaced: number;
  /** CPU per message answered: the server processes' and this process's (sockets and HTTP client). */
  cpuPerMessage: CpuShare;
}

interface Conversation {
  sender: BenchMember;
  receiver: BenchMember;
}

/**
 * Sends at `rate` messages per second for `seconds`, open loop: each send is
 * due at its scheduled time whatever the earlier ones are doing, and its
 * latency counts from that time (a server falling behind shows as latency,
 * not as a lower rate). Then waits for the answers and the deliveries.
 */
async function runAtRate(
  cpu: CpuMeter,
  port: number,
  agent: http.Agent,
  watch: DeliveryWatch,
  pick: (now: number) => Conversation | undefined,
  rate: number,
  seconds: number,
): Promise<RateStep> {
  watch.latencies = [];
  const cpuBefore = cpu.read();
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now() + 5;
  const posts: Promise<void>[] = [];
  let issued = 0;
  let errors = 0;
  let unplaced = 0;
  let answered = 0;
  let lastAnswerAt = start;
  while (issued < total) {
    const now = performance.now();
    while (issued < total && start + issued * interval <= now) {
      const sentAt = start + issued * interval;
      issued += 1;
      const conversation = pick(now);
      if (!conversation) {
        unplaced += 1;
        continue;
      }
      const id = randomUUID();
      watch.pending.set(id, { sentAt, answered: false });
      posts.push(
        request(agent, port, 'POST', `/api/conversations/${conversation.receiver.id}/messages`, conversation.sender.token, { id, text: `bench ${issued}` }).then(
          (answer) => {
            const pending = watch.pending.get(id);
            if (answer.status === 201) {
              answered += 1;
              lastAnswerAt = performance.now();
              if (pending) pending.answered = true;
            } else {
              errors += 1;
              watch.pending.delete(id);
            }
          },
          () => {
            errors += 1;
            watch.pending.delete(id);
          },
        ),
      );
    }
    await delay(Math.max(0, start + issued * interval - performance.now()));
  }
  await Promise.all(posts);
  const graceEnd = performance.now() + DELIVERY_GRACE_MS;
  while (watch.answeredAndPending() > 0 && performance.now() < graceEnd) await delay(20);
  const lost = watch.answeredAndPending();
  watch.pending.clear();
  return {
    rate,
    seconds,
    achievedRate: round(answered / ((lastAnswerAt - start) / 1000), 0),
    delivery: summariseDelivery(watch.latencies, lost),
    errors,
    unplaced,
    cpuPerMessage: cpuPer(cpuBefore, cpu.read(), Math.max(1, answered)),
  };
}

interface LatencyRun {
  base: RateStep;
  steps: RateStep[];
  highestRateUnderLimit: number | undefined;
}

/** Warm-up, the base rate, then higher rates in steps until p99 passes the limit (or time runs short). */
async function measureLatency(
  cpu: CpuMeter,
  context: BenchContext,
  label: string,
  port: number,
  agent: http.Agent,
  watch: DeliveryWatch,
  pick: (now: number) => Conversation | undefined,
  rates: readonly number[],
): Promise<LatencyRun> {
  await runAtRate(cpu, port, agent, watch, pick, WARMUP_RATE, WARMUP_SECONDS);
  const base = await runAtRate(cpu, port, agent, watch, pick, BASE_RATE, BASE_SECONDS);
  context.log(
    `  ${label}: ${BASE_RATE} msg/s: p50 ${base.delivery.p50Ms} ms, p99 ${base.delivery.p99Ms} ms, lost ${base.delivery.lost}, errors ${base.errors}; ` +
      `CPU per message: ${cpuText(base.cpuPerMessage)}`,
  );
  const steps: RateStep[] = [base];
  if (!(base.delivery.p99Ms < STEP_P99_LIMIT_MS)) {
    // Over the limit already: the highest rate under it is lower, so step down.
    for (const rate of STEP_DOWN_RATES) {
      const step = await runAtRate(cpu, port, agent, watch, pick, rate, STEP_SECONDS);
      steps.push(step);
      context.log(`  ${label}: ${rate} msg/s (answered ${step.achievedRate}/s): p50 ${step.delivery.p50Ms} ms, p99 ${step.delivery.p99Ms} ms, lost ${step.delivery.lost}, errors ${step.errors}`);
      if (step.delivery.p99Ms < STEP_P99_LIMIT_MS && step.errors === 0) return { base, steps: steps.slice(1), highestRateUnderLimit: rate };
    }
    return { base, steps: steps.slice(1), highestRateUnderLimit: undefined };
  }
  for (const rate of rates) {
    if (performance.now() > context.deadline - 60_000) {
      context.log(`  ${label}: stopping the rate steps, the time budget is nearly spent`);
      break;
    }
    const step = await runAtRate(cpu, port, agent, watch, pick, rate, STEP_SECONDS);
    steps.push(step);
    context.log(
      `  ${label}: ${rate} msg/s (answered ${step.achievedRate}/s): p50 ${step.delivery.p50Ms} ms, p99 ${step.delivery.p99Ms} ms, lost ${step.delivery.lost}, errors ${step.errors}; ` +
        `CPU per message: ${cpuText(step.cpuPerMessage)}`,
    );
    if (!(step.delivery.p99Ms < STEP_P99_LIMIT_MS) || step.errors > 0) break;
  }
  return { base, steps: steps.slice(1), highestRateUnderLimit: highestRateUnder(steps.map((step) => ({ rate: step.rate, p99Ms: step.delivery.p99Ms })), STEP_P99_LIMIT_MS) };
}

/** Senders taken in turn from `budget` so that none passes the server's limit; each writes to their match. */
function conversationPicker(budget: SenderBudget<BenchMember>, partnerOf: Map<string, BenchMember>): (now: number) => Conversation | undefined {
  return (now) => {
    const sender = budget.take(now);
    const receiver = sender ? partnerOf.get(sender.id) : undefined;
    return sender && receiver ? { sender, receiver } : undefined;
  };
}

function partners(seeded: SeededMembers, count: number): Map<string, BenchMember> {
  const partnerOf = new Map<string, BenchMember>();
  for (const [first, second] of seeded.pairs.slice(0, count / 2)) {
    partnerOf.set(first.id, second);
    partnerOf.set(second.id, first);
  }
  return partnerOf;
}

// ---------------------------------------------------------------- catching up

interface CatchUp {
  members: number;
  /** Messages the away members had waiting. */
  messagesWaiting: number;
  /** From the moment all reconnect until the last one has every message. */
  allCaughtUpMs: number;
  /** From the same moment until the last socket was connected (its handshake answered). */
  allConnectedMs: number;
  /** CPU over the whole reconnect, per member: the server's and this process's. */
  cpuPerMember: CpuShare;
  /** Per member: reconnect to caught up. */
  p50Ms: number;
  p99Ms: number;
  /** Members whose catch-up answer was not exactly what was sent while away. */
  wrong: number;
}

/**
 * The second member of every pair drops off; their matches send them
 * AWAY_MESSAGES each; then all of them reconnect at once and each asks
 * GET ?after=<the last number it held>, as the web app does after a reconnect.
 */
async function measureCatchUp(cpu: CpuMeter, port: number, seeded: SeededMembers, sockets: Map<string, Socket>, watch: DeliveryWatch, budget: SenderBudget<BenchMember>, partnerOf: Map<string, BenchMember>): Promise<CatchUp> {
  const away = seeded.pairs.slice(0, CHAT_MEMBERS / 2).map(([, second]) => second);
  for (const member of away) {
    sockets.get(member.id)?.close();
    sockets.delete(member.id);
  }
  await delay(500);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const sends = away.flatMap((member) => Array.from({ length: AWAY_MESSAGES }, () => member));
  await inPool(sends, 64, async (receiver) => {
    const sender = partnerOf.get(receiver.id);
    if (!sender || budget.take(performance.now()) === undefined) throw new Error('catch-up sends would pass the per-sender limit');
    const answer = await request(agent, port, 'POST', `/api/conversations/${receiver.id}/messages`, sender.token, { id: randomUUID(), text: 'while you were away' });
    if (answer.status !== 201) throw new Error(`catch-up send answered ${answer.status}: ${answer.body}`);
  });
  agent.destroy();

  // Each member's own browser: its own connection, all at once.
  const browsers = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let wrong = 0;
  let waiting = 0;
  const times: number[] = [];
  let allConnectedAt = 0;
  const cpuBefore = cpu.read();
  const started = performance.now();
  await Promise.all(
    away.map(async (member) => {
      const socket = await openSocket(port, member.token);
      sockets.set(member.id, socket);
      allConnectedAt = Math.max(allConnectedAt, performance.now());
      const held = watch.held.get(member.id) ?? 0;
      const peer = partnerOf.get(member.id);
      const answer = await request(browsers, port, 'GET', `/api/conversations/${peer?.id ?? ''}/messages?after=${held}&limit=200`, member.token);
      times.push(performance.now() - started);
      const body = JSON.parse(answer.body) as { messages: Message[]; lastSeq: number };
      waiting += body.messages.length;
      const last = body.messages.at(-1);
      if (answer.status !== 200 || body.messages.length !== body.lastSeq - held || body.messages.length < AWAY_MESSAGES || last?.seq !== body.lastSeq) wrong += 1;
    }),
  );
  const allCaughtUpMs = performance.now() - started;
  const cpuPerMember = cpuPer(cpuBefore, cpu.read(), away.length);
  browsers.destroy();
  const sorted = times.sort((a, b) => a - b);
  return {
    members: away.length,
    messagesWaiting: waiting,
    allCaughtUpMs: round(allCaughtUpMs, 0),
    allConnectedMs: round(allConnectedAt - started, 0),
    cpuPerMember,
    p50Ms: round(percentile(sorted, 50), 0),
    p99Ms: round(percentile(sorted, 99), 0),
    wrong,
  };
}

// ---------------------------------------------------------------- one database, one process

interface SingleProcessRun {
  connectMs: number;
  latency: LatencyRun;
  catchUp: CatchUp;
}

async function chatOnOneProcess(context: BenchContext, label: string, server: ServerProcess, port: number, seeded: SeededMembers): Promise<SingleProcessRun> {
  const cpu = cpuMeter([server]);
  const members = seeded.members.slice(0, CHAT_MEMBERS);
  const partnerOf = partners(seeded, CHAT_MEMBERS);
  const watch = new DeliveryWatch();
  const connectStarted = performance.now();
  const sockets = await openSockets(port, members);
  const connectMs = round(performance.now() - connectStarted, 0);
  for (const [memberId, socket] of sockets) watch.watch(memberId, socket, true);
  context.log(`  ${label}: ${sockets.size} members connected in ${connectMs} ms`);
  await delay(1_000);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  // Both members of every conversation write: 2,000 senders, none near the per-sender limit.
  const budget = new SenderBudget(members, SENDER_RULE);
  const pick = conversationPicker(budget, partnerOf);
  try {
    const latency = await measureLatency(cpu, context, label, port, agent, watch, pick, STEP_RATES);
    const catchUp = await measureCatchUp(cpu, port, seeded, sockets, watch, budget, partnerOf);
    context.log(
      `  ${label}: ${catchUp.members} reconnected and caught up on ${catchUp.messagesWaiting} messages in ${catchUp.allCaughtUpMs} ms (all connected by ${catchUp.allConnectedMs} ms, wrong ${catchUp.wrong}); ` +
        `CPU per member: ${cpuText(catchUp.cpuPerMember)}`,
    );
    return { connectMs, latency, catchUp };
  } finally {
    agent.destroy();
    closeSockets(sockets);
  }
}

// ---------------------------------------------------------------- the part

interface MemoryRun {
  members: number;
  connectMs: number;
  before: MemoryReading;
  after: MemoryReading;
  rssKbPerMember: number;
  heapKbPerMember: number;
}

const yesNo = (met: boolean) => (met ? 'yes' : 'no');
const ms = (value: number) => (Number.isFinite(value) ? `${value} ms` : 'lost');

function latencyRows(database: string, run: LatencyRun, target: number, measure: string): Row[] {
  const base = run.base.delivery;
  return [
    [
      measure,
      database,
      `p50 ${ms(base.p50Ms)}, p99 ${ms(base.p99Ms)} (${base.sent} messages, ${base.lost} lost); CPU per message: ${cpuText(run.base.cpuPerMessage)}`,
      `p99 <= ${target} ms`,
      yesNo(base.p99Ms <= target && run.base.errors === 0),
    ],
    [
      `highest rate with p99 < ${STEP_P99_LIMIT_MS} ms`,
      database,
      (run.highestRateUnderLimit === undefined ? `under ${Math.min(BASE_RATE, ...STEP_DOWN_RATES)} msg/s` : `${run.highestRateUnderLimit} msg/s`) +
        (run.steps.length ? ` (steps: ${run.steps.map((step) => `${step.rate}: answered ${step.achievedRate}/s, p99 ${ms(step.delivery.p99Ms)}`).join('; ')})` : ''),
      'reported',
      '-',
    ],
  ];
}

function catchUpRow(database: string, catchUp: CatchUp): Row {
  return [
    `${catchUp.members} reconnect at once and catch up`,
    database,
    `all in ${catchUp.allCaughtUpMs} ms (sockets all connected by ${catchUp.allConnectedMs} ms; p50 ${catchUp.p50Ms} ms; ${catchUp.messagesWaiting} messages${catchUp.wrong ? `, ${catchUp.wrong} wrong` : ''}); ` +
      `CPU per member: ${cpuText(catchUp.cpuPerMember)}`,
    `<= ${TARGETS.catchUpMs} ms`,
    yesNo(catchUp.allCaughtUpMs <= TARGETS.catchUpMs && catchUp.wrong === 0),
  ];
}

export const realtimePart: BenchPart = {
  name: 'realtime',
  measures: ['server', 'contract', 'package-lock.json', 'bench/parts/realtime.ts', 'bench/lib/realtime-load.ts', 'bench/lib/realtime-members.ts'],
  description: 'socket.io on the real server: memory per connected member, message delivery latency (one and two processes), reconnect and catch-up',
  async run(context): Promise<PartOutcome> {
    const rows: Row[] = [];
    const notes: string[] = [];
    const data: Record<string, unknown> = {};
    const jwtSecret = randomBytes(32).toString('hex');

    // a, b and d on embedded PGlite: one data directory, 10,000 members.
    const pgliteDir = mkdtempSync(join(tmpdir(), 'orbit-bench-realtime-'));
    try {
      context.log(`  seeding ${IDLE_MEMBERS} matched members with sessions into PGlite`);
      const seeded = await seedDatabase({ dataDir: pgliteDir }, IDLE_MEMBERS, jwtSecret);
      const port = await freePort();
      const probed = new ServerProcess({ port, dataDir: pgliteDir, adminPassword: ADMIN_PASSWORD, env: { JWT_SECRET: jwtSecret }, memoryProbe: true });
      await probed.start();
      let memory: MemoryRun;
      try {
        const before = await settledMemory(probed);
        const started = performance.now();
        const sockets = await openSockets(port, seeded.members);
        const connectMs = round(performance.now() - started, 0);
        context.log(`  ${sockets.size} sockets connected in ${connectMs} ms`);
        await delay(3_000);
        const after = await settledMemory(probed);
        memory = {
          members: sockets.size,
          connectMs,
          before,
          after,
          rssKbPerMember: perMemberKb(before.rssBytes, after.rssBytes, sockets.size),
          heapKbPerMember: perMemberKb(before.heapUsedBytes, after.heapUsedBytes, sockets.size),
        };
        await probed.stopGracefully();
        closeSockets(sockets);
      } finally {
        await probed.kill();
      }
      data.memory = memory;
      rows.push(
        [`memory per connected member (RSS), ${memory.members.toLocaleString('en-US')} idle sockets`, 'PGlite', `${memory.rssKbPerMember} KB`, `<= ${TARGETS.memoryKb} KB`, yesNo(memory.rssKbPerMember <= TARGETS.memoryKb)],
        ['  of which V8 heap used', 'PGlite', `${memory.heapKbPerMember} KB`, 'reported', '-'],
      );
      notes.push(
        `Memory: the server process's VmRSS (/proc/<pid>/status) and V8 heap used, each after two full GCs asked over its IPC channel (scripts/load/memory-probe.ts, as the load test does), ` +
          `before any socket and after ${memory.members.toLocaleString('en-US')} members connected (in ${memory.connectMs} ms): RSS ${mb(memory.before.rssBytes)} -> ${mb(memory.after.rssBytes)}, ` +
          `heap ${mb(memory.before.heapUsedBytes)} -> ${mb(memory.after.heapUsedBytes)}. The difference over the member count includes one-off costs (code compiled on first use, buffer pools) and whatever PGlite (in a worker of the same process) grew by answering the handshakes.`,
      );

      const server = new ServerProcess({ port, dataDir: pgliteDir, adminPassword: ADMIN_PASSWORD, env: { JWT_SECRET: jwtSecret }, ...profiled });
      await server.start();
      try {
        const run = await chatOnOneProcess(context, 'PGlite', server, port, seeded);
        data.pglite = run;
        rows.push(...latencyRows('PGlite', run.latency, TARGETS.p99Ms, `delivery POST -> other member's event, ${BASE_RATE} msg/s, ${CHAT_MEMBERS} members`));
        rows.push(catchUpRow('PGlite', run.catchUp));
      } finally {
        await stopServer(server);
      }
    } finally {
      rmSync(pgliteDir, { recursive: true, force: true });
    }

    // b and d on PostgreSQL, then c: two processes on the same database and Redis.
    let scratch: ScratchPostgres | undefined;
    try {
      scratch = await createScratchPostgres(BENCH_POSTGRES_URL, 'orbit_bench_realtime');
    } catch (error) {
      notes.push(`PostgreSQL rows skipped: ${BENCH_POSTGRES_URL} is not reachable (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (scratch) {
      const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'orbit-bench-realtime-pg-')));
      try {
        context.log(`  seeding ${CHAT_MEMBERS} matched members with sessions into PostgreSQL`);
        const seeded = await seedDatabase({ databaseUrl: scratch.url }, CHAT_MEMBERS, jwtSecret);
        const ports = [await freePort(), await freePort()] as const;
        const single = new ServerProcess({ port: ports[0], dataDir: dataDirs[0] ?? '', databaseUrl: scratch.url, adminPassword: ADMIN_PASSWORD, env: { JWT_SECRET: jwtSecret }, ...profiled });
        await single.start();
        try {
          const run = await chatOnOneProcess(context, 'PostgreSQL', single, ports[0], seeded);
          data.postgres = run;
          rows.push(...latencyRows('PostgreSQL', run.latency, TARGETS.p99Ms, `delivery POST -> other member's event, ${BASE_RATE} msg/s, ${CHAT_MEMBERS} members`));
          rows.push(catchUpRow('PostgreSQL', run.catchUp));
        } finally {
          await stopServer(single);
        }

        const redisProblem = await redisReachable(REDIS_URL);
        if (redisProblem) {
          notes.push(`Two-process rows skipped: Redis at ${REDIS_URL} is not reachable (${redisProblem}).`);
        } else {
          const twoProcesses = await acrossTwoProcesses(context, ports, dataDirs, scratch.url, jwtSecret, seeded);
          data.twoProcesses = twoProcesses;
          rows.push(
            ...latencyRows('PostgreSQL + Redis', twoProcesses, TARGETS.twoProcessP99Ms, `delivery across two processes (senders on one, receivers on the other), ${BASE_RATE} msg/s`),
          );
        }
      } finally {
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
        await scratch.drop();
      }
    }

    notes.push(
      `Delivery: ${CHAT_MEMBERS.toLocaleString('en-US')} members (${CHAT_MEMBERS / 2} matched pairs) connected over WebSocket; messages are sent open loop at the rate (each due at its time, its latency counted from then), ` +
        `from the POST to the 'message:new' event on the other member's socket, both measured in this process. Senders take turns so none passes the server's own limit (${MESSAGE_RATE_MAX} in ${MESSAGE_RATE_WINDOW_MS / 1000} s), which stays as in production. ` +
        `${WARMUP_SECONDS} s at ${WARMUP_RATE} msg/s first (unmeasured), then ${BASE_SECONDS} s at ${BASE_RATE} msg/s, then ${STEP_SECONDS} s at each of ${STEP_RATES.join(', ')} msg/s until p99 passes ${STEP_P99_LIMIT_MS} ms; a message not delivered within ${DELIVERY_GRACE_MS / 1000} s counts as lost (infinitely late).`,
      `Catch-up: the second member of each of ${CHAT_MEMBERS / 2} pairs drops off, their matches send them ${AWAY_MESSAGES} messages each, then all reconnect at once (a new socket each, and a connection of their own) and ask GET ?after=<last number they held>; the figure is from the reconnect to the last complete answer.`,
      'The load generator (this process: every socket, every POST) shares the 2 cores with the server(s) and their database, so the figures include its own delays.',
      `CPU: user plus system time of the server processes from /proc/<pid>/stat (per thread from /proc/<pid>/task/*/stat; with PGlite its worker thread, the database, is the busiest other thread) and this process's own (process.cpuUsage()), over the measured window, divided by the messages answered or the members reconnected. PostgreSQL's and Redis's own processes are not counted.`,
    );
    return { table: { headers: ['measure', 'database', 'result', 'target', 'met'], rows }, notes, data };
  },
};

function mb(bytes: number): string {
  return `${round(bytes / 1024 / 1024, 1)} MB`;
}

async function redisReachable(url: string): Promise<string | undefined> {
  const client = createClient({ url, socket: { connectTimeout: 3_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.quit().catch(() => {});
  }
}

/** c: two server processes on one PostgreSQL and Redis; senders post to and listen on the first, receivers listen on the second. */
async function acrossTwoProcesses(
  context: BenchContext,
  ports: readonly [number, number],
  dataDirs: readonly string[],
  databaseUrl: string,
  jwtSecret: string,
  seeded: SeededMembers,
): Promise<LatencyRun> {
  const servers = ports.map(
    (port, index) => new ServerProcess({ port, dataDir: dataDirs[index] ?? '', databaseUrl, adminPassword: ADMIN_PASSWORD, env: { JWT_SECRET: jwtSecret, REDIS_URL } }),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const watch = new DeliveryWatch();
  const senders = seeded.pairs.slice(0, CHAT_MEMBERS / 2).map(([first]) => first);
  const receivers = seeded.pairs.slice(0, CHAT_MEMBERS / 2).map(([, second]) => second);
  let senderSockets = new Map<string, Socket>();
  let receiverSockets = new Map<string, Socket>();
  try {
    for (const server of servers) await server.start();
    senderSockets = await openSockets(ports[0], senders);
    receiverSockets = await openSockets(ports[1], receivers);
    for (const [memberId, socket] of receiverSockets) watch.watch(memberId, socket, true);
    context.log(`  two processes: ${senderSockets.size} senders on the first, ${receiverSockets.size} receivers on the second`);
    await delay(1_000);
    return await measureLatency(cpuMeter(servers), context, 'two processes', ports[0], agent, watch, conversationPicker(new SenderBudget(senders, SENDER_RULE), partners(seeded, CHAT_MEMBERS)), STEP_RATES.slice(0, 3));
  } finally {
    agent.destroy();
    closeSockets(senderSockets);
    closeSockets(receiverSockets);
    for (const server of servers) await server.kill();
  }
}
