import { and, asc, isNotNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { NearbyUser } from '../../contract/discovery';
import { preparedOnce } from '../db/prepared-statements';
import type { OrbitDatabase } from '../db/types';
import { users } from '../db/schema';
import { defaultAvatarUrl } from '../routes/user-view';
import { notBlockedEitherWay } from '../safety/blocks';
import { capBoxes, METRES_PER_POINT_DISTANCE_UNIT, reportedKm, snapToGrid, type GeoPoint } from './geo';

export interface RadarSearch {
  centre: GeoPoint;
  radiusKm: number;
  limit: number;
  /** The caller: never shown themself, nor anyone they blocked or who blocked them. */
  excludeUserId?: string;
}

/**
 * Each value a radar query takes: the placeholders of a prepared statement,
 * or the values themselves for a one-off query (EXPLAIN needs one).
 */
interface RadarValues {
  number: (name: string) => number | Placeholder;
  /** The caller left out of the answer, if any. */
  caller: string | Placeholder | undefined;
}

function placeholders(excludesCaller: boolean): RadarValues {
  return { number: (name) => sql.placeholder(name), caller: excludesCaller ? sql.placeholder('caller') : undefined };
}

/** A search's values by name, for `execute` or for `valuesOf`. */
type RadarParams = Record<string, number | string | undefined>;

function valuesOf(params: RadarParams): RadarValues {
  return {
    number: (name) => {
      const value = params[name];
      if (typeof value !== 'number') throw new Error(`radar query: no number for ${name}`);
      return value;
    },
    caller: typeof params.caller === 'string' ? params.caller : undefined,
  };
}

/**
 * Who may appear on the caller's radar: other user accounts with a location,
 * not banned, not hidden. The first four are written as literals so the
 * planner can match the partial index `users_radar_cell_idx`, whose predicate
 * they are. Blocks are not part of that index: they are two `not exists`
 * probes on user_blocks' primary key, run only for the rows the GiST scan
 * returns, so the work still grows with the people near the answer.
 */
function eligiblePeople(caller: string | Placeholder | undefined): SQL[] {
  const conditions: SQL[] = [
    isNotNull(users.radarCell),
    sql`${users.role} = 'user'`,
    sql`not ${users.isBanned}`,
    sql`not ${users.isHidden}`,
  ];
  if (caller !== undefined) conditions.push(ne(users.id, caller), notBlockedEitherWay(caller, users.id));
  return conditions;
}

type Degrees = number | Placeholder;

function pointSql(longitude: Degrees, latitude: Degrees): SQL {
  return sql`point(${longitude}::float8, ${latitude}::float8)`;
}

/** A cell centre as the database stores it: `point(longitude, latitude)`. */
export function cellPointSql(point: GeoPoint): SQL {
  return pointSql(point.longitude, point.latitude);
}

/** Whose cell lies in this box (what the GiST index answers). */
function insideBoxSql(west: Degrees, south: Degrees, east: Degrees, north: Degrees): SQL {
  return sql`${users.radarCell} <@ box(${pointSql(west, south)}, ${pointSql(east, north)})`;
}

/**
 * Great-circle distance between cell centres, in earthdistance's `<@>` unit
 * (exactly comparable between rows and queries; metres after scaling).
 */
export function cellDistanceFrom(centre: SQL) {
  return sql<number>`(${users.radarCell} <@> ${centre})`;
}

/** How far a search reaches, in metres and in the query's distance unit. */
export interface AnswerReach {
  meters: number;
  /** The same reach in the `<@>` unit, exactly as the database computed it when it came from a row. */
  units: number;
}

export function reachOf(meters: number): AnswerReach {
  return { meters, units: meters / METRES_PER_POINT_DISTANCE_UNIT };
}

/** Whose cell lies in the boxes round the cap of `reachMeters` about `cell` (what the GiST index answers). */
export function insideCapSql(cell: GeoPoint, reachMeters: number): SQL | undefined {
  return or(...capBoxes(cell, reachMeters).map(([west, south, east, north]) => insideBoxSql(west, south, east, north)));
}

/** The centre's cell, the boxes round the cap of `reach` about it, and the rest of a search as named values. */
function nearbyParams(search: RadarSearch, reach: AnswerReach): { boxCount: number; params: RadarParams } {
  const cell = snapToGrid(search.centre);
  const params: RadarParams = { lon: cell.longitude, lat: cell.latitude, units: reach.units, limit: search.limit, caller: search.excludeUserId };
  const boxes = capBoxes(cell, reach.meters);
  boxes.forEach(([west, south, east, north], index) => Object.assign(params, { [`west${index}`]: west, [`south${index}`]: south, [`east${index}`]: east, [`north${index}`]: north }));
  return { boxCount: boxes.length, params };
}

function buildNearbyQuery(db: OrbitDatabase, boxCount: number, values: RadarValues) {
  const { number } = values;
  const distance = cellDistanceFrom(pointSql(number('lon'), number('lat')));
  const boxes = Array.from({ length: boxCount }, (_, index) => insideBoxSql(number(`west${index}`), number(`south${index}`), number(`east${index}`), number(`north${index}`)));
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      age: users.age,
      avatar: users.avatar,
      region: users.region,
      isOnline: users.isOnline,
      distance,
    })
    .from(users)
    .where(and(...eligiblePeople(values.caller), or(...boxes), sql`${distance} <= ${number('units')}::float8`))
    // Ties break on id, never on the raw position, so the order leaks nothing finer than the grid.
    .orderBy(asc(distance), asc(users.id))
    .limit(values.number('limit'));
}

