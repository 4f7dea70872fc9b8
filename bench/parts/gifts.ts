import { fileURLToPath } from 'node:url';
import { GIFT_RATE_MAX, GIFT_RATE_WINDOW_MS } from '../../contract/gifts';
import { createScratchPostgres, type ScratchPostgres } from '../../scripts/lib/scratch-postgres';
import type { GiftsCheck, GiftsLoadResult, GiftsLoadSettings, GiftsRun } from '../lib/gifts-load';
import { stepPasses } from '../lib/ledger-load';
import { BENCH_POSTGRES_URL } from '../lib/scratch-databases';
import { runInTestHost, whyNoTestHost } from '../lib/test-host-child';
import type { BenchContext, BenchPart, PartOutcome } from './part';

// Gifts to a live host (issue 49): 200 viewers in one stream's audience gift
// its host, open loop in rising steps; the highest rate at which p99 from a
// send to the host's `live:gift` event stays at or under 100 ms, and the
// stream's totals, the stored sends and the ledger exact afterwards. The
// measuring half (bench/lib/gifts-load.ts) runs in a test host, since the
// host publishes real media through werift.

const LOAD_ENTRY = fileURLToPath(new URL('../lib/gifts-load.ts', import.meta.url));
/** The part's own cap, so `--parts gifts` stays near 6 minutes whatever budget run.ts gives it (PGlite and PostgreSQL, half each). */
const PART_BUDGET_MS = 360_000;
/** Where the machine's PostgreSQL server takes connections on its Unix socket, which a network namespace does not cut off. */
const POSTGRES_SOCKET_DIR = process.env.BENCH_POSTGRES_SOCKET_DIR ?? '/var/run/postgresql';
/** Kept back for starting and stopping the processes. */
const CHILD_MARGIN_MS = 15_000;
const VIEWERS = 200;
const STEP_SECONDS = 4;
const P99_LIMIT_MS = 100;

// Up to what 200 viewers may send: each of them at most GIFT_RATE_MAX per GIFT_RATE_WINDOW_MS (10 in 10 s), so 500/s for 4 s is every viewer's whole allowance.
const SETTINGS: GiftsLoadSettings = {
  viewers: VIEWERS,
  warmup: { rate: 20, seconds: 2 },
  rates: [25, 50, 100, 200, 300, 400, 500],
  stepSeconds: STEP_SECONDS,
  p99LimitMs: P99_LIMIT_MS,
  fps: 15,
  packetBytes: 800,
};

type Row = [string, string, string, string, string];

const yesNo = (met: boolean) => (met ? 'yes' : 'no');

/** The scratch database's address through the server's Unix socket (node-postgres reads the socket directory from `host`). */
function socketUrl(scratch: ScratchPostgres): string {
  const tcp = new URL(scratch.url);
  return `postgres://${tcp.username || 'postgres'}@/${scratch.name}?host=${encodeURIComponent(POSTGRES_SOCKET_DIR)}`;
}

const exact = (check: GiftsCheck) =>
  check.totalGifts === check.sent &&
  check.totalCoins === check.sentCoins &&
  check.heard === check.sent &&
  check.storedSends === check.sent &&
  check.storedCoins === check.sentCoins &&
  check.offTheLedger === 0 &&
  check.offTheLots === 0;

function rows(result: GiftsRun): Row[] {
  const last = result.steps.at(-1);
  const ranOut = last !== undefined && stepPasses(last, P99_LIMIT_MS);
  const highest =
    result.highestRate === undefined
      ? `under ${SETTINGS.rates[0]} gifts/s`
      : `${result.highestRate} gifts/s${ranOut ? (result.stoppedBy === 'time' ? ' (the highest step run, cut by the time budget)' : ' (the highest step: every viewer sending at the gift rate limit)') : ''}`;
  const { check } = result;
  return [
    [`gifts per second with p99 send -> host's event <= ${P99_LIMIT_MS} ms and no errors, ${VIEWERS} viewers`, result.database, highest, 'reported', '-'],
    [`  server CPU with the stream and its audience, before any gift`, result.database, `${result.idleServerCpuPercent}% of a core`, 'reported', '-'],
    ...result.steps.map(
      (step): Row => [
        `  ${step.rate} gifts/s for ${step.seconds} s (${step.requests.toLocaleString('en-US')} gifts)`,
        result.database,
        `achieved ${step.achievedRate}/s; p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, max ${step.maxMs} ms; errors ${step.errors}; CPU per gift: server ${step.serverCpuMs} ms, bench ${step.benchCpuMs} ms`,
        `p99 <= ${P99_LIMIT_MS} ms, no errors`,
        yesNo(stepPasses(step, P99_LIMIT_MS)),
      ],
    ),
    [
      "totals afterwards: the stream's totals, the host's events, the stored sends and the ledger against the gifts answered ok",
      result.database,
      `${check.sent.toLocaleString('en-US')} gifts (${check.sentCoins.toLocaleString('en-US')} coins) answered ok; totals ${check.totalGifts.toLocaleString('en-US')} gifts, ${check.totalCoins.toLocaleString('en-US')} coins; ` +
        `${check.heard.toLocaleString('en-US')} heard by the host; ${check.storedSends.toLocaleString('en-US')} stored (${check.storedCoins.toLocaleString('en-US')} coins); ` +
        `${check.offTheLedger} members off the ledger, ${check.offTheLots} off their lots`,
      'all equal, none off',
      yesNo(exact(check)),
    ],
  ];
}

