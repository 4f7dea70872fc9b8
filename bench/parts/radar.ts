import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import type { OrbitDatabase } from '../../server/db/types';
import { findNearbyUsers, nearbyUsersQuery } from '../../server/discovery/radar-query';
import { measure, round, type LatencySummary } from '../lib/stats';
import { scratchPglite, scratchPostgres, type ScratchDatabase } from '../lib/scratch-databases';
import type { BenchContext, BenchPart, PartOutcome } from './part';

// The radar query on a big table: 100,000 people (most in 20 cities, one in seven
// scattered over the world), on PGlite and on PostgreSQL. Each query is timed
// alone; the plain primary-key lookup measured in the same run is the yardstick,
// so the ratio says what the radar costs compared to the cheapest indexed read.

const CITIES = [
  [19.076, 72.8777],
  [28.6139, 77.209],
  [12.9716, 77.5946],
  [51.5072, -0.1276],
  [40.7128, -74.006],
  [48.8566, 2.3522],
  [35.6762, 139.6503],
  [-33.8688, 151.2093],
  [-23.5505, -46.6333],
  [6.5244, 3.3792],
  [30.0444, 31.2357],
  [55.7558, 37.6173],
  [1.3521, 103.8198],
  [34.0522, -118.2437],
  [19.4326, -99.1332],
  [41.0082, 28.9784],
  [-34.6037, -58.3816],
  [37.5665, 126.978],
  [52.52, 13.405],
  [25.2048, 55.2708],
] as const;

const MUMBAI = { latitude: 19.076, longitude: 72.8777 };
const PK_SAMPLE_IDS = 1000;

/** One INSERT ... SELECT: deterministic positions (a hash of the row number), so every run seeds the same people. */
function seedStatement(count: number) {
  const cityRows = CITIES.map(([lat, lon], index) => `(${index}, ${lat}, ${lon})`).join(', ');
  return sql.raw(`
    insert into users (username, email, password_hash, name, age, gender, region, interests, latitude, longitude, is_online, last_seen_at, is_demo)
    select 'bench_' || g, 'bench_' || g || '@bench.invalid', 'not-a-password-hash', 'Bench Person ' || g,
      18 + (g % 42), (array['female', 'male', 'other'])[1 + g % 3]::gender, 'City ' || (g % ${CITIES.length}), array['Coffee', 'Travel'],
      case when g % 7 = 3 then -55 + ((g * 7919) % 120000) / 1000.0 else c.lat + (((g * 104729) % 6000) / 10000.0 - 0.3) end,
      case when g % 7 = 3 then -180 + ((g * 15485863) % 360000) / 1000.0 else c.lon + (((g * 1299709) % 6000) / 10000.0 - 0.3) end,
      g % 3 = 0, now() - (g % 1000) * interval '1 minute', true
    from generate_series(1::bigint, ${count}::bigint) as g
    join (values ${cityRows}) as c(idx, lat, lon) on c.idx = g % ${CITIES.length}
  `);
}

/** A centre near Mumbai that moves a little with each query, so no answer is cached. */
function centreFor(iteration: number) {
  const angle = iteration * 2.399963;
  const reach = 0.05 + (iteration % 7) * 0.01;
  return { latitude: MUMBAI.latitude + reach * Math.sin(angle), longitude: MUMBAI.longitude + reach * Math.cos(angle) };
}

function planRows(result: unknown): string {
  const rows = (result as { rows?: Array<Record<string, unknown>> }).rows ?? [];
  return rows.map((row) => String(Object.values(row)[0])).join('\n');
}

export interface RadarDriverResult {
  driver: 'pglite' | 'postgres';
  users: number;
  seedMs: number;
  /** The query plan names the GiST earthdistance index. */
  usesLocationIndex: boolean;
  /** People within the 50 km search box (how crowded the area is; the query itself reads only the nearest few). */
  candidatesIn50KmBox: number;
  primaryKeyLookup: LatencySummary;
  radar50Km: LatencySummary;
  radar5Km: LatencySummary;
  /** radar (50 km) median and p99 divided by the primary-key lookup's. */
  ratioMedian: number;
  ratioP99: number;
}

