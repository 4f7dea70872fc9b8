import { randomBytes } from 'node:crypto';
import { freePort } from './free-port';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { CALL_RATE_MAX } from '../../contract/calls';
import { REALTIME_PATH } from '../../contract/realtime';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { openDatabase } from '../../server/db/client';
import { ServerProcess } from '../../test/durability/server-process';
import { seedMatchedMembers, type BenchMember } from './realtime-members';

// The calls bench's browser half (bench/parts/calls.ts runs this file in a
// child process, inside a network namespace whose only interface is
// loopback): the real server on a scratch PGlite, Debian's Chromium with a
// fake camera, two matched members with a page each. Per call the caller
// opens /video-call/<callee>, the callee's panel rings, the bench clicks
// Answer, and each page records when its peer connection first decoded a
// remote video frame. `node --import tsx call-first-frame.ts <result file> <calls> <budget ms>`.

export interface FirstFrameCall {
  /** From the Answer click to the first decoded remote video frame on the caller's page, in ms. */
  callerMs: number;
  calleeMs: number;
}

export interface FirstFrameResult {
  calls: FirstFrameCall[];
  /** Calls that did not reach decoded video on both sides within CALL_TIMEOUT_MS (counted as infinitely late). */
  failed: Array<{ call: number; reason: string }>;
  warmupCalls: number;
  chromiumVersion: string;
  /** Whether the time budget ended the run before every call was made. */
  cutShort: boolean;
}

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MEDIA_FLAGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'];
const WARMUP_CALLS = 1;
const CALL_TIMEOUT_MS = 20_000;
/** How often each page asks its peer connection for statistics while waiting for the first frame. */
const STATS_POLL_MS = 10;
/** What one call costs at most (ringing, media, the 2 s redirect after it): no new call starts closer than this to the deadline. */
const CALL_ALLOWANCE_MS = 12_000;
const ADMIN_PASSWORD = 'bench-calls-admin-password-2026';

/**
 * Runs in every page before its scripts: each RTCPeerConnection the page
 * makes is recorded with the time its statistics first show a decoded
 * inbound video frame (polled every STATS_POLL_MS), and the next click after
 * the bench arms it is the Answer time. Times are the epoch in ms
 * (performance.timeOrigin + now), so two pages can be compared.
 */
const CALL_RECORDER = `
  (() => {
    const clock = () => performance.timeOrigin + performance.now();
    const record = { armed: false, clickedAt: null, connections: [] };
    window.__benchCall = record;
    window.addEventListener('click', () => {
      if (!record.armed) return;
      record.armed = false;
      record.clickedAt = clock();
    }, true);
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration) {
        super(configuration);
        const entry = { createdAt: clock(), firstFrameAt: null };
        record.connections.push(entry);
        const poll = () => {
          if (this.connectionState === 'closed') return;
          this.getStats().then((report) => {
            let frames = 0;
            report.forEach((stats) => {
              if (stats.type === 'inbound-rtp' && stats.kind === 'video') frames += stats.framesDecoded || 0;
            });
            if (frames > 0) entry.firstFrameAt = clock();
            else setTimeout(poll, ${STATS_POLL_MS});
          }, () => setTimeout(poll, ${STATS_POLL_MS}));
        };
        setTimeout(poll, ${STATS_POLL_MS});
      }
    };
  })();
`;

interface CallRecord {
  armed: boolean;
  clickedAt: number | null;
  connections: Array<{ createdAt: number; firstFrameAt: number | null }>;
}
type RecordingWindow = Window & { __benchCall: CallRecord };

interface MemberPage {
  member: BenchMember;
  page: Page;
}

/** Resolves once the page's realtime connection is let in (socket.io's "40…" answer on its WebSocket). */
function realtimeJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes(REALTIME_PATH)) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      });
    });
  });
}

