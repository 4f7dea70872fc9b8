import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { users } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { conditionalHeaders } from '../../server/lib/stored-answer';
import { LIKE_BACK_OFF } from '../../server/discovery/like-back';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/plugins/rate-limit';
import { createBareServer, type BareRoute } from './bare-server';
import { recordQueries } from './recorded-queries';
import { REPLAY_ENV, replayKey, type ReplayedAnswers } from './replayed-answers';
import { scratchPglite, scratchPostgres, type ScratchDatabase } from './scratch-databases';

// The server side of the HTTP bench, run in its own Node process (forked by
// bench/lib/forked-server.ts) so the load generator never shares its event
// loop or core. `node server-process.ts ceiling` is a plain node:http
// hello-world, the most one Node process can answer; `replay` sends the app's
// recorded answers byte for byte (replayed-answers.ts); `pglite` / `postgres`
// is the real Orbit app on a scratch seeded database; `bare` answers the
// signed-in rows with node:http and node-postgres running the statements the
// app ran for them (bare-server.ts), on a PostgreSQL database seeded alike.

export type ServerKind = 'ceiling' | 'replay' | 'pglite' | 'postgres' | 'bare';

export interface ServerReady {
  type: 'ready';
  port: number;
  /** A member's session token (app servers only). */
  token?: string;
  /** Seeded people the member may like (app servers only). */
  targetIds?: string[];
  /** Bare servers: per route, the statements it replays (prepared-statement names, or the SQL of unnamed ones). */
  statements?: string[];
}

export type ServerMessage = ServerReady | { type: 'failed'; reason: string };

const LOOPBACK = '127.0.0.1';
const BENCH_JWT_SECRET = 'orbit-bench-secret-not-for-production-0123456789';
const LIKE_TARGETS = 250;

/** Every limit out of reach: the bench measures throughput, not the limiter's refusals. */
function unreachableRateLimits(): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const key of Object.keys(limits) as Array<keyof RateLimits>) limits[key] = { max: 1_000_000_000, windowMs: 60_000 };
  return limits;
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function listen(server: Server): Promise<() => Promise<void>> {
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  send({ type: 'ready', port: (server.address() as AddressInfo).port });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

async function startCeiling(): Promise<() => Promise<void>> {
  const body = JSON.stringify({ hello: 'world' });
  return listen(
    createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    }),
  );
}

async function startReplay(): Promise<() => Promise<void>> {
  const answers = new Map(Object.entries(JSON.parse(process.env[REPLAY_ENV] ?? '{}') as ReplayedAnswers));
  if (answers.size === 0) throw new Error(`${REPLAY_ENV} holds no answers to replay`);
  return listen(
    createServer((request, response) => {
      const answer = answers.get(replayKey(request.url ?? '', conditionalHeaders(request.rawHeaders)['if-none-match'] !== undefined));
      if (!answer) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(answer.status, answer.headers);
      response.end(answer.bodyLatin1, 'latin1');
    }),
  );
}

interface SeededApp {
  scratch: ScratchDatabase;
  app: Awaited<ReturnType<typeof buildApp>>;
  token: string;
  targetIds: string[];
  /** Drops the scratch database and the data directory (the outbox the member's welcome mail went to). */
  dispose: () => Promise<void>;
}

