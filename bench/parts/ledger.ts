import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { COIN_PRICES } from '../../contract/coins/spending';
import { createScratchPostgres, type ScratchPostgres } from '../../scripts/lib/scratch-postgres';
import { grantOpeningBalances } from '../../server/coins/ledger';
import { balancesOffTheLedger } from '../../server/coins/queries/ledger';
import { balancesOffTheLots } from '../../server/coins/queries/lots';
import { openDatabase, type OpenDatabaseOptions } from '../../server/db/client';
import { coinLedger } from '../../server/db/schema';
import { ServerProcess } from '../../test/durability/server-process';
import { freePort } from '../lib/free-port';
import { coinsPerMember, highestPassingRate, openLoop, stepPasses, summariseStep, type Answer, type LoadStep, type StepSummary } from '../lib/ledger-load';
import { parseStatCpuMs } from '../lib/realtime-load';
import { seedMatchedMembers, type BenchMember } from '../lib/realtime-members';
import { BENCH_POSTGRES_URL } from '../lib/scratch-databases';
import { round } from '../lib/stats';
import type { BenchContext, BenchPart, PartOutcome } from './part';
import { request } from './realtime';

// Coin spends through the real HTTP API (issue 48): 1,000 members, each with
// a session and a funded balance, spend from it concurrently, open loop in
// rising steps, against the real server (server/main.ts in its own process)
// on PGlite and on PostgreSQL; then the ledger is checked against the
// balances and the answers through the database.

const MEMBERS = 1_000;
const WARMUP: LoadStep = { rate: 50, seconds: 2 };
// From 25/s: on a busy 2-core machine PGlite's server was already past its core at 100/s, and a step under that says how far.
const STEP_RATES = [25, 50, 100, 200, 300, 500, 750, 1000, 1500];
const STEP_SECONDS = 4;
const P99_LIMIT_MS = 50;
const TARGET_RATE = 500;
/** What a step costs beyond its seconds (the last answers, a pause): no step starts without this much time left. */
const STEP_ALLOWANCE_MS = 5_000;
/** Kept for the PostgreSQL half when the PGlite half is given its share of the part's time. */
const POSTGRES_SHARE = 0.5;
const SPEND_PATH = '/api/coins/spend';
const ITEM = 'extraLikes';
const ADMIN_PASSWORD = 'bench-ledger-admin-password-2026';
const STEPS: readonly LoadStep[] = STEP_RATES.map((rate) => ({ rate, seconds: STEP_SECONDS }));
/** Enough for every spend the warm-up and every step can make, dealt round-robin: no spend is refused for lack of coins. */
const OPENING_COINS = coinsPerMember([WARMUP, ...STEPS], MEMBERS, COIN_PRICES[ITEM].coins);

type Database = 'PGlite' | 'PostgreSQL';
type Row = [string, Database, string, string, string];

interface MeasuredStep extends StepSummary {
  /** CPU per 2xx answer, in ms: the server process (every thread, PGlite's worker included) and this process. */
  serverCpuMs: number;
  benchCpuMs: number;
}

interface LedgerCheck {
  /** Members whose balance is not the sum of their entries. */
  offTheLedger: number;
  /** Members whose balance is not the unspent coins of their lots. */
  offTheLots: number;
  /** 'spent' entries in the ledger, against the 2xx answers over the whole run (warm-up included). */
  spentEntries: number;
  answered: number;
}

interface DatabaseRun {
  database: Database;
  warmup: MeasuredStep;
  steps: MeasuredStep[];
  highestRate: number | undefined;
  /** The first answer other than 2xx, if any. */
  errorSample: string | null;
  check: LedgerCheck;
}

const yesNo = (met: boolean) => (met ? 'yes' : 'no');
const isSuccess = (status: number) => status >= 200 && status < 300;

/** The members, written straight into a database the server is not running on yet (PGlite allows one process), each granted OPENING_COINS. */
async function seedFundedMembers(options: OpenDatabaseOptions, jwtSecret: string): Promise<BenchMember[]> {
  const connection = await openDatabase(options);
  try {
    const { members } = await seedMatchedMembers(connection.db, MEMBERS, jwtSecret);
    const grants = members.map((member) => ({ userId: member.id, amount: OPENING_COINS }));
    await connection.db.transaction((tx) => grantOpeningBalances(tx, grants, 'Bench opening balance', 'bench-ledger'));
    return members;
  } finally {
    await connection.close();
  }
}

/** Through the database, once the server has stopped: balances against the ledger, spends against the answers. */
async function checkLedger(options: OpenDatabaseOptions, answered: number): Promise<LedgerCheck> {
  const connection = await openDatabase(options);
  try {
    const off = await balancesOffTheLedger(connection.db);
    const offLots = await balancesOffTheLots(connection.db);
    const [spent] = await connection.db.select({ entries: count() }).from(coinLedger).where(eq(coinLedger.kind, 'spent'));
    return { offTheLedger: off.length, offTheLots: offLots.length, spentEntries: spent?.entries ?? 0, answered };
  } finally {
    await connection.close();
  }
}

