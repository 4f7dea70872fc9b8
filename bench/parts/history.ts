import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MESSAGE_PAGE_SIZE, type ConversationsResponse, type MessagesResponse } from '../../contract/messaging';
import { createScratchPostgres, type ScratchPostgres } from '../../scripts/lib/scratch-postgres';
import { buildApp, type OrbitApp } from '../../server/app';
import { openDatabase, type DatabaseConnection, type OpenDatabaseOptions } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed/index';
import { conversations, messages } from '../../server/db/schema';
import type { OrbitDatabase } from '../../server/db/types';
import { orderedPair } from '../../server/lib/member-pair';
import { chunked } from '../lib/realtime-load';
import { seedMatchedMembers, type BenchMember } from '../lib/realtime-members';
import { BENCH_POSTGRES_URL } from '../lib/scratch-databases';
import { round, summarise, type LatencySummary } from '../lib/stats';
import type { BenchContext, BenchPart, PartOutcome } from './part';

// A long conversation must open as fast as a short one: messages are read by
// number (the primary key is (conversation_id, seq)), 50 at a time, newest
// first, and scrolling up asks for the page before the oldest one held. Two
// matched pairs, one with 10 messages and one with 10,000 written straight
// into the database, on PGlite and on PostgreSQL; the real app built in this
// process and asked through app.inject, so the figures are the server's own
// work (routing, auth, queries, serialising) without a network or a client.

const SMALL = 10;
const LARGE = 10_000;
const INSERT_BATCH = 1_000;
/** Seconds between two messages: 10,000 of them span about five days. */
const MESSAGE_SPACING_SECONDS = 45;
const TARGET_RATIO = 1.5;

/** What people write in a chat; cycled, so every page holds ordinary short texts. */
const TEXTS = [
  'Hey! How was your weekend?',
  'Pretty good, went hiking with friends',
  'Oh nice, where did you go?',
  'Up in the hills north of the city, the view was amazing',
  'I have been meaning to go there for ages',
  'You should! Early morning is best, before it gets hot',
  'Noted 😄 Are you free Thursday evening?',
  'I think so, what did you have in mind?',
  'There is a little Italian place near the station',
  'Sounds perfect. 7:30?',
  'Works for me. See you there!',
  'Just finished work, running a bit late sorry',
  'No worries, take your time',
  'Did you watch the match last night?',
  'Only the second half, what a finish though',
  'Haha yes, I could not believe it',
];

type Row = [string, string, string, string, string];
type Size = 'small' | 'large';

interface Chat {
  size: number;
  reader: BenchMember;
  peer: BenchMember;
}

interface Measured {
  small: LatencySummary;
  large: LatencySummary;
}

interface DatabaseRun {
  database: string;
  seedMs: number;
  open: Measured;
  scrollUp: Measured;
  list: Measured;
  /** p50 of opening the 10,000-message chat over p50 of opening the 10-message one. */
  openRatio: number;
  /** What the list said each reader had unread (checked against the seeding). */
  unread: Record<Size, number>;
}

/**
 * `size` messages between the two, numbered 1..size, the reader and the peer
 * taking turns (the reader writes the odd numbers, so the newest is the
 * peer's), one a MESSAGE_SPACING_SECONDS apart ending a minute ago, and the
 * conversation row as sending them would have left it. The reader's marks
 * stay at 0: everything the peer wrote is unread.
 */
async function seedConversation(db: OrbitDatabase, chat: Chat, now: Date): Promise<void> {
  const newestAt = now.getTime() - 60_000;
  const at = (seq: number) => new Date(newestAt - (chat.size - seq) * MESSAGE_SPACING_SECONDS * 1000);
  const pair = orderedPair(chat.reader.id, chat.peer.id);
  // The reader's unread counter, as the send transactions keep it: every one of the peer's messages (the even seqs).
  const readerUnread = Math.floor(chat.size / 2);
  const unread = pair.userAId === chat.reader.id ? { userAUnread: readerUnread } : { userBUnread: readerUnread };
  const [conversation] = await db
    .insert(conversations)
    .values({ ...pair, ...unread, lastSeq: chat.size, lastMessageAt: at(chat.size), createdAt: at(1) })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error('conversation insert returned nothing');
  const seqs = Array.from({ length: chat.size }, (_, index) => index + 1);
  for (const batch of chunked(seqs, INSERT_BATCH)) {
    await db.insert(messages).values(
      batch.map((seq) => ({
        conversationId: conversation.id,
        seq,
        // The browser makes a fresh id per message; (sender, id) is unique.
        id: randomUUID(),
        senderId: seq % 2 === 1 ? chat.reader.id : chat.peer.id,
        body: TEXTS[(seq - 1) % TEXTS.length] ?? 'Hi',
        createdAt: at(seq),
      })),
    );
  }
}