/** The app on a scratch database seeded with the demo people, and a member signed in (not yet listening). */
async function seededApp(kind: 'pglite' | 'postgres'): Promise<SeededApp> {
  const scratch: ScratchDatabase = kind === 'pglite' ? await scratchPglite() : await scratchPostgres();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-bench-'));
  const dispose = async () => {
    await scratch.dispose().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const db = scratch.connection.db;
    await seedDatabase(db, { demo: true });
    const options: BuildAppOptions = {
      config: { jwtSecret: BENCH_JWT_SECRET, mfaSecretKey: 'bench-mfa-key-not-used-for-anything-real', dataDir, databaseUrl: undefined },
      database: scratch.connection,
      rateLimits: unreachableRateLimits(),
      likeBack: LIKE_BACK_OFF,
    };
    const app = await buildApp(options);
    const registration = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'bench_member', email: 'bench_member@bench.invalid', password: 'bench-member-password', age: 29, gender: 'male', acceptTerms: true },
    });
    if (registration.statusCode !== 201) throw new Error(`registering the bench member failed: ${registration.statusCode} ${registration.body}`);
    const { token } = registration.json<{ token: string }>();
    // VIP, as a member who likes thousands of people a minute would need to be: a free member's allowance ends at 50 likes a day.
    await db.update(users).set({ isVip: true, vipTier: 'Gold', vipUntil: null }).where(eq(users.username, 'bench_member'));
    const targets = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isDemo, true), eq(users.role, 'user')))
      .orderBy(asc(users.id))
      .limit(LIKE_TARGETS);
    return { scratch, app, token, targetIds: targets.map((row) => row.id), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function startApp(kind: 'pglite' | 'postgres'): Promise<() => Promise<void>> {
  const { app, token, targetIds, dispose } = await seededApp(kind);
  try {
    await app.listen({ host: LOOPBACK, port: 0 });
    send({ type: 'ready', port: (app.server.address() as AddressInfo).port, token, targetIds });
    // app.close() closes the connection it took over; the scratch database is then dropped.
    return async () => {
      await app.close();
      await dispose();
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Requests of a signed-in route made before the one recorded, so one-off work (first sight of the member) is behind it. */
const REQUESTS_BEFORE_RECORDING = 2;

/** What the app sent to the database for its third request to `path` (a like: of a person not liked before). */
async function recordRoute(seeded: SeededApp, method: 'GET' | 'POST', path: string): Promise<BareRoute> {
  const headers = { authorization: `Bearer ${seeded.token}` };
  const ask = async (targetId: string | undefined) => {
    const response = await seeded.app.inject({ method, url: path, headers, ...(targetId ? { payload: { targetId, type: 'like' } } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${path} answered ${response.statusCode} while recording: ${response.body}`);
  };
  const liking = method === 'POST';
  // The last seeded people: the load generator likes from the first ones on, so these are not reused soon.
  const targetAt = (index: number) => (liking ? seeded.targetIds.at(-1 - index) : undefined);
  for (let index = 0; index < REQUESTS_BEFORE_RECORDING; index += 1) await ask(targetAt(index));
  const recordedTargetId = targetAt(REQUESTS_BEFORE_RECORDING);
  const { queries } = await recordQueries(() => ask(recordedTargetId));
  return { method, path, queries, recordedTargetId };
}

async function startBare(): Promise<() => Promise<void>> {
  const seeded = await seededApp('postgres');
  try {
    const routes = [
      await recordRoute(seeded, 'GET', '/api/users/radar'),
      await recordRoute(seeded, 'GET', '/api/users/spin'),
      await recordRoute(seeded, 'POST', '/api/users/like'),
    ];
    // The app stays built but never listens: its pool, configured as production's, serves the bare server too.
    const server = createBareServer(seeded.scratch.connection.pool, routes, BENCH_JWT_SECRET);
    await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
    const statements = routes.map(({ method, path, queries }) => `${method} ${path}: ${queries.map((query) => query.name ?? query.text).join(', ')}`);
    send({ type: 'ready', port: (server.address() as AddressInfo).port, token: seeded.token, targetIds: seeded.targetIds, statements });
    return async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await seeded.app.close();
      await seeded.dispose();
    };
  } catch (error) {
    await seeded.app.close().catch(() => {});
    await seeded.dispose();
    throw error;
  }
}

async function main(): Promise<void> {
  const kind = process.argv[2] as ServerKind | undefined;
  if (kind !== 'ceiling' && kind !== 'replay' && kind !== 'pglite' && kind !== 'postgres' && kind !== 'bare') throw new Error(`unknown server kind ${String(kind)}`);
  const stop = kind === 'ceiling' ? await startCeiling() : kind === 'replay' ? await startReplay() : kind === 'bare' ? await startBare() : await startApp(kind);
  const shutDown = () => {
    void stop().finally(() => process.exit(0));
  };
  process.on('message', (message) => {
    if (message === 'stop') shutDown();
  });
  // The bench process went away without saying stop: still drop the scratch database.
  process.on('disconnect', shutDown);
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  send({ type: 'failed', reason: cause instanceof Error ? cause.message : String(cause) });
  process.exit(1);
});
