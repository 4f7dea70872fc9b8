import { sql } from 'drizzle-orm';
import type { OrbitDatabase } from '../../server/db/types';
import type { GeoPoint } from '../../server/discovery/geo';

// The people the radar bench searches: most in 20 cities (a 0.6 degree square
// around each centre), one in seven scattered over the world.

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

/** The radar's searches move around Mumbai (the Home radar's fixed point). */
export const MUMBAI: GeoPoint = { latitude: 19.076, longitude: 72.8777 };
/** Adding more rows than this rebuilds the indexes afterwards instead of growing them row by row. */
const REBUILD_INDEXES_ABOVE_ROWS = 50_000;

/**
 * Two fractions in [0, 1) per row number: a two-dimensional Weyl sequence
 * (steps of the golden ratio and of the square root of two, in 32-bit fixed
 * point), so every person stands somewhere of their own and a city fills its
 * square evenly, as real members would. Plain multiplicative hashes modulo a
 * round number put a whole city on a few hundred spots instead.
 */
const WEYL_LAT = '(((g * 2654435769) % 4294967296) / 4294967296.0)';
const WEYL_LON = '(((g * 1779033703) % 4294967296) / 4294967296.0)';

/**
 * More fractions in [0, 1) per row number, one per multiplier (Weyl
 * sequences again): who is online, ages and preferences drawn from these are
 * independent of the city (g % 20), gender (g % 3) and scattering (g % 7),
 * which `g % 3 = 0` and `g % 42` were not (every woman was online, and every
 * woman of 42 stood somewhere at random).
 */
const weyl = (multiplier: number) => `(((g * ${multiplier}) % 4294967296) / 4294967296.0)`;

/**
 * Who each person wants to meet (issue 35), as the demo people do: seven in
 * ten the other gender (people of gender other: everyone), two everyone, one
 * their own; an age range round their own (one in eight any age); a quarter
 * within 25 km, a quarter within 100 km, half anywhere.
 */
const PREFERENCES = `
  (case when ${weyl(3266489917)} < 0.7 then (array['men', 'women', 'everyone'])[1 + g % 3]
        when ${weyl(3266489917)} < 0.9 then 'everyone'
        else (array['women', 'men', 'everyone'])[1 + g % 3] end)::show_me,
  case when ${weyl(668265263)} < 0.125 then 18 else greatest(18, a.age - 2 - floor(7 * ${weyl(374761393)})::int) end,
  case when ${weyl(668265263)} < 0.125 then 99 else least(99, a.age + 3 + floor(10 * ${weyl(2869860233)})::int) end,
  case when ${weyl(2246822519)} < 0.25 then 25 when ${weyl(2246822519)} < 0.5 then 100 end`;

/**
 * One INSERT ... SELECT of people number `from` to `to`: positions are a hash
 * of the row number, so every run (and every growth step) seeds the same people.
 */
function seedStatement(from: number, to: number) {
  const cityRows = CITIES.map(([lat, lon], index) => `(${index}, ${lat}, ${lon})`).join(', ');
  return sql.raw(`
    insert into users (username, email, password_hash, name, age, gender, region, interests, latitude, longitude, is_online, last_seen_at, is_demo,
      show_me, pref_min_age, pref_max_age, pref_max_distance_km)
    select 'bench_' || g, 'bench_' || g || '@bench.invalid', 'not-a-password-hash', 'Bench Person ' || g,
      a.age, (array['female', 'male', 'other'])[1 + g % 3]::gender, 'City ' || (g % ${CITIES.length}), array['Coffee', 'Travel'],
      case when g % 7 = 3 then -55 + 120 * ${WEYL_LAT} else c.lat + 0.6 * ${WEYL_LAT} - 0.3 end,
      case when g % 7 = 3 then -180 + 360 * ${WEYL_LON} else c.lon + 0.6 * ${WEYL_LON} - 0.3 end,
      ${weyl(3735928559)} < 0.3, now() - (g % 1000) * interval '1 minute', true,
      ${PREFERENCES}
    from generate_series(${from}::bigint, ${to}::bigint) as g
    join (values ${cityRows}) as c(idx, lat, lon) on c.idx = g % ${CITIES.length}
    cross join lateral (select 18 + floor(42 * ${weyl(1597334677)})::int as age) as a
  `);
}

interface SecondaryIndex {
  drop: string;
  create: string;
}

/**
 * The users table's indexes and unique constraints other than the primary
 * key, as SQL to drop and to recreate them: a bulk insert is several times
 * faster without them, and building each afterwards is one sorted pass.
 */
async function secondaryIndexes(db: OrbitDatabase): Promise<SecondaryIndex[]> {
  const constraints = await db.execute(sql`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'users'::regclass and contype = 'u'`);
  const indexes = await db.execute(sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.tablename = 'users' and i.schemaname = current_schema()
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.conrelid = 'users'::regclass)`);
  const rowsOf = (result: unknown) => (result as { rows?: Array<{ name: string; definition: string }> }).rows ?? [];
  return [
    ...rowsOf(constraints).map((row) => ({ drop: `alter table users drop constraint "${row.name}"`, create: `alter table users add constraint "${row.name}" ${row.definition}` })),
    ...rowsOf(indexes).map((row) => ({ drop: `drop index "${row.name}"`, create: row.definition })),
  ];
}

/** Adds people number `from` to `to` and refreshes the planner's statistics. */
export async function growPeople(db: OrbitDatabase, from: number, to: number): Promise<void> {
  const rebuilt = to - from + 1 > REBUILD_INDEXES_ABOVE_ROWS ? await secondaryIndexes(db) : [];
  for (const index of rebuilt) await db.execute(sql.raw(index.drop));
  await db.execute(seedStatement(from, to));
  for (const index of rebuilt) await db.execute(sql.raw(index.create));
  await db.execute(sql`analyze users`);
}

/** A centre near Mumbai that moves a little with each query, so no answer is cached. */
export function centreFor(iteration: number): GeoPoint {
  const angle = iteration * 2.399963;
  const reach = 0.05 + (iteration % 7) * 0.01;
  return { latitude: MUMBAI.latitude + reach * Math.sin(angle), longitude: MUMBAI.longitude + reach * Math.cos(angle) };
}

