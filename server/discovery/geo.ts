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
/** The radius of earthdistance's `earth()` sphere, which the grid's degree size and every distance follow. */
export const EARTH_RADIUS_M = 6_378_168;
/** One degree of latitude on that sphere: about 111.3 km. */
const KM_PER_DEGREE = (EARTH_RADIUS_M / 1000) * (Math.PI / 180);
/** Cell height in degrees of latitude. */
export const LAT_STEP_DEGREES = GRID_CELL_KM / KM_PER_DEGREE;
/** Near the poles a degree of longitude vanishes; capping the divisor keeps cells finite (and only narrower). */
export const MIN_COS_LATITUDE = 0.01;
/** SPEC section 4: the fixed point of the Home radar, also used when a caller has no stored location. */
export const DEFAULT_RADAR_CENTRE: GeoPoint = { latitude: 19.076, longitude: 72.8777 };

function cellCentre(value: number, step: number): number {
  return (Math.floor(value / step) + 0.5) * step;
}

function longitudeStep(snappedLatitude: number): number {
  return LAT_STEP_DEGREES / Math.max(Math.cos((snappedLatitude * Math.PI) / 180), MIN_COS_LATITUDE);
}

/** The centre of the cell holding `point` (the same arithmetic as `radarCellSql`). */
export function snapToGrid(point: GeoPoint): GeoPoint {
  const latitude = cellCentre(point.latitude, LAT_STEP_DEGREES);
  return { latitude, longitude: cellCentre(point.longitude, longitudeStep(latitude)) };
}

/** Reported distances: whole kilometres, never below 1 (so "0 km" never means "right here"). */
export function reportedKm(distanceMeters: number): number {
  return Math.max(1, Math.round(distanceMeters / 1000));
}

/**
 * earthdistance's `point <@> point` answers statute miles on a sphere of this
 * radius (its C source's EARTH_RADIUS). Scaling by the ratio of the radii
 * gives the same central angle on the earth() sphere, in metres.
 */
const EARTHDISTANCE_POINT_RADIUS_MILES = 3958.747716;
export const METRES_PER_POINT_DISTANCE_UNIT = EARTH_RADIUS_M / EARTHDISTANCE_POINT_RADIUS_MILES;

/** `[west, south, east, north]` in degrees, as the radar_cell points are stored. */
export type DegreeBox = readonly [number, number, number, number];

/**
 * Stored cell centres may stand up to one cell (under a degree) past the
 * poles and the antimeridian; boxes reach that far beyond them too.
 */
const CELL_OVERHANG_DEGREES = 1;
/** Room for rounding at the cap's edge: far below a metre, far above float error. */
const BOX_SLACK_RADIANS = 1e-9;

/**
 * Boxes of (longitude, latitude) that together hold every point within
 * `reachMeters` of `centre` on the sphere: the latitude band of the cap, and
 * its longitude span (the whole circle once the cap holds a pole), repeated
 * 360 degrees to either side where it runs past the antimeridian.
 */
export function capBoxes(centre: GeoPoint, reachMeters: number): DegreeBox[] {
  const angle = reachMeters / EARTH_RADIUS_M + BOX_SLACK_RADIANS;
  const degrees = (radians: number) => (radians * 180) / Math.PI;
  const latitude = (centre.latitude * Math.PI) / 180;
  const south = centre.latitude - degrees(angle);
  const north = centre.latitude + degrees(angle);
  if (angle >= Math.PI / 2 - Math.abs(latitude)) {
    return [[-180 - CELL_OVERHANG_DEGREES, south, 180 + CELL_OVERHANG_DEGREES, north]];
  }
  const halfSpan = degrees(Math.asin(Math.sin(angle) / Math.cos(latitude)));
  const limit = 180 + CELL_OVERHANG_DEGREES;
  return [-360, 0, 360]
    .map((shift): DegreeBox => [centre.longitude - halfSpan + shift, south, centre.longitude + halfSpan + shift, north])
    .filter(([west, , east]) => east >= -limit && west <= limit);
}

/** A whole-degree square (the floor of latitude and of longitude): the nearby lists' indexes group placed people by it. */
export interface DegreeArea {
  latitude: number;
  longitude: number;
}

/**
 * The whole-degree areas the boxes touch (capBoxes' boxes round a distance
 * limit). Whole degrees: a 25 km or 100 km limit touches 2 to 9 of them away
 * from the poles, and each is read in its index order until a page is full.
 */
export function areasTouching(boxes: readonly DegreeBox[]): DegreeArea[] {
  const areas = new Map<string, DegreeArea>();
  for (const [west, south, east, north] of boxes) {
    for (let latitude = Math.floor(south); latitude <= Math.floor(north); latitude += 1) {
      for (let longitude = Math.floor(west); longitude <= Math.floor(east); longitude += 1) areas.set(`${latitude},${longitude}`, { latitude, longitude });
    }
  }
  return [...areas.values()];
}