const ledgerBalances = (check: LedgerCheck) => check.offTheLedger === 0 && check.offTheLots === 0 && check.spentEntries === check.answered;

/** Spends open loop: the warm-up, then the steps until one fails or the deadline nears; then the ledger check. */
async function spendOn(context: BenchContext, database: Database, options: OpenDatabaseOptions & { dataDir: string }, deadline: number): Promise<DatabaseRun> {
  const jwtSecret = randomBytes(32).toString('hex');
  context.log(`  ${database}: seeding ${MEMBERS.toLocaleString('en-US')} members with sessions and ${OPENING_COINS.toLocaleString('en-US')} coins each`);
  const members = await seedFundedMembers(options, jwtSecret);
  const port = await freePort();
  const server = new ServerProcess({ port, dataDir: options.dataDir, databaseUrl: options.databaseUrl, adminPassword: ADMIN_PASSWORD, env: { JWT_SECRET: jwtSecret } });
  await server.start();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  // Set from inside the requests: typed by hand, or TypeScript narrows it to null for good.
  let errorSample = null as string | null;
  let answered = 0;

  const spend = async (scheduledAt: number): Promise<Answer> => {
    const member = members[next % members.length] as BenchMember;
    next += 1;
    let status = 0;
    try {
      const answer = await request(agent, port, 'POST', SPEND_PATH, member.token, { item: ITEM, attemptId: randomUUID() });
      status = answer.status;
      if (!isSuccess(status)) errorSample ??= `${status} ${answer.body.slice(0, 200)}`;
    } catch (error) {
      errorSample ??= error instanceof Error ? error.message : String(error);
    }
    if (isSuccess(status)) answered += 1;
    const answeredAt = performance.now();
    return { status, latencyMs: answeredAt - scheduledAt, answeredAt };
  };

  const measured = async (step: LoadStep): Promise<MeasuredStep> => {
    const readServerCpu = () => parseStatCpuMs(readFileSync(`/proc/${server.pid ?? 0}/stat`, 'utf8'));
    const serverBefore = readServerCpu();
    const benchBefore = process.cpuUsage();
    const { startedAt, results } = await openLoop(step, spend);
    const bench = process.cpuUsage(benchBefore);
    const summary = summariseStep(step, startedAt, results);
    const perAnswer = (ms: number) => round(ms / Math.max(1, summary.succeeded), 2);
    return { ...summary, serverCpuMs: perAnswer(readServerCpu() - serverBefore), benchCpuMs: perAnswer((bench.user + bench.system) / 1000) };
  };

  let warmup: MeasuredStep;
  const steps: MeasuredStep[] = [];
  try {
    warmup = await measured(WARMUP);
    for (const step of STEPS) {
      if (performance.now() + step.seconds * 1000 + STEP_ALLOWANCE_MS > deadline) {
        context.log(`  ${database}: out of time before ${step.rate} spends/s`);
        break;
      }
      const result = await measured(step);
      steps.push(result);
      context.log(
        `  ${database}: ${step.rate} spends/s: achieved ${result.achievedRate}/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, errors ${result.errors}` +
          `${result.errors && errorSample ? ` (${errorSample})` : ''}; CPU per spend: server ${result.serverCpuMs} ms, bench ${result.benchCpuMs} ms`,
      );
      if (!stepPasses(result, P99_LIMIT_MS)) break;
    }
  } finally {
    agent.destroy();
    // Gracefully, so PGlite's files are whole when the check opens them.
    await server.stopGracefully();
    await server.kill();
  }
  const check = await checkLedger(options, answered);
  return { database, warmup, steps, highestRate: highestPassingRate(steps, P99_LIMIT_MS), errorSample, check };
}

