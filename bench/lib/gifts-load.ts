import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { count, eq, sum } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { GIFT_RATE_MAX, GIFT_RATE_WINDOW_MS, type GiftOffersResponse, type LiveGiftEvent, type StreamGiftsResponse } from '../../contract/gifts';
import type { GoLiveResponse } from '../../contract/live';
import type { CommandAnswer } from '../../contract/realtime';
import { grantOpeningBalances } from '../../server/coins/ledger';
import { balancesOffTheLedger } from '../../server/coins/queries/ledger';
import { balancesOffTheLots } from '../../server/coins/queries/lots';
import { openDatabase, type OpenDatabaseOptions } from '../../server/db/client';
import { giftSends } from '../../server/db/schema';
import { DEFAULT_GIFTS } from '../../server/db/seed/catalogue';
import { ServerProcess } from '../../test/durability/server-process';
import { createSyntheticPublisher, type SyntheticPublisher } from '../../test/support/werift-peer';
import { inPool, openSocket, request } from '../parts/realtime';
import { freePort } from './free-port';
import { coinsPerMember, highestPassingRate, openLoop, stepPasses, summariseStep, type Answer, type LoadStep, type StepSummary } from './ledger-load';
import { parseStatCpuMs } from './realtime-load';
import { seedMatchedMembers, type BenchMember } from './realtime-members';
import { round } from './stats';

// The gifts bench's measuring half (bench/parts/gifts.ts runs it in a test
// host: the host publishes real media through werift, which gathers no
// candidates on loopback). The real server (server/main.ts in its own
// process, embedded database); one host live with a werift publisher; N
// viewers in its audience, each on a socket of its own; gifts sent open loop
// in rising steps, each timed from its scheduled send to the host's
// `live:gift` event; then the stream's totals and the ledger checked.
//   node --import tsx gifts-load.ts <result file> <budget ms> <settings json>

export interface GiftsLoadSettings {
  viewers: number;
  warmup: LoadStep;
  /** Gifts per second, ascending. */
  rates: number[];
  stepSeconds: number;
  p99LimitMs: number;
  /** The host's camera, as the synthetic publisher sends it. */
  fps: number;
  packetBytes: number;
  /** A scratch PostgreSQL database reached through its Unix socket (the test host's network cannot reach the server's TCP port); unset: PGlite only. */
  postgresUrl?: string;
}

export type GiftsDatabase = 'PGlite' | 'PostgreSQL';

export interface GiftStep extends StepSummary {
  /**
   * CPU per gift heard, in ms: the server process (every thread, PGlite's worker included) beyond what it spends
   * idle with the stream and its audience (idleServerCpuPercent), and this process (the publisher, the host and
   * every viewer's socket).
   */
  serverCpuMs: number;
  benchCpuMs: number;
}

export interface GiftsCheck {
  /** Gifts answered ok over the whole run (warm-up included), and the coins they cost. */
  sent: number;
  sentCoins: number;
  /** The stream's totals as GET /live/streams/:id/gifts gave them after the last step. */
  totalGifts: number;
  totalCoins: number;
  /** Distinct sendIds the host heard. */
  heard: number;
  /** Stored sends of the stream and their coins, read from the database once the server stopped. */
  storedSends: number;
  storedCoins: number;
  offTheLedger: number;
  offTheLots: number;
}

export interface GiftsRun {
  database: GiftsDatabase;
  /** The server's CPU, in % of one core, with the host publishing and the audience seated, before any gift. */
  idleServerCpuPercent: number;
  warmup: GiftStep;
  steps: GiftStep[];
  highestRate: number | undefined;
  stoppedBy: 'failed' | 'last step' | 'time';
  errorSample: string | null;
  check: GiftsCheck;
}

export interface GiftsLoadResult {
  settings: GiftsLoadSettings;
  gift: { name: string; coins: number };
  runs: GiftsRun[];
}

/** How long a sent gift may take to reach the host before it counts as lost. */
const HEAR_TIMEOUT_MS = 15_000;
const CONNECT_CONCURRENCY = 20;
/** How long the server's idle CPU is read for, before the first gift. */
const IDLE_WINDOW_MS = 3_000;
const ADMIN_PASSWORD = 'bench-gifts-admin-password-2026';
/** Past the gift rate's window since a step's last send, so every viewer starts the next step with its whole allowance. */
const RATE_WINDOW_PAUSE_MS = GIFT_RATE_WINDOW_MS + 500;