function fail(database: string, what: string, problem: string): never {
  throw new Error(`history bench on ${database}: ${what}: ${problem}`);
}

/** One signed-in GET through the app, timed; the check runs after the clock stops. */
async function timedGet(app: OrbitApp, url: string, token: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  const ms = performance.now() - started;
  return { ms, status: response.statusCode, body: response.body };
}

interface Probe {
  url: string;
  token: string;
  /** Throws when the answer is not what the seeding says it must be. */
  check: (status: number, body: string) => void;
}

/**
 * Warm-up runs of both sizes, then rounds of one timed request each, the two
 * sizes alternating which goes first: any drift in the machine's load falls
 * on both alike. Stops at `samples` rounds or at the deadline.
 */
async function measurePair(app: OrbitApp, probes: Record<Size, Probe>, warmup: number, samples: number, deadline: number): Promise<Measured> {
  const times: Record<Size, number[]> = { small: [], large: [] };
  const once = async (size: Size) => {
    const probe = probes[size];
    const answer = await timedGet(app, probe.url, probe.token);
    probe.check(answer.status, answer.body);
    return answer.ms;
  };
  for (let index = 0; index < warmup && performance.now() < deadline; index += 1) {
    await once('small');
    await once('large');
  }
  for (let index = 0; index < samples && performance.now() < deadline; index += 1) {
    const order: Size[] = index % 2 === 0 ? ['small', 'large'] : ['large', 'small'];
    for (const size of order) times[size].push(await once(size));
  }
  return { small: summarise(times.small), large: summarise(times.large) };
}

function messagesCheck(database: string, what: string, expectedSeqs: readonly number[], expectedHasOlder: boolean): (status: number, body: string) => void {
  return (status, body) => {
    if (status !== 200) fail(database, what, `answered ${status}: ${body.slice(0, 200)}`);
    const answer = JSON.parse(body) as MessagesResponse;
    const seqs = answer.messages.map((message) => message.seq);
    if (seqs.length !== expectedSeqs.length || seqs.some((seq, index) => seq !== expectedSeqs[index])) {
      fail(database, what, `expected ${expectedSeqs.length} messages (${expectedSeqs[0] ?? '-'}..${expectedSeqs.at(-1) ?? '-'}), got ${seqs.length} (${seqs[0] ?? '-'}..${seqs.at(-1) ?? '-'})`);
    }
    if (answer.hasOlder !== expectedHasOlder) fail(database, what, `hasOlder ${String(answer.hasOlder)}, expected ${String(expectedHasOlder)}`);
  };
}

/** Numbers from..to inclusive (empty when from > to). */
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