async function runOnDatabase(scratch: ScratchDatabase, context: BenchContext, deadline: number): Promise<RadarDriverResult> {
  const db: OrbitDatabase = scratch.connection.db;
  const seedStarted = performance.now();
  await db.execute(seedStatement(context.options.users));
  await db.execute(sql`analyze users`);
  const seedMs = round(performance.now() - seedStarted, 0);
  context.log(`  ${scratch.driver}: seeded ${context.options.users.toLocaleString('en-US')} people in ${(seedMs / 1000).toFixed(1)} s`);

  const sampleIds = (await db.select({ id: users.id }).from(users).limit(PK_SAMPLE_IDS)).map((row) => row.id);
  const plan = planRows(await db.execute(sql`explain ${nearbyUsersQuery(db, { centre: MUMBAI, radiusKm: 50, limit: 20 })}`));
  const [box] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`earth_box(ll_to_earth(${MUMBAI.latitude}::float8, ${MUMBAI.longitude}::float8), 52000::float8) @> ll_to_earth(${users.latitude}, ${users.longitude})`);

  const settings = { warmup: context.options.warmup, maxSamples: context.options.samples };
  // Each of the three queries gets an equal share of the time left for this database.
  const share = (left: number) => performance.now() + Math.max(0, (deadline - performance.now()) / left);
  const primaryKeyLookup = await measure(
    (iteration) =>
      db
        .select({ id: users.id, username: users.username, name: users.name, age: users.age, avatar: users.avatar, region: users.region, isOnline: users.isOnline })
        .from(users)
        .where(eq(users.id, sampleIds[iteration % sampleIds.length] ?? ''))
        .limit(1),
    { ...settings, deadline: share(3) },
  );
  const radar50Km = await measure((iteration) => findNearbyUsers(db, { centre: centreFor(iteration), radiusKm: 50, limit: 20 }), { ...settings, deadline: share(2) });
  const radar5Km = await measure((iteration) => findNearbyUsers(db, { centre: centreFor(iteration), radiusKm: 5, limit: 20 }), { ...settings, deadline: share(1) });

  return {
    driver: scratch.driver,
    users: context.options.users,
    seedMs,
    usesLocationIndex: plan.includes('users_location_gist_idx'),
    candidatesIn50KmBox: Number(box?.count ?? 0),
    primaryKeyLookup,
    radar50Km,
    radar5Km,
    ratioMedian: round(radar50Km.medianMs / primaryKeyLookup.medianMs, 1),
    ratioP99: round(radar50Km.p99Ms / primaryKeyLookup.p99Ms, 1),
  };
}

export const radarPart: BenchPart = {
  name: 'radar',
  description: 'the GET /users/radar query vs a primary-key lookup on a seeded users table, PGlite and PostgreSQL',
  async run(context): Promise<PartOutcome> {
    const results: RadarDriverResult[] = [];
    const skipped: Array<{ driver: string; reason: string }> = [];
    const openers = [
      { driver: 'pglite', open: scratchPglite },
      { driver: 'postgres', open: scratchPostgres },
    ] as const;
    for (const [index, { driver, open }] of openers.entries()) {
      // Each database gets an equal share of what is left of this part's budget.
      const deadline = performance.now() + (context.deadline - performance.now()) / (openers.length - index);
      let scratch: ScratchDatabase | undefined;
      try {
        scratch = await open();
        results.push(await runOnDatabase(scratch, context, deadline));
      } catch (error) {
        // Drizzle wraps driver errors with the whole SQL; the cause says what went wrong.
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        const reason = cause instanceof Error ? cause.message : String(cause);
        context.log(`  ${driver}: skipped (${reason})`);
        skipped.push({ driver, reason });
      } finally {
        await scratch?.dispose().catch(() => {});
      }
    }
    const row = (result: RadarDriverResult, name: string, latency: LatencySummary, ratio: string) => [
      result.driver,
      name,
      latency.samples,
      latency.medianMs,
      latency.p99Ms,
      ratio,
    ];
    return {
      table: {
        headers: ['database', 'query', 'samples', 'median ms', 'p99 ms', 'x pk (median / p99)'],
        rows: results.flatMap((result) => [
          row(result, 'primary-key lookup', result.primaryKeyLookup, '1 / 1'),
          row(result, `radar 50 km (${result.candidatesIn50KmBox.toLocaleString('en-US')} around)`, result.radar50Km, `${result.ratioMedian} / ${result.ratioP99}`),
          row(
            result,
            'radar 5 km',
            result.radar5Km,
            `${round(result.radar5Km.medianMs / result.primaryKeyLookup.medianMs, 1)} / ${round(result.radar5Km.p99Ms / result.primaryKeyLookup.p99Ms, 1)}`,
          ),
        ]),
      },
      notes: [
        ...results.map((result) => `${result.driver}: seeded in ${(result.seedMs / 1000).toFixed(1)} s; plan uses users_location_gist_idx: ${result.usesLocationIndex ? 'yes' : 'NO'}`),
        ...skipped.map((entry) => `${entry.driver}: skipped — ${entry.reason}`),
      ],
      data: { results, skipped },
    };
  },
};