const log = (message: string) => process.stdout.write(`${message}\n`);

async function command(socket: Socket, name: string, payload: unknown): Promise<CommandAnswer> {
  return (await socket.timeout(60_000).emitWithAck(name, payload)) as CommandAnswer;
}

function expectOk(answer: CommandAnswer, what: string): void {
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${answer.message}`);
}

/** Every step (warm-up included) must let each viewer, dealt gifts round-robin, stay within the product's gift rate. */
function checkRates(settings: GiftsLoadSettings): void {
  for (const step of [settings.warmup, ...settings.rates.map((rate) => ({ rate, seconds: settings.stepSeconds }))]) {
    const perViewer = Math.ceil((step.rate * step.seconds) / settings.viewers);
    if (perViewer > GIFT_RATE_MAX) throw new Error(`${step.rate} gifts/s for ${step.seconds} s is ${perViewer} per viewer, over the rate of ${GIFT_RATE_MAX} per ${GIFT_RATE_WINDOW_MS / 1000} s`);
  }
}

/** The cheapest gift of the starter catalogue: the most gifts for the coins. */
function cheapestGift(): { name: string; coins: number } {
  const [cheapest] = [...DEFAULT_GIFTS].sort((first, second) => first.priceCoins - second.priceCoins);
  if (!cheapest) throw new Error('the starter catalogue has no gifts');
  return { name: cheapest.name, coins: cheapest.priceCoins };
}

/** The host and the viewers, written into the embedded database before the server opens it, each viewer granted enough coins for every step. */
async function seed(options: OpenDatabaseOptions, settings: GiftsLoadSettings, jwtSecret: string, coins: number): Promise<{ host: BenchMember; viewers: BenchMember[] }> {
  const connection = await openDatabase(options);
  try {
    // Members come in matched pairs: one more than needed when the count is odd.
    const wanted = settings.viewers + 1;
    const { members } = await seedMatchedMembers(connection.db, wanted + (wanted % 2), jwtSecret);
    const [host, ...rest] = members;
    if (!host) throw new Error('no members were seeded');
    const viewers = rest.slice(0, settings.viewers);
    await connection.db.transaction((tx) => grantOpeningBalances(tx, viewers.map((viewer) => ({ userId: viewer.id, amount: coins })), 'Bench opening balance', 'bench-gifts'));
    return { host, viewers };
  } finally {
    await connection.close();
  }
}

async function storedFacts(options: OpenDatabaseOptions, streamId: string): Promise<Pick<GiftsCheck, 'storedSends' | 'storedCoins' | 'offTheLedger' | 'offTheLots'>> {
  const connection = await openDatabase(options);
  try {
    const [stored] = await connection.db
      .select({ sends: count(), coins: sum(giftSends.coins).mapWith(Number) })
      .from(giftSends)
      .where(eq(giftSends.streamId, streamId));
    return {
      storedSends: stored?.sends ?? 0,
      storedCoins: stored?.coins ?? 0,
      offTheLedger: (await balancesOffTheLedger(connection.db)).length,
      offTheLots: (await balancesOffTheLots(connection.db)).length,
    };
  } finally {
    await connection.close();
  }
}

/** One database's run: seed, start the server, go live, fill the audience, send the steps, then check. */
async function runOn(database: GiftsDatabase, options: OpenDatabaseOptions & { dataDir: string }, settings: GiftsLoadSettings, gift: { name: string; coins: number }, deadline: number): Promise<GiftsRun> {
  const steps: LoadStep[] = settings.rates.map((rate) => ({ rate, seconds: settings.stepSeconds }));
  const openingCoins = coinsPerMember([settings.warmup, ...steps], settings.viewers, gift.coins);
  const jwtSecret = randomBytes(32).toString('hex');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const sockets: Socket[] = [];
  let publisher: SyntheticPublisher | undefined;
  let server: ServerProcess | undefined;
  try {
    log(`  ${database}: seeding a host and ${settings.viewers} viewers with ${openingCoins} coins each`);
    const { host, viewers } = await seed(options, settings, jwtSecret, openingCoins);
    const port = await freePort();
    server = new ServerProcess({ port, dataDir: options.dataDir, databaseUrl: options.databaseUrl, adminPassword: ADMIN_PASSWORD, env: { JWT_SECRET: jwtSecret } });
    await server.start();
    const serverPid = server.pid ?? 0;
    const offers = await request(agent, port, 'GET', '/api/gifts', host.token);
    const offer = (JSON.parse(offers.body) as GiftOffersResponse).gifts.find((candidate) => candidate.name === gift.name);
    if (!offer || offer.price !== gift.coins) throw new Error(`the catalogue has no ${gift.name} at ${gift.coins} coins: ${offers.status} ${offers.body.slice(0, 200)}`);

    // The host goes live as the browser does: its socket first, then the stream with a real offer, then the claim.
    const hostSocket = await openSocket(port, host.token);
    sockets.push(hostSocket);
    publisher = await createSyntheticPublisher({ frameRate: settings.fps, packetsPerFrame: 1, packetBytes: settings.packetBytes, audio: true });
    const live = await request(agent, port, 'POST', '/api/live/streams', host.token, { title: 'Bench stream', offer: publisher.offerSdp });
    if (live.status !== 201) throw new Error(`going live: ${live.status} ${live.body.slice(0, 200)}`);
    const { stream, answer } = JSON.parse(live.body) as GoLiveResponse;
    await publisher.accept(answer, 15_000);
    expectOk(await command(hostSocket, 'live:host', { streamId: stream.id }), 'claiming the stream');

    const heardAt = new Map<string, (at: number) => void>();
    const heard = new Set<string>();
    hostSocket.on('live:gift', (event: LiveGiftEvent) => {
      heard.add(event.gift.sendId);
      heardAt.get(event.gift.sendId)?.(performance.now());
    });

    log(`  ${database}: ${settings.viewers} viewers joining the audience`);
    const viewerSockets: Socket[] = [];
    await inPool(viewers, CONNECT_CONCURRENCY, async (viewer) => {
      const socket = await openSocket(port, viewer.token);
      sockets.push(socket);
      // The offer the forwarder makes is left unanswered: the viewer holds an audience seat without the media (the live part measures forwarding).
      expectOk(await command(socket, 'live:watch', { streamId: stream.id }), 'watching');
      viewerSockets.push(socket);
    });

    let errorSample = null as string | null;
    let sent = 0;
    const send = async (scheduledAt: number, index: number): Promise<Answer> => {
      const socket = viewerSockets[index % viewerSockets.length] as Socket;
      const sendId = randomUUID();
      const heardThen = new Promise<number>((resolve) => heardAt.set(sendId, resolve));
      try {
        const answered = await command(socket, 'live:gift', { streamId: stream.id, giftId: offer._id, sendId });
        if (!answered.ok) {
          errorSample ??= `${answered.status} ${answered.message}`;
          return { status: answered.status, latencyMs: 0, answeredAt: performance.now() };
        }
        sent += 1;
        const at = await Promise.race([heardThen, delay(HEAR_TIMEOUT_MS, null)]);
        if (at === null) {
          errorSample ??= `answered ok but the host heard nothing within ${HEAR_TIMEOUT_MS / 1000} s`;
          return { status: 0, latencyMs: 0, answeredAt: performance.now() };
        }
        return { status: 200, latencyMs: at - scheduledAt, answeredAt: at };
      } catch (error) {
        errorSample ??= error instanceof Error ? error.message : String(error);
        return { status: 0, latencyMs: 0, answeredAt: performance.now() };
      } finally {
        heardAt.delete(sendId);
      }
    };

    const serverCpu = () => parseStatCpuMs(readFileSync(`/proc/${serverPid}/stat`, 'utf8'));
    // What the server spends with no gift (the host's media through werift, the audience's sockets and offers), so a step's CPU per gift is the gifts' own.
    const idleStartedAt = performance.now();
    const idleBefore = serverCpu();
    await delay(IDLE_WINDOW_MS);
    const idleShare = (serverCpu() - idleBefore) / (performance.now() - idleStartedAt);
    log(`  ${database}: server idle with the stream and its audience: ${round(100 * idleShare, 1)}% of a core`);

    const measured = async (step: LoadStep): Promise<GiftStep> => {
      const startedWall = performance.now();
      const serverBefore = serverCpu();
      const benchBefore = process.cpuUsage();
      const { startedAt, results } = await openLoop(step, send);
      const bench = process.cpuUsage(benchBefore);
      const serverBusy = serverCpu() - serverBefore - idleShare * (performance.now() - startedWall);
      const summary = summariseStep(step, startedAt, results);
      const perGift = (ms: number) => round(ms / Math.max(1, summary.succeeded), 2);
      const result = { ...summary, serverCpuMs: perGift(Math.max(0, serverBusy)), benchCpuMs: perGift((bench.user + bench.system) / 1000) };
      await delay(RATE_WINDOW_PAUSE_MS);
      return result;
    };

    const warmup = await measured(settings.warmup);
    const done: GiftStep[] = [];
    let stoppedBy: GiftsRun['stoppedBy'] = 'last step';
    for (const step of steps) {
      if (performance.now() + step.seconds * 1000 + RATE_WINDOW_PAUSE_MS + 10_000 > deadline) {
        stoppedBy = 'time';
        log(`  ${database}: out of time before ${step.rate} gifts/s`);
        break;
      }
      const result = await measured(step);
      done.push(result);
      log(
        `  ${database}: ${step.rate} gifts/s: achieved ${result.achievedRate}/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, errors ${result.errors}` +
          `${result.errors && errorSample ? ` (${errorSample})` : ''}; CPU per gift: server ${result.serverCpuMs} ms, bench ${result.benchCpuMs} ms`,
      );
      if (!stepPasses(result, settings.p99LimitMs)) {
        stoppedBy = 'failed';
        break;
      }
    }

    const totals = await request(agent, port, 'GET', `/api/live/streams/${stream.id}/gifts`, host.token);
    const { totals: streamTotals } = JSON.parse(totals.body) as StreamGiftsResponse;
    for (const socket of sockets) socket.close();
    await publisher.close();
    publisher = undefined;
    // Gracefully, so PGlite's files are whole when the check opens them.
    await server.stopGracefully();
    await server.kill();
    server = undefined;
    const check: GiftsCheck = {
      sent,
      sentCoins: sent * gift.coins,
      totalGifts: streamTotals.gifts,
      totalCoins: streamTotals.coins,
      heard: heard.size,
      ...(await storedFacts(options, stream.id)),
    };
    return { database, idleServerCpuPercent: round(100 * idleShare, 1), warmup, steps: done, highestRate: highestPassingRate(done, settings.p99LimitMs), stoppedBy, errorSample, check };
  } finally {
    for (const socket of sockets) socket.close();
    agent.destroy();
    await publisher?.close();
    await server?.kill();
  }
}

async function main(): Promise<void> {
  const [resultFile, budgetText, settingsText] = process.argv.slice(2);
  if (!resultFile || !budgetText || !settingsText) throw new Error('usage: gifts-load.ts <result file> <budget ms> <settings json>');
  const settings = JSON.parse(settingsText) as GiftsLoadSettings;
  const endBy = performance.now() + Number(budgetText);
  checkRates(settings);
  const gift = cheapestGift();
  const databases: Array<[GiftsDatabase, string | undefined]> = [['PGlite', undefined]];
  if (settings.postgresUrl) databases.push(['PostgreSQL', settings.postgresUrl]);
  const runs: GiftsRun[] = [];
  for (const [index, [database, databaseUrl]] of databases.entries()) {
    // Each database gets an equal share of the time that is left.
    const deadline = performance.now() + (endBy - performance.now()) / (databases.length - index);
    const dataDir = mkdtempSync(join(tmpdir(), 'orbit-bench-gifts-'));
    try {
      runs.push(await runOn(database, { dataDir, databaseUrl }, settings, gift, deadline));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const result: GiftsLoadResult = { settings, gift, runs };
  writeFileSync(resultFile, JSON.stringify(result));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`gifts bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
