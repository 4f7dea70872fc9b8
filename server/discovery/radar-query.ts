import { and, asc, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { NearbyUser } from '../../contract/discovery';
import type { OrbitDatabase } from '../db/types';
import { users } from '../db/schema';
import { defaultAvatarUrl } from '../routes/user-view';
import { capBoxes, METRES_PER_POINT_DISTANCE_UNIT, reportedKm, snapToGrid, type GeoPoint } from './geo';

export interface RadarSearch {
  centre: GeoPoint;
  radiusKm: number;
  limit: number;
  /** The caller never sees themself. */
  excludeUserId?: string;
}

/**
 * Who may appear on anyone's radar: other user accounts with a location, not
 * banned, not hidden. Written as literals so the planner can match the
 * partial index `users_radar_cell_idx`, whose predicate this is.
 */
function eligiblePeople(search: RadarSearch): SQL[] {
  const conditions: SQL[] = [
    isNotNull(users.radarCell),
    sql`${users.role} = 'user'`,
    sql`not ${users.isBanned}`,
    sql`not ${users.isHidden}`,
  ];
  if (search.excludeUserId) conditions.push(ne(users.id, search.excludeUserId));
  return conditions;
}

function cellPointSql(point: GeoPoint): SQL {
  return sql`point(${point.longitude}::float8, ${point.latitude}::float8)`;
}

/**
 * Great-circle distance between cell centres, in earthdistance's `<@>` unit
 * (exactly comparable between rows and queries; metres after scaling).
 */
function cellDistanceFrom(centre: SQL) {
  return sql<number>`(${users.radarCell} <@> ${centre})`;
}

function metresToPointUnits(metres: number): number {
  return metres / METRES_PER_POINT_DISTANCE_UNIT;
}

/**
 * People around a point, nearest first (ties by id), within `reachMeters` of
 * the centre. Everything is measured between grid cells (see geo.ts). The
 * boxes around the cap are what the GiST index answers, so the work grows
 * with the people near the answer, not with the table.
 */
export function nearbyUsersQuery(db: OrbitDatabase, search: RadarSearch, reachMeters = search.radiusKm * 1000, reachUnits = metresToPointUnits(reachMeters)) {
  const cell = snapToGrid(search.centre);
  const centre = cellPointSql(cell);
  const distance = cellDistanceFrom(centre);
  const inBoxes = capBoxes(cell, reachMeters).map(
    ([west, south, east, north]) => sql`${users.radarCell} <@ box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`,
  );
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
    .where(and(...eligiblePeople(search), or(...inBoxes), sql`${distance} <= ${reachUnits}::float8`))
    // Ties break on id, never on the raw position, so the order leaks nothing finer than the grid.
    .orderBy(asc(distance), asc(users.id))
    .limit(search.limit);
}

export interface AnswerReach {
  meters: number;
  /** The same reach in the distance unit of the query, exactly as the database computed it. */
  units: number;
}

/**
 * How far the answer can reach: the farthest of the `limit` people nearest on
 * the flat (longitude, latitude) plane (a GiST nearest-neighbour scan, so
 * cheap). Any `limit` people bound the `limit`-th smallest distance from
 * above, so searching the cap of that radius still gives exactly what the
 * full-radius query would.
 */
export async function answerReach(db: OrbitDatabase, search: RadarSearch): Promise<AnswerReach> {
  const radius = { meters: search.radiusKm * 1000, units: metresToPointUnits(search.radiusKm * 1000) };
  const centre = cellPointSql(snapToGrid(search.centre));
  const nearest = await db
    .select({ distance: cellDistanceFrom(centre) })
    .from(users)
    .where(and(...eligiblePeople(search)))
    .orderBy(sql`${users.radarCell} <-> ${centre}`)
    .limit(search.limit);
  if (nearest.length < search.limit) return radius;
  const units = Math.max(...nearest.map((row) => Number(row.distance)));
  return units < radius.units ? { meters: units * METRES_PER_POINT_DISTANCE_UNIT, units } : radius;
}

/** The radar's answer: nearest first, distances snapped and rounded (see geo.ts). */
export async function findNearbyUsers(db: OrbitDatabase, search: RadarSearch): Promise<NearbyUser[]> {
  const reach = await answerReach(db, search);
  const rows = await nearbyUsersQuery(db, search, reach.meters, reach.units);
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