export const giftsPart: BenchPart = {
  name: 'gifts',
  measures: ['server', 'contract', 'bench/parts/gifts.ts', 'bench/lib/gifts-load.ts', 'bench/lib/ledger-load.ts', 'bench/lib/realtime-members.ts', 'bench/lib/test-host-child.ts'],
  description: `${VIEWERS} viewers gifting one live host: the highest rate with p99 from send to the host's event <= ${P99_LIMIT_MS} ms, and the totals exact afterwards`,
  async run(context: BenchContext): Promise<PartOutcome> {
    const noTestHost = whyNoTestHost();
    if (noTestHost) throw new Error(`the gifts bench needs a test host for the host's media: ${noTestHost}`);
    const budgetMs = Math.min(PART_BUDGET_MS, context.deadline - performance.now()) - CHILD_MARGIN_MS;
    const skipped: string[] = [];
    let scratch: ScratchPostgres | undefined;
    try {
      scratch = await createScratchPostgres(BENCH_POSTGRES_URL, 'orbit_bench_gifts');
    } catch (error) {
      skipped.push(`PostgreSQL rows skipped: ${BENCH_POSTGRES_URL} is not reachable (${error instanceof Error ? error.message : String(error)}).`);
    }
    const settings: GiftsLoadSettings = { ...SETTINGS, ...(scratch ? { postgresUrl: socketUrl(scratch) } : {}) };
    context.log(`  ${VIEWERS} viewers, gifts in steps of ${SETTINGS.rates.join(', ')}/s inside a test host (h0/h1), ${Math.round(budgetMs / 1000)} s`);
    let result: GiftsLoadResult;
    try {
      result = await runInTestHost<GiftsLoadResult>((line) => context.log(line), LOAD_ENTRY, [String(Math.round(budgetMs)), JSON.stringify(settings)]);
    } finally {
      await scratch?.drop();
    }
    const notes = [
      ...skipped,
      ...result.runs.flatMap((run) => (run.errorSample ? [`${run.database}: the first gift not answered ok or not heard was ${run.errorSample}.`] : [])),
      `Method: the real server (server/main.ts in its own process, as \`npm start\` runs it, production rate limits) on embedded PGlite in a fresh data directory and on a scratch database of the machine's PostgreSQL (reached through its Unix socket), in a test host: a network namespace with loopback and the h0/h1 veth pair (scripts/test-host-network.mjs), because werift gathers no candidates on loopback; no packet leaves the machine. ` +
        `The host and ${VIEWERS} viewers are written into the database first (bench/lib/realtime-members.ts: user and session rows, tokens signed as sign-in signs them), each viewer granted coins through the ledger (grantOpeningBalances) for every gift the steps can send. ` +
        `The host goes live as the browser does: its socket, POST /api/live/streams with the offer of a werift publisher sending synthetic VP8 at ${SETTINGS.fps} fps (${SETTINGS.packetBytes}-byte packets) and Opus-sized audio (test/support/werift-peer.ts), the publisher connected with the answer, then \`live:host\`. ` +
        `Each viewer opens its own socket (WebSocket) and sends \`live:watch\`, taking an audience seat; the forwarder's offer is left unanswered, so no media goes to viewers (the live part measures forwarding), but every viewer hears every gift event as a watching browser does. ` +
        `Each gift is \`live:gift\` {streamId, the cheapest gift of the starter catalogue, a fresh sendId} from the next viewer in turn, sent open loop at its scheduled time whatever earlier gifts are doing; its latency runs from that time to the host's \`live:gift\` event naming its sendId. A gift answered other than ok, or not heard within 15 s, is an error, never a latency. ` +
        `${SETTINGS.warmup.seconds} s at ${SETTINGS.warmup.rate}/s unmeasured, then ${STEP_SECONDS} s at each of ${SETTINGS.rates.join(', ')} gifts/s until a step's p99 passes ${P99_LIMIT_MS} ms or any gift fails; after each step, a pause of ${GIFT_RATE_WINDOW_MS / 1000} s so every viewer's gift rate (${GIFT_RATE_MAX} per ${GIFT_RATE_WINDOW_MS / 1000} s) is whole again: 500/s for ${STEP_SECONDS} s is every viewer's whole allowance, the most ${VIEWERS} viewers can send. ` +
        `All viewers share the host's address, so every gift is also marked as sent from the host's address (the self-gifting flag), as production does for such a send.`,
      `Totals: after the last step, GET /api/live/streams/:id/gifts (the stream's gifts and coins); once the server has stopped, the database is opened again for the stream's stored sends and their coins, and the members whose balance is not the sum of their ledger entries or not the unspent coins of their lots. All must match the gifts answered ok, warm-up included.`,
      'CPU per gift: user plus system time of the server process from /proc/<pid>/stat (every thread; PGlite runs in it, the PostgreSQL server processes not counted), less what it spent idle with the stream and its audience (read for 3 s before the first gift: the host\'s media through werift, the viewers\' sockets and unanswered offers), and of the measuring process (the publisher, the host and all viewer sockets, which parse every gift event), over the step, per gift heard. Both share the 2 cores, so the load generator\'s own delays are in the figures.',
    ];
    return {
      table: { headers: ['measure', 'database', 'result', 'target', 'met'], rows: result.runs.flatMap(rows) },
      notes,
      data: result,
    };
  },
};