async function measureDatabase(context: BenchContext, database: string, options: OpenDatabaseOptions, dataDir: string, deadline: number): Promise<DatabaseRun> {
  const jwtSecret = randomBytes(32).toString('hex');
  const connection: DatabaseConnection = await openDatabase(options);
  let app: OrbitApp | undefined;
  try {
    const seedStarted = performance.now();
    // The catalogue and settings rows a server start seeds; no demo people.
    await seedDatabase(connection.db, { demo: false });
    const seeded = await seedMatchedMembers(connection.db, 4, jwtSecret);
    const [smallPair, largePair] = seeded.pairs;
    if (!smallPair || !largePair) throw new Error('seedMatchedMembers gave fewer than two pairs');
    const chats: Record<Size, Chat> = {
      small: { size: SMALL, reader: smallPair[0], peer: smallPair[1] },
      large: { size: LARGE, reader: largePair[0], peer: largePair[1] },
    };
    const now = new Date();
    for (const chat of Object.values(chats)) await seedConversation(connection.db, chat, now);
    // A real database holding this much history has long been analysed by autovacuum; without this
    // the planner works from guesses, and PostgreSQL's autovacuum could analyse in the middle of the timing.
    await connection.db.execute(sql`analyze messages`);
    await connection.db.execute(sql`analyze conversations`);
    const seedMs = round(performance.now() - seedStarted, 0);
    context.log(`  ${database}: seeded 2 matched pairs with ${SMALL} and ${LARGE.toLocaleString('en-US')} messages in ${seedMs} ms`);

    app = await buildApp({
      // Production: no demo people, so no demo presence or replies run between the timed requests.
      config: { jwtSecret, mfaSecretKey: 'bench-mfa-key-not-used-for-anything-real', dataDir, databaseUrl: options.databaseUrl, nodeEnv: 'production' },
      database: connection,
      logger: false,
    });
    await app.ready();

    const { warmup, samples } = context.options;
    const messagesUrl = (chat: Chat, query = '') => `/api/conversations/${chat.peer.id}/messages${query}`;
    // Each of the three measures gets an equal share of the time left.
    const share = (left: number) => performance.now() + (deadline - performance.now()) / left;

    // a. Opening the chat: no parameters, the newest page, as the web app asks.
    const newest = (chat: Chat) => range(Math.max(1, chat.size - MESSAGE_PAGE_SIZE + 1), chat.size);
    const openProbe = (chat: Chat): Probe => ({
      url: messagesUrl(chat),
      token: chat.reader.token,
      check: messagesCheck(database, `open ${chat.size}`, newest(chat), chat.size > MESSAGE_PAGE_SIZE),
    });
    const open = await measurePair(app, { small: openProbe(chats.small), large: openProbe(chats.large) }, warmup, samples, share(3));

    // b. Scrolling up: the page before the oldest message of the newest page (nothing, for 10).
    const scrollProbe = (chat: Chat): Probe => {
      const before = newest(chat)[0] ?? 1;
      return {
        url: messagesUrl(chat, `?before=${before}`),
        token: chat.reader.token,
        check: messagesCheck(database, `scroll up ${chat.size}`, range(Math.max(1, before - MESSAGE_PAGE_SIZE), before - 1), before - MESSAGE_PAGE_SIZE > 1),
      };
    };
    const scrollUp = await measurePair(app, { small: scrollProbe(chats.small), large: scrollProbe(chats.large) }, warmup, samples, share(2));

    // c. The conversation list of a reader whose one conversation is the short or the long one.
    const unread: Record<Size, number> = { small: 0, large: 0 };
    const listProbe = (size: Size): Probe => {
      const chat = chats[size];
      return {
        url: '/api/conversations',
        token: chat.reader.token,
        check: (status, body) => {
          const what = `list with ${chat.size}`;
          if (status !== 200) fail(database, what, `answered ${status}: ${body.slice(0, 200)}`);
          const { conversations: listed } = JSON.parse(body) as ConversationsResponse;
          const only = listed[0];
          if (listed.length !== 1 || !only) fail(database, what, `expected 1 conversation, got ${listed.length}`);
          if (only.userId !== chat.peer.id || only.lastSeq !== chat.size || only.lastMessage?.seq !== chat.size) {
            fail(database, what, `expected the conversation with ${chat.peer.id} at ${chat.size}, got ${only.userId} at ${only.lastSeq}`);
          }
          // The peer wrote every even number and the reader has read nothing.
          if (only.unread !== chat.size / 2) fail(database, what, `unread ${only.unread}, expected ${chat.size / 2}`);
          unread[size] = only.unread;
        },
      };
    };
    const list = await measurePair(app, { small: listProbe('small'), large: listProbe('large') }, warmup, samples, share(1));

    return { database, seedMs, open, scrollUp, list, openRatio: round(open.large.medianMs / open.small.medianMs, 2), unread };
  } finally {
    // The app took the connection over and closes it; without an app it is still ours.
    if (app) await app.close();
    else await connection.close();
  }
}

const yesNo = (met: boolean) => (met ? 'yes' : 'no');
const latency = (summary: LatencySummary) => `p50 ${round(summary.medianMs, 2)} ms, p99 ${round(summary.p99Ms, 2)} ms (${summary.samples} samples)`;

function rowsOf(run: DatabaseRun): Row[] {
  const pair = (measure: string, measured: Measured): Row[] => [
    [`${measure}, ${SMALL} messages`, run.database, latency(measured.small), 'reported', '-'],
    [`${measure}, ${LARGE.toLocaleString('en-US')} messages`, run.database, latency(measured.large), 'reported', '-'],
  ];
  return [
    ...pair('open a chat (newest 50)', run.open),
    [
      `open a chat: p50 ${LARGE.toLocaleString('en-US')} / p50 ${SMALL}`,
      run.database,
      `${run.openRatio}`,
      `<= ${TARGET_RATIO}`,
      yesNo(run.openRatio <= TARGET_RATIO),
    ],
    ...pair('scroll up (before=oldest held)', run.scrollUp),
    ...pair('conversation list, one conversation of', run.list),
  ];
}

