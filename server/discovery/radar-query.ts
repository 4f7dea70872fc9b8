import { and, asc, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { NearbyUser } from '../../contract/discovery';
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
 * Who may appear on the caller's radar: other user accounts with a location,
 * not banned, not hidden. The first four are written as literals so the
 * planner can match the partial index `users_radar_cell_idx`, whose predicate
 * they are. Blocks are not part of that index: they are two `not exists`
 * probes on user_blocks' primary key, run only for the rows the GiST scan
 * returns, so the work still grows with the people near the answer.
 */
function eligiblePeople(search: RadarSearch): SQL[] {
  const conditions: SQL[] = [
    isNotNull(users.radarCell),
    sql`${users.role} = 'user'`,
    sql`not ${users.isBanned}`,
    sql`not ${users.isHidden}`,
  ];
  if (search.excludeUserId) conditions.push(ne(users.id, search.excludeUserId), notBlockedEitherWay(search.excludeUserId, users.id));
  return conditions;
}

/** A cell centre as the database stores it: `point(longitude, latitude)`. */
export function cellPointSql(point: GeoPoint): SQL {
  return sql`point(${point.longitude}::float8, ${point.latitude}::float8)`;
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
  const boxes = capBoxes(cell, reachMeters).map(
    ([west, south, east, north]) => sql`${users.radarCell} <@ box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`,
  );
  return or(...boxes);
}

/**
 * People around a point, nearest first (ties by id), within `reach` of the
 * centre (the whole radius by default). Everything is measured between grid
 * cells (see geo.ts). The boxes around the cap are what the GiST index
 * answers, so the work grows with the people near the answer, not with the
 * table.
 */
export function nearbyUsersQuery(db: OrbitDatabase, search: RadarSearch, reach = reachOf(search.radiusKm * 1000)) {
  const cell = snapToGrid(search.centre);
  const distance = cellDistanceFrom(cellPointSql(cell));
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
    .where(and(...eligiblePeople(search), insideCapSql(cell, reach.meters), sql`${distance} <= ${reach.units}::float8`))
    // Ties break on id, never on the raw position, so the order leaks nothing finer than the grid.
    .orderBy(asc(distance), asc(users.id))
    .limit(search.limit);
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
  const rows = await nearbyUsersQuery(db, search, await answerReach(db, search));
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
