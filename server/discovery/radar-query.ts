import { and, asc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { NearbyUser } from '../../contract/discovery';
import type { OrbitDatabase } from '../db/types';
import { users } from '../db/schema';
import { defaultAvatarUrl } from '../routes/user-view';
import { earthPointSql, reportedKm, snappedPointSql, snapToGrid, SNAP_MARGIN_M, type GeoPoint } from './geo';

export interface RadarSearch {
  centre: GeoPoint;
  radiusKm: number;
  limit: number;
  /** The caller never sees themself. */
  excludeUserId?: string;
}

/** Who may appear on anyone's radar: other user accounts with a location, not banned, not hidden. */
function eligiblePeople(search: RadarSearch): SQL[] {
  const conditions: SQL[] = [isNotNull(users.latitude), isNotNull(users.longitude), eq(users.role, 'user'), eq(users.isBanned, false), eq(users.isHidden, false)];
  if (search.excludeUserId) conditions.push(ne(users.id, search.excludeUserId));
  return conditions;
}

function snappedDistanceFrom(centre: SQL) {
  return sql<number>`earth_distance(${centre}, ${snappedPointSql(users.latitude, users.longitude)})`;
}

/**
 * People around a point, nearest first, within `boxMeters` of the centre
 * (on top of the snapping margin). The `earth_box @> ll_to_earth(...)`
 * condition is what the partial GiST index answers, so the work grows with
 * the people inside the box, not with the table; the exact filter and the
 * order then use only grid-snapped positions (see geo.ts).
 */
export function nearbyUsersQuery(db: OrbitDatabase, search: RadarSearch, boxMeters = search.radiusKm * 1000) {
  const centre = earthPointSql(snapToGrid(search.centre));
  const distanceMeters = snappedDistanceFrom(centre);
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      age: users.age,
      avatar: users.avatar,
      region: users.region,
      isOnline: users.isOnline,
      distanceMeters,
    })
    .from(users)
    .where(
      and(
        ...eligiblePeople(search),
        sql`earth_box(${centre}, ${boxMeters + SNAP_MARGIN_M}::float8) @> ll_to_earth(${users.latitude}, ${users.longitude})`,
        sql`${distanceMeters} <= ${search.radiusKm * 1000}::float8`,
      ),
    )
    // Ties break on id, never on the raw position, so the order leaks nothing finer than the grid.
    .orderBy(asc(distanceMeters), asc(users.id))
    .limit(search.limit);
}

/**
 * How far the answer can reach: the snapped distance of the farthest of the
 * `limit` people nearest by raw position (a GiST nearest-neighbour scan, so
 * cheap). The true `limit`-th smallest snapped distance is never larger, so
 * a box this big plus the snapping margin still holds the whole answer —
 * which stays exactly what the full-radius query would give.
 */
export async function answerReachMeters(db: OrbitDatabase, search: RadarSearch): Promise<number> {
  const radiusMeters = search.radiusKm * 1000;
  const centre = earthPointSql(snapToGrid(search.centre));
  const nearest = await db
    .select({ distanceMeters: snappedDistanceFrom(centre) })
    .from(users)
    .where(and(...eligiblePeople(search)))
    .orderBy(sql`ll_to_earth(${users.latitude}, ${users.longitude}) <-> ${centre}`)
    .limit(search.limit);
  if (nearest.length < search.limit) return radiusMeters;
  return Math.min(radiusMeters, Math.max(...nearest.map((row) => Number(row.distanceMeters))));
}

/** The radar's answer: nearest first, distances snapped and rounded (see geo.ts). */
export async function findNearbyUsers(db: OrbitDatabase, search: RadarSearch): Promise<NearbyUser[]> {
  const rows = await nearbyUsersQuery(db, search, await answerReachMeters(db, search));
  return rows.map((row) => ({
    _id: row.id,
    username: row.username,
    name: row.name || row.username,
    age: row.age,
    avatar: row.avatar || defaultAvatarUrl(row.username),
    region: row.region,
    isOnline: row.isOnline,
    distanceKm: reportedKm(Number(row.distanceMeters)),
  }));
}