async function onPglite(context: BenchContext, deadline: number): Promise<DatabaseRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbit-bench-ledger-'));
  try {
    return await spendOn(context, 'PGlite', { dataDir }, deadline);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(context: BenchContext, scratch: ScratchPostgres, deadline: number): Promise<DatabaseRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbit-bench-ledger-pg-'));
  try {
    return await spendOn(context, 'PostgreSQL', { dataDir, databaseUrl: scratch.url }, deadline);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

function runRows(run: DatabaseRun): Row[] {
  const last = run.steps.at(-1);
  const ranOut = last !== undefined && stepPasses(last, P99_LIMIT_MS);
  const judged = run.database === 'PostgreSQL';
  const highest =
    run.highestRate === undefined
      ? `under ${STEP_RATES[0]} spends/s`
      : `${run.highestRate} spends/s${ranOut ? ` (the highest step run${run.steps.length < STEPS.length ? ', cut by the time budget' : '; the limit was not reached'})` : ''}`;
  const { check } = run;
  return [
    [
      `spends per second with p99 <= ${P99_LIMIT_MS} ms and no errors, ${MEMBERS.toLocaleString('en-US')} members`,
      run.database,
      highest,
      judged ? `>= ${TARGET_RATE} spends/s` : 'reported',
      judged ? yesNo((run.highestRate ?? 0) >= TARGET_RATE) : '-',
    ],
    ...run.steps.map(
      (step): Row => [
        `  ${step.rate} spends/s for ${step.seconds} s (${step.requests.toLocaleString('en-US')} requests)`,
        run.database,
        `achieved ${step.achievedRate}/s; p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, max ${step.maxMs} ms; errors ${step.errors}; CPU per spend: server ${step.serverCpuMs} ms, bench ${step.benchCpuMs} ms`,
        `p99 <= ${P99_LIMIT_MS} ms, no errors`,
        yesNo(stepPasses(step, P99_LIMIT_MS)),
      ],
    ),
    [
      "ledger afterwards: every balance the sum of its entries and of its lots' unspent coins, 'spent' entries = 2xx answers",
      run.database,
      `${check.offTheLedger} of ${MEMBERS.toLocaleString('en-US')} members off the ledger, ${check.offTheLots} off their lots; ${check.spentEntries.toLocaleString('en-US')} spent entries for ${check.answered.toLocaleString('en-US')} 2xx answers`,
      'none off, equal',
      yesNo(ledgerBalances(check)),
    ],
  ];
}

export const ledgerPart: BenchPart = {
  name: 'ledger',
  measures: ['server', 'contract', 'bench/parts/ledger.ts', 'bench/lib/ledger-load.ts', 'bench/lib/realtime-members.ts'],
  description: `coin spends through the real HTTP API, ${MEMBERS.toLocaleString('en-US')} members concurrently: spends per second with p99 <= ${P99_LIMIT_MS} ms on PGlite and PostgreSQL, and the ledger against the balances afterwards`,
  async run(context): Promise<PartOutcome> {
    const runs: DatabaseRun[] = [];
    const notes: string[] = [];
    const pgliteDeadline = performance.now() + (context.deadline - performance.now()) * (1 - POSTGRES_SHARE);
    runs.push(await onPglite(context, pgliteDeadline));

    let scratch: ScratchPostgres | undefined;
    try {
      scratch = await createScratchPostgres(BENCH_POSTGRES_URL, 'orbit_bench_ledger');
    } catch (error) {
      notes.push(`PostgreSQL rows skipped: ${BENCH_POSTGRES_URL} is not reachable (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (scratch) runs.push(await onPostgres(context, scratch, context.deadline));

    for (const run of runs) if (run.errorSample) notes.push(`${run.database}: the first answer other than 2xx was ${run.errorSample}.`);
    notes.push(
      `Method: the real server (server/main.ts in its own process, as \`npm start\` runs it; production rate limits, none of which covers spends) on a scratch database: PGlite in a fresh data directory, and a new database on the local PostgreSQL. ` +
        `${MEMBERS.toLocaleString('en-US')} members are written straight into the database first, with session rows and tokens signed as sign-in signs them (bench/lib/realtime-members.ts), none VIP, ` +
        `and granted ${OPENING_COINS.toLocaleString('en-US')} coins each through the ledger (grantOpeningBalances, one 'granted' entry each): enough for every spend the warm-up and all steps can make, so no spend is refused for lack of coins. ` +
        `Each request is POST ${SPEND_PATH} {item: '${ITEM}', attemptId: a fresh UUID} with the member's Bearer token (${COIN_PRICES[ITEM].coins} coins for ${COIN_PRICES[ITEM].title}: a 'spent' ledger entry and the likes, in one transaction under the member's row lock), members taken in turn. ` +
        `Requests are sent open loop from this process over keep-alive connections (at most 256): each at its scheduled time whatever the earlier ones are doing, its latency counted from that time to the end of the answer, so a server falling behind shows as latency. ` +
        `${WARMUP.seconds} s at ${WARMUP.rate}/s unmeasured, then ${STEP_SECONDS} s at each of ${STEP_RATES.join(', ')} spends/s until a step's p99 passes ${P99_LIMIT_MS} ms or any answer is not 2xx (counted as an error, never as a latency); *achieved* is the 2xx answers over the time from the step's first scheduled request to its last answer.`,
      `Ledger check: once the server has stopped, the database is opened again and asked for the members whose balance is not the sum of their ledger entries (balancesOffTheLedger, server/coins/queries/ledger.ts) or not the unspent coins of their lots (balancesOffTheLots, server/coins/queries/lots.ts), and for the number of 'spent' entries, which must equal the 2xx answers over the whole run, warm-up included.`,
      'CPU per spend: user plus system time of the server process from /proc/<pid>/stat (every thread; with PGlite its worker thread is the database; PostgreSQL\'s own processes are not counted) and of this process (process.cpuUsage()), over the step, per 2xx answer. The load generator shares the 2 cores with the server and its database, so its own delays are in the figures.',
    );
    return {
      table: { headers: ['measure', 'database', 'result', 'target', 'met'], rows: runs.flatMap(runRows) },
      notes,
      data: { members: MEMBERS, openingCoins: OPENING_COINS, runs },
    };
  },
};