async function openMemberPage(browser: Browser, baseUrl: string, member: BenchMember): Promise<MemberPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl });
  await context.addInitScript((token: string) => window.localStorage.setItem('user_token', token), member.token);
  await context.addInitScript(CALL_RECORDER);
  const page = await context.newPage();
  const joined = realtimeJoined(page);
  await page.goto('/users');
  await joined;
  // The member layer (news of messages and calls) is listening once its live region is there.
  await page.getByRole('status', { name: 'New messages' }).waitFor({ state: 'attached' });
  return { member, page };
}

const connectionCount = (page: Page) => page.evaluate(() => (window as unknown as RecordingWindow).__benchCall.connections.length);

/** The first-frame time of the first peer connection the page made since it had `since` of them. */
async function firstFrameAt(page: Page, since: number, timeout: number): Promise<number> {
  const handle = await page.waitForFunction(
    (from: number) => (window as unknown as RecordingWindow).__benchCall.connections.slice(from).find((entry) => entry.firstFrameAt !== null)?.firstFrameAt ?? null,
    since,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** One call from `caller` to `callee`, answered, to decoded video on both sides, then ended (by the caller or the callee) and both back on /users. */
async function oneCall(caller: MemberPage, callee: MemberPage, callerEnds: boolean): Promise<FirstFrameCall> {
  // The callee's page stays (the call opens in it without a reload); the caller's loads afresh, its recorder empty.
  const calleeBefore = await connectionCount(callee.page);
  await caller.page.goto(`/video-call/${callee.member.id}`);
  const panel = callee.page.getByRole('alertdialog', { name: /^Incoming video call from / });
  // A call the server ended at once (busy, unavailable, refused) shows on the caller's screen instead: say which.
  const endedFirst = caller.page.getByRole('region', { name: 'Call ended' }).waitFor({ state: 'visible', timeout: CALL_TIMEOUT_MS }).then(
    async () => `the caller's screen ended the call: ${(await caller.page.getByRole('status').first().textContent().catch(() => null)) ?? '(no status)'}`,
    () => undefined,
  );
  const panelShown = panel.waitFor({ state: 'visible', timeout: CALL_TIMEOUT_MS }).then(
    () => undefined,
    (error: unknown) => `no incoming-call panel for the callee (${failureReason(error)})`,
  );
  const problem = await Promise.race([panelShown, endedFirst.then((reason) => reason ?? panelShown)]);
  if (problem) throw new Error(problem);
  await callee.page.evaluate(() => {
    (window as unknown as RecordingWindow).__benchCall.armed = true;
  });
  await panel.getByRole('button', { name: 'Answer' }).click();
  const answeredAt = await callee.page.evaluate(() => (window as unknown as RecordingWindow).__benchCall.clickedAt);
  if (answeredAt === null) throw new Error('the Answer click was not seen by the page');
  const [callerAt, calleeAt] = await Promise.all([firstFrameAt(caller.page, 0, CALL_TIMEOUT_MS), firstFrameAt(callee.page, calleeBefore, CALL_TIMEOUT_MS)]);
  const ender = callerEnds ? caller : callee;
  await ender.page.getByRole('group', { name: 'Call controls' }).getByRole('button', { name: 'End call' }).click();
  await Promise.all([caller, callee].map(({ page }) => page.getByRole('region', { name: 'Call ended' }).waitFor({ state: 'visible', timeout: CALL_TIMEOUT_MS })));
  // The ended view goes back to Discover after 2 s; the next call starts from there, as a member's would.
  await Promise.all([caller, callee].map(({ page }) => page.waitForURL(/\/users$/, { timeout: CALL_TIMEOUT_MS })));
  return { callerMs: callerAt - answeredAt, calleeMs: calleeAt - answeredAt };
}

/** Back to a known state after a call that failed halfway: both pages on /users with a live connection. */
async function resetPages(pages: readonly MemberPage[]): Promise<void> {
  for (const { page } of pages) {
    const joined = realtimeJoined(page);
    await page.goto('/users');
    await joined;
  }
}

/** Playwright's first line and what it was waiting for. */
function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const lines = error.message.split('\n').map((line) => line.trim());
  const waitingFor = lines.find((line) => line.startsWith('- waiting for'));
  return [lines[0], waitingFor?.slice(2)].filter(Boolean).join(', ');
}

async function measure(callsWanted: number, budgetMs: number): Promise<FirstFrameResult> {
  const deadline = performance.now() + budgetMs;
  const dataDir = mkdtempSync(join(tmpdir(), 'orbit-bench-calls-media-'));
  const jwtSecret = randomBytes(32).toString('hex');
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    // Each member places at most CALL_RATE_MAX - 1 calls (the server's per-caller limit stays as in production): callers take turns over enough pairs.
    const total = WARMUP_CALLS + callsWanted;
    const pairCount = Math.ceil(total / (2 * (CALL_RATE_MAX - 1)));
    const connection = await openDatabase({ dataDir });
    const seeded = await seedMatchedMembers(connection.db, 2 * pairCount, jwtSecret).finally(() => connection.close());
    const port = await freePort();
    server = new ServerProcess({ port, dataDir, adminPassword: ADMIN_PASSWORD, env: { JWT_SECRET: jwtSecret } });
    await server.start();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...MEDIA_FLAGS] });
    const baseUrl = `http://127.0.0.1:${port}`;
    const pairs: Array<[MemberPage, MemberPage]> = [];
    for (const [first, second] of seeded.pairs) pairs.push([await openMemberPage(browser, baseUrl, first), await openMemberPage(browser, baseUrl, second)]);

    const calls: FirstFrameCall[] = [];
    const failed: FirstFrameResult['failed'] = [];
    let made = 0;
    for (; made < total && performance.now() + CALL_ALLOWANCE_MS < deadline; made += 1) {
      // Call k: pair k mod pairs, each pair's members calling in turn, and the side that ends alternating too.
      const pair = pairs[made % pairs.length] as [MemberPage, MemberPage];
      const turn = Math.floor(made / pairs.length);
      const [caller, callee] = turn % 2 === 0 ? pair : ([pair[1], pair[0]] as const);
      // Who ends it alternates per pair too: caller, caller, callee, callee.
      const callerEnds = Math.floor(turn / 2) % 2 === 0;
      const startedAt = performance.now();
      try {
        const call = await oneCall(caller, callee, callerEnds);
        if (made >= WARMUP_CALLS) calls.push(call);
        process.stdout.write(
          `  call ${made + 1 - WARMUP_CALLS}${made < WARMUP_CALLS ? ' (warm-up)' : ''}: caller ${Math.round(call.callerMs)} ms, callee ${Math.round(call.calleeMs)} ms ` +
            `(whole call ${((performance.now() - startedAt) / 1000).toFixed(1)} s)\n`,
        );
      } catch (error) {
        const reason = failureReason(error);
        if (made >= WARMUP_CALLS) failed.push({ call: made + 1 - WARMUP_CALLS, reason });
        process.stdout.write(`  call ${made + 1 - WARMUP_CALLS} failed: ${reason}\n`);
        await resetPages(pair);
      }
    }
    return { calls, failed, warmupCalls: WARMUP_CALLS, chromiumVersion: browser.version(), cutShort: made < total };
  } finally {
    await browser?.close().catch(() => {});
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [resultFile, callsText, budgetText] = process.argv.slice(2);
  const callsWanted = Number(callsText);
  const budgetMs = Number(budgetText);
  if (!resultFile || !Number.isInteger(callsWanted) || callsWanted <= 0 || !Number.isFinite(budgetMs)) {
    throw new Error('usage: call-first-frame.ts <result file> <calls> <budget ms>');
  }
  const result = await measure(callsWanted, budgetMs);
  writeFileSync(resultFile, JSON.stringify(result));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`call-first-frame failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
