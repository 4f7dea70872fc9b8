/** SPEC section 9: the radar canvas. */
export const RADAR_MAX_WIDTH_PX = 500;
export const RADAR_RINGS = 3;
export const RADAR_SCALE_KM = 15;
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

/** A dot's offset from the centre, as a share of the radius (people beyond 15 km sit on the rim). */
export function dotOffset(id: string, distanceKm: number): { x: number; y: number } {
  const share = Math.min(distanceKm, RADAR_SCALE_KM) / RADAR_SCALE_KM;
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
): Person | undefined {
  let nearest: Person | undefined;
  let nearestDistance = reach;
  for (const person of people) {
    const dot = dotOffset(person._id, person.distanceKm);
    const distance = Math.hypot(dot.x - point.x, dot.y - point.y);
    if (distance <= nearestDistance) {
      nearest = person;
      nearestDistance = distance;
    }
  }
  return nearest;
}