/**
 * People around a point, nearest first (ties by id), within `reach` of the
 * centre (the whole radius by default). Everything is measured between grid
 * cells (see geo.ts). The boxes around the cap are what the GiST index
 * answers, so the work grows with the people near the answer, not with the
 * table. This is the one-off form of the query `findNearbyUsers` prepares.
 */
export function nearbyUsersQuery(db: OrbitDatabase, search: RadarSearch, reach = reachOf(search.radiusKm * 1000)) {
  const { boxCount, params } = nearbyParams(search, reach);
  return buildNearbyQuery(db, boxCount, valuesOf(params));
}

function preparedNearbyQuery(db: OrbitDatabase, boxCount: number, excludesCaller: boolean) {
  return preparedOnce(db, `orbit_radar_nearby_${boxCount}${excludesCaller ? '_others' : ''}`, (name) =>
    buildNearbyQuery(db, boxCount, placeholders(excludesCaller)).prepare(name),
  );
}

function buildReachQuery(db: OrbitDatabase, values: RadarValues) {
  const centre = pointSql(values.number('lon'), values.number('lat'));
  return db
    .select({ distance: cellDistanceFrom(centre) })
    .from(users)
    .where(and(...eligiblePeople(values.caller)))
    .orderBy(sql`${users.radarCell} <-> ${centre}`)
    .limit(values.number('limit'));
}

/**
 * How far the answer can reach: the farthest of the `limit` people nearest on
 * the flat (longitude, latitude) plane (a GiST nearest-neighbour scan, so
 * cheap). Any `limit` people bound the `limit`-th smallest distance from
 * above, so searching the cap of that radius still gives exactly what the
 * full-radius query would.
 */
export async function answerReach(db: OrbitDatabase, search: RadarSearch): Promise<AnswerReach> {
  const radius = reachOf(search.radiusKm * 1000);
  const cell = snapToGrid(search.centre);
  const excludesCaller = search.excludeUserId !== undefined;
  const statement = preparedOnce(db, `orbit_radar_reach${excludesCaller ? '_others' : ''}`, (name) => buildReachQuery(db, placeholders(excludesCaller)).prepare(name));
  const nearest = await statement.execute({ lon: cell.longitude, lat: cell.latitude, limit: search.limit, caller: search.excludeUserId });
  if (nearest.length < search.limit) return radius;
  const units = Math.max(...nearest.map((row) => Number(row.distance)));
  return units < radius.units ? { meters: units * METRES_PER_POINT_DISTANCE_UNIT, units } : radius;
}

/** The radar's answer: nearest first, distances snapped and rounded (see geo.ts). */
export async function findNearbyUsers(db: OrbitDatabase, search: RadarSearch): Promise<NearbyUser[]> {
  const { boxCount, params } = nearbyParams(search, await answerReach(db, search));
  const rows = await preparedNearbyQuery(db, boxCount, search.excludeUserId !== undefined).execute(params);
  return rows.map((row) => ({
    _id: row.id,
    username: row.username,
    name: row.name || row.username,
    age: row.age,
    avatar: row.avatar || defaultAvatarUrl(row.username),
    region: row.region,
    isOnline: row.isOnline,
    distanceKm: reportedKm(Number(row.distance) * METRES_PER_POINT_DISTANCE_UNIT),
  }));
}
