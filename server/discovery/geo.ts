import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Location privacy (the trilateration attacks on Tinder, Bumble and Badoo):
// every position is replaced by the centre of its grid cell of about 1 km
// before any distance is computed, and distances leave the server rounded to
// whole kilometres. Everything the radar answers (membership, order,
// distance) is then a function of the two cells only, so no sequence of
// queries can tell two points of the same cell apart.

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Side of a grid cell. */
export const GRID_CELL_KM = 1;
/** earthdistance's earth() radius is 6378168 m, so one degree of latitude is about 111.3 km. */
const KM_PER_DEGREE = (6378.168 * Math.PI) / 180;
/** Cell height in degrees of latitude. */
export const LAT_STEP_DEGREES = GRID_CELL_KM / KM_PER_DEGREE;
/** Near the poles a degree of longitude vanishes; capping the divisor keeps cells finite (and only narrower). */
const MIN_COS_LATITUDE = 0.01;
/**
 * How far snapping can move a stored point (half a cell diagonal, at most
 * about 0.71 km: cells only get narrower towards the poles), with room to
 * spare: the index pre-filter widens its box by this so no one the snapped
 * distance admits is missed. Any wider and the box reads more of the table
 * for nothing (the radar bench's p99 at a million people follows it).
 */
export const SNAP_MARGIN_M = 1000;

/** SPEC section 4: the fixed point of the Home radar, also used when a caller has no stored location. */
export const DEFAULT_RADAR_CENTRE: GeoPoint = { latitude: 19.076, longitude: 72.8777 };

function cellCentre(value: number, step: number): number {
  return (Math.floor(value / step) + 0.5) * step;
}

function longitudeStep(snappedLatitude: number): number {
  return LAT_STEP_DEGREES / Math.max(Math.cos((snappedLatitude * Math.PI) / 180), MIN_COS_LATITUDE);
}

/** The centre of the cell holding `point` (the same arithmetic as `snappedPointSql`). */
export function snapToGrid(point: GeoPoint): GeoPoint {
  const latitude = cellCentre(point.latitude, LAT_STEP_DEGREES);
  return { latitude, longitude: cellCentre(point.longitude, longitudeStep(latitude)) };
}

/** Reported distances: whole kilometres, never below 1 (so "0 km" never means "right here"). */
export function reportedKm(distanceMeters: number): number {
  return Math.max(1, Math.round(distanceMeters / 1000));
}

const latStep = sql.raw(String(LAT_STEP_DEGREES));
const minCos = sql.raw(String(MIN_COS_LATITUDE));

/** `ll_to_earth` of the cell centre of a stored position, computed in the database. */
export function snappedPointSql(latitude: AnyPgColumn, longitude: AnyPgColumn): SQL {
  const snappedLat = sql`((floor(${latitude} / ${latStep}) + 0.5) * ${latStep})`;
  const lonStep = sql`(${latStep} / greatest(cos(radians(${snappedLat})), ${minCos}))`;
  const snappedLon = sql`((floor(${longitude} / ${lonStep}) + 0.5) * ${lonStep})`;
  return sql`ll_to_earth(${snappedLat}, ${snappedLon})`;
}

/** `ll_to_earth` of a point given by the caller (already snapped in JS). */
export function earthPointSql(point: GeoPoint): SQL {
  return sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
}
