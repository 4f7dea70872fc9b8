import { and, asc, isNotNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { NearbyUser } from '../../../contract/discovery';
import { preparedOnce } from '../../db/prepared-statements';
import type { OrbitDatabase } from '../../db/types';
import { users } from '../../db/schema';
import { defaultAvatarUrl } from '../../members/views';
import { notBlockedEitherWay } from '../../safety/queries';
import { shownOnline } from '../last-active';
import { capBoxes, METRES_PER_POINT_DISTANCE_UNIT, reportedKm, snapToGrid, type GeoPoint } from '../geo';
import { matchPlan, shapeSuffix, type MatchShape, type MatchValues, type Viewer } from '../mutual-preferences';
import { matchConditions } from './match-conditions';
import { foundDespiteIncognito } from './incognito';

export interface RadarSearch {
  centre: GeoPoint;
  radiusKm: number;
  limit: number;
  /** The caller: never shown themself, nor anyone they blocked or who blocked them. */
  excludeUserId?: string;
  /** Whose preferences decide, both ways, who is shown (mutual-preferences.ts); the caller, in the app. */
  viewer?: Viewer;
}

/**
 * Each value a radar query takes: the placeholders of a prepared statement,
 * or the values themselves for a one-off query (EXPLAIN needs one).
 */
interface RadarValues {
  number: (name: string) => number | Placeholder;
  /** Any value by name (some preferences are text). */
  value: (name: string) => number | string | Placeholder;
  /** The caller left out of the answer, if any. */
  caller: string | Placeholder | undefined;
  /** The preference conditions, if a viewer's apply. */
  match: MatchShape | undefined;
}

function placeholders(excludesCaller: boolean, match: MatchShape | undefined): RadarValues {
  const placeholder = (name: string) => sql.placeholder(name);
  return { number: placeholder, value: placeholder, caller: excludesCaller ? sql.placeholder('caller') : undefined, match };
}

/** A search's values by name, for `execute` or for `valuesOf`. */
type RadarParams = Record<string, number | string | undefined>;

function valuesOf(params: RadarParams, match: MatchShape | undefined): RadarValues {
  const value = (name: string) => {
    const found = params[name];
    if (found === undefined) throw new Error(`radar query: no value for ${name}`);
    return found;
  };
  return {
    number: (name) => {
      const found = value(name);
      if (typeof found !== 'number') throw new Error(`radar query: no number for ${name}`);
      return found;
    },
    value,
    caller: typeof params.caller === 'string' ? params.caller : undefined,
    match,
  };
}

/** A viewer's preference conditions (none without a viewer) and their values. */
interface RadarMatch {
  shape: MatchShape | undefined;
  values: MatchValues;
}

const NO_MATCH: RadarMatch = { shape: undefined, values: {} };

/** The viewer's preference conditions and their values, when a viewer is given; null when nobody can match. */
function viewerMatch(search: RadarSearch): RadarMatch | null {
  if (!search.viewer) return NO_MATCH;
  const plan = matchPlan(search.viewer);
  if (plan.nobody) return null;
  // An admin's radar has no preferences to apply: the statement without them serves.
  return Object.values(plan.shape).some(Boolean) ? { shape: plan.shape, values: plan.values } : NO_MATCH;
}

/** The statement-name part for the caller and the preferences a search carries. */
function nameSuffix(excludesCaller: boolean, match: MatchShape | undefined): string {
  return `${excludesCaller ? '_others' : ''}${match ? `_prefs${shapeSuffix(match)}` : ''}`;
}

/**
 * Who may appear on anyone's radar: user accounts with a location, not
 * banned, not hidden. Written as literals so the planner can match the
 * partial index `users_radar_cell_idx`, whose predicate they are.
 */
const onTheRadar: SQL[] = [isNotNull(users.radarCell), sql`${users.role} = 'user'`, sql`not ${users.isBanned}`, sql`not ${users.isHidden}`];

/**
 * Of those, who may appear on this caller's radar: not the caller, nobody
 * blocked either way, nobody Incognito hides from the caller (incognito.ts),
 * and (given a viewer) people the viewer wants to meet who want to meet the
 * viewer. Blocks are not part of the index: they are two
 * `not exists` probes on user_blocks' primary key, and the preferences are
 * conditions on the row, both run only for the rows the GiST scan returns, so
 * the work still grows with the people near the answer.
 */
function qualifyingFor(values: RadarValues): SQL[] {
  const conditions: SQL[] = [];
  if (values.caller !== undefined) conditions.push(ne(users.id, values.caller), notBlockedEitherWay(values.caller, users.id), foundDespiteIncognito(values.caller));
  if (values.match) conditions.push(...matchConditions(values.match, values.value));
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
function nearbyParams(search: RadarSearch, reach: AnswerReach, match: MatchValues): { boxCount: number; params: RadarParams } {
  const cell = snapToGrid(search.centre);
  const params: RadarParams = { ...match, lon: cell.longitude, lat: cell.latitude, units: reach.units, limit: search.limit, caller: search.excludeUserId };
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
      activityVisible: users.activityVisible,
      isDemo: users.isDemo,
      distance,
    })
    .from(users)
    .where(and(...onTheRadar, ...qualifyingFor(values), or(...boxes), sql`${distance} <= ${number('units')}::float8`))
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
  // A viewer nobody can match is asked with the preferences anyway: a one-off query has no shortcut to take.
  const match = viewerMatch(search) ?? NO_MATCH;
  const { boxCount, params } = nearbyParams(search, reach, match.values);
  return buildNearbyQuery(db, boxCount, valuesOf(params, match.shape));
}

