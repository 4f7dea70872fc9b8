import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LAT_STEP_DEGREES, MIN_COS_LATITUDE } from '../discovery/geo';

const latStep = sql.raw(String(LAT_STEP_DEGREES));
const minCos = sql.raw(String(MIN_COS_LATITUDE));

/**
 * The cell centre of a stored position as `point(longitude, latitude)`, in
 * the database (the `users.radar_cell` generated column): the same
 * arithmetic as `snapToGrid`. Changing the grid needs a migration that
 * regenerates the column.
 */
export function radarCellSql(latitude: AnyPgColumn, longitude: AnyPgColumn): SQL {
  const snappedLat = sql`((floor(${latitude} / ${latStep}) + 0.5) * ${latStep})`;
  const lonStep = sql`(${latStep} / greatest(cos(radians(${snappedLat})), ${minCos}))`;
  const snappedLon = sql`((floor(${longitude} / ${lonStep}) + 0.5) * ${lonStep})`;
  return sql`point(${snappedLon}, ${snappedLat})`;
}
