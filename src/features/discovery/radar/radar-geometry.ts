/** SPEC section 9: the radar canvas. */
export const RADAR_MAX_WIDTH_PX = 500;
export const RADAR_RINGS = 3;
/** SPEC section 9: how far the Home radar and the Radar screen look. */
export const RADAR_RADIUS_KM = 50;
/** Distances a ring may stand for, so its label is a round number. */
const RING_STEPS_KM = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/**
 * What the rings stand for when the radar shows people within `radiusKm`:
 * evenly spaced round distances, the outer one at or past the radius, so a
 * ring's label is the distance it is drawn at (issue 51: the SPEC's fixed
 * 15 km scale put everyone from 15 to 50 km on its rim).
 */
export function radarRingsKm(radiusKm: number): number[] {
  const step = RING_STEPS_KM.find((candidate) => candidate * RADAR_RINGS >= radiusKm) ?? Math.ceil(radiusKm / RADAR_RINGS);
  return Array.from({ length: RADAR_RINGS }, (_, index) => step * (index + 1));
}

/** The distance the outer ring stands for. */
export const radarScaleKm = (radiusKm: number): number => radarRingsKm(radiusKm).at(-1) ?? radiusKm;
/** One turn of the sweep (decorative, so not a machine delay). */
export const SWEEP_PERIOD_MS = 4000;

/**
 * The server never tells anyone where a person is, only how far (SPEC: each
 * dot has an angle of its own). A stable angle from the id keeps a dot in
 * place between renders and scans.
 */
export function dotAngle(id: string): number {
  let hash = 2166136261;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  // Final avalanche (MurmurHash3's fmix32), so ids differing in one character land far apart.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return ((hash >>> 0) / 2 ** 32) * 2 * Math.PI;
}

/** A dot's offset from the centre, as a share of the outer ring's radius, which stands for `scaleKm` (anyone farther sits on it). */
export function dotOffset(id: string, distanceKm: number, scaleKm: number): { x: number; y: number } {
  const share = Math.min(distanceKm, scaleKm) / scaleKm;
  const angle = dotAngle(id);
  return { x: Math.cos(angle) * share, y: Math.sin(angle) * share };
}

/** Share of the canvas width between its edge and the outer ring (the ring's radius is the rest of the half). */
export const RADAR_MARGIN_SHARE = 0.02;

/**
 * Who sits under a tap or click on the radar: the person whose dot is
 * nearest the point, if it lies within `reach` (both in shares of the radius,
 * as dotOffset gives them). Dots near one another go to the nearer one.
 */
export function personAtPoint<Person extends { _id: string; distanceKm: number }>(
  people: readonly Person[],
  point: { x: number; y: number },
  reach: number,
  scaleKm: number,
): Person | undefined {
  let nearest: Person | undefined;
  let nearestDistance = reach;
  for (const person of people) {
    const dot = dotOffset(person._id, person.distanceKm, scaleKm);
    const distance = Math.hypot(dot.x - point.x, dot.y - point.y);
    if (distance <= nearestDistance) {
      nearest = person;
      nearestDistance = distance;
    }
  }
  return nearest;
}