function preparedNearbyQuery(db: OrbitDatabase, boxCount: number, excludesCaller: boolean, match: MatchShape | undefined) {
  return preparedOnce(db, `orbit_radar_nearby_${boxCount}${nameSuffix(excludesCaller, match)}`, (name) =>
    buildNearbyQuery(db, boxCount, placeholders(excludesCaller, match)).prepare(name),
  );
}

/**
 * The people the reach is taken from: at most `reachRead` of those nearest
 * the centre on the flat plane (a GiST nearest-neighbour scan, read lazily),
 * of whom the first `limit` who qualify are kept. Aliased `users`, so the
 * conditions written for the table apply to it as they are.
 */
function buildReachQuery(db: OrbitDatabase, values: RadarValues) {
  const { number } = values;
  const centre = pointSql(number('lon'), number('lat'));
  const nearest = db
    .select()
    .from(users)
    .where(and(...onTheRadar))
    .orderBy(sql`${users.radarCell} <-> ${centre}`)
    .limit(number('reachRead'))
    .as('users');
  const qualifies = qualifyingFor(values);
  return db
    .select({ distance: cellDistanceFrom(centre) })
    .from(nearest)
    .where(qualifies.length > 0 ? and(...qualifies) : undefined)
    .limit(number('limit'));
}

/** At most this many people nearest the centre are read for the reach; preferences few people meet would otherwise read the whole index. */
export const REACH_READ_LIMIT = 5000;

/**
 * How far the answer can reach: the farthest of the first `limit` people who
 * qualify among the nearest on the flat (longitude, latitude) plane. Any
 * `limit` people who qualify bound the `limit`-th smallest distance from
 * above, so searching the cap of that radius still gives exactly what the
 * full-radius query would. When the people read hold fewer than `limit`
 * who qualify, the whole radius is searched.
 */
export async function answerReach(db: OrbitDatabase, search: RadarSearch, match: RadarMatch = NO_MATCH): Promise<AnswerReach> {
  const radius = reachOf(search.radiusKm * 1000);
  const cell = snapToGrid(search.centre);
  const excludesCaller = search.excludeUserId !== undefined;
  const statement = preparedOnce(db, `orbit_radar_reach${nameSuffix(excludesCaller, match.shape)}`, (name) =>
    buildReachQuery(db, placeholders(excludesCaller, match.shape)).prepare(name),
  );
  const params = { ...match.values, lon: cell.longitude, lat: cell.latitude, limit: search.limit, reachRead: REACH_READ_LIMIT, caller: search.excludeUserId };
  const nearest = await statement.execute(params);
  if (nearest.length < search.limit) return radius;
  const units = Math.max(...nearest.map((row) => Number(row.distance)));
  return units < radius.units ? { meters: units * METRES_PER_POINT_DISTANCE_UNIT, units } : radius;
}

/**
 * A viewer's distance limit, when the radar is centred on their own stored
 * position, is a smaller radius: the same cells, so the same answer, from a
 * smaller cap.
 */
function withinViewersLimit(search: RadarSearch): RadarSearch {
  const viewer = search.viewer;
  if (!viewer || viewer.role !== 'user' || viewer.prefMaxDistanceKm === null || viewer.latitude === null || viewer.longitude === null) return search;
  const own = snapToGrid({ latitude: viewer.latitude, longitude: viewer.longitude });
  const centre = snapToGrid(search.centre);
  if (own.latitude !== centre.latitude || own.longitude !== centre.longitude) return search;
  return { ...search, radiusKm: Math.min(search.radiusKm, viewer.prefMaxDistanceKm) };
}

/** The radar's answer: nearest first, distances snapped and rounded (see geo.ts). */
export async function findNearbyUsers(db: OrbitDatabase, asked: RadarSearch): Promise<NearbyUser[]> {
  const match = viewerMatch(asked);
  if (!match) return [];
  const search = withinViewersLimit(asked);
  const { boxCount, params } = nearbyParams(search, await answerReach(db, search, match), match.values);
  const rows = await preparedNearbyQuery(db, boxCount, search.excludeUserId !== undefined, match.shape).execute(params);
  return rows.map((row) => ({
    _id: row.id,
    username: row.username,
    name: row.name || row.username,
    age: row.age,
    avatar: row.avatar || defaultAvatarUrl(row.username),
    region: row.region,
    isOnline: shownOnline(row),
    isDemo: row.isDemo,
    distanceKm: reportedKm(Number(row.distance) * METRES_PER_POINT_DISTANCE_UNIT),
  }));
}