export const historyPart: BenchPart = {
  name: 'history',
  measures: ['server/messaging', 'server/db', 'bench/parts/history.ts', 'bench/lib/realtime-members.ts'],
  description: `a chat of ${LARGE.toLocaleString('en-US')} messages opens as fast as one of ${SMALL}: newest page, scrolling up and the conversation list, through app.inject`,
  weight: 0.5,
  async run(context): Promise<PartOutcome> {
    const rows: Row[] = [];
    const notes: string[] = [];
    const runs: DatabaseRun[] = [];
    // PGlite gets half the time left; PostgreSQL (or nothing, if it is unreachable) the rest.
    const half = performance.now() + (context.deadline - performance.now()) / 2;

    const pgliteDir = mkdtempSync(join(tmpdir(), 'orbit-bench-history-'));
    try {
      runs.push(await measureDatabase(context, 'PGlite', { dataDir: pgliteDir }, pgliteDir, half));
    } finally {
      rmSync(pgliteDir, { recursive: true, force: true });
    }

    let scratch: ScratchPostgres | undefined;
    try {
      scratch = await createScratchPostgres(BENCH_POSTGRES_URL, 'orbit_bench_history');
    } catch (error) {
      notes.push(`PostgreSQL rows skipped: ${BENCH_POSTGRES_URL} is not reachable (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (scratch) {
      // Photos would go under dataDir; none are stored here, but the app wants one.
      const dataDir = mkdtempSync(join(tmpdir(), 'orbit-bench-history-pg-'));
      try {
        runs.push(await measureDatabase(context, 'PostgreSQL', { databaseUrl: scratch.url }, dataDir, context.deadline));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await scratch.drop();
      }
    }

    for (const run of runs) {
      rows.push(...rowsOf(run));
      context.log(`  ${run.database}: open p50 ${run.open.small.medianMs} ms (${SMALL}) vs ${run.open.large.medianMs} ms (${LARGE.toLocaleString('en-US')}): ratio ${run.openRatio}`);
    }
    if (runs.length > 0) {
      const listRatios = runs.map((run) => `${run.database} ${round(run.list.large.medianMs / run.list.small.medianMs, 2)}`).join(', ');
      notes.push(
        `The long chat's answers carry ${MESSAGE_PAGE_SIZE} messages and the short one's ${SMALL} (scrolling up: ${MESSAGE_PAGE_SIZE} and none), so part of each gap is the bigger answer, not the longer history. ` +
          `The list's gap is its unread count, a count(*) on every request over the messages after the reader's read mark (${(LARGE / 2).toLocaleString('en-US')} of the peer's here): it grows with what is unread, not with the history's length (p50 ${LARGE.toLocaleString('en-US')} / ${SMALL}: ${listRatios}). ` +
          "The first list request of each reader marks the peer's newest message delivered (a write); that falls in the warm-up, so the timed ones only read.",
      );
    }
    notes.unshift(
      `Two matched pairs (members, sessions and signed tokens as bench/lib/realtime-members.ts writes them), one with a conversation of ${SMALL} messages, one with ${LARGE.toLocaleString('en-US')}, ` +
        `inserted straight into the database (numbers 1..N, the two members taking turns, short everyday texts ${MESSAGE_SPACING_SECONDS} s apart, the conversation row's last number and time as sending would leave them; ` +
        `the reader has read nothing, so the list counts ${SMALL / 2} and ${(LARGE / 2).toLocaleString('en-US')} unread), then ANALYZE; on PGlite in a scratch data directory and on a scratch PostgreSQL database.`,
      `The real app (buildApp, production settings) in this process, asked with app.inject as the reader, signed in: no network and no client, so the figures are the server's own work. ` +
        `Open: GET /api/conversations/<peer>/messages with no parameters (the newest ${MESSAGE_PAGE_SIZE}, what the web app asks when a chat opens); scroll up: ?before=<the oldest number of that page>; list: GET /api/conversations. ` +
        `Every answer is checked (200, the expected numbers, hasOlder, the unread count) after its clock stops.`,
      `Per measure: ${context.options.warmup} warm-up requests of each size, then up to ${context.options.samples} timed rounds of one request of each size, the two sizes taking turns to go first, so the machine's drifting load falls on both alike (fewer when the time budget runs out).`,
    );
    return { table: { headers: ['measure', 'database', 'result', 'target', 'met'], rows }, notes, data: { small: SMALL, large: LARGE, targetRatio: TARGET_RATIO, runs } };
  },
};
