// Seeded randomness so a seed run is reproducible: the same options.random
// (or the default seed) yields the same people, places and activity.

import { mulberry32, pick, type Random } from '../../lib/prng';

export { mulberry32, pick, type Random };

/** An integer in [min, max], both ends included. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

/** `count` distinct items in random order (Fisher-Yates on a copy). */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, Math.min(count, copy.length));
}

const KM_PER_DEGREE_LATITUDE = 111.32;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * A point uniformly spread over a disc (or a sector of it) of `radiusKm`
 * around a centre; the square root keeps the density even. Random angles
 * also keep points from being collinear, which makes GiST inserts slow.
 * `bearingDegrees` limits the sector, measured anticlockwise from east, so a
 * coastal city's people are not placed out at sea.
 */
export function pointNear(
  random: Random,
  centre: GeoPoint,
  radiusKm: number,
  bearingDegrees: readonly [number, number] = [0, 360],
): GeoPoint {
  const distance = radiusKm * Math.sqrt(random());
  const [fromDegrees, toDegrees] = bearingDegrees;
  const angle = ((fromDegrees + random() * (toDegrees - fromDegrees)) * Math.PI) / 180;
  const eastKm = distance * Math.cos(angle);
  const northKm = distance * Math.sin(angle);
  const kmPerDegreeLongitude = KM_PER_DEGREE_LATITUDE * Math.cos((centre.latitude * Math.PI) / 180);
  return {
    latitude: round6(centre.latitude + northKm / KM_PER_DEGREE_LATITUDE),
    longitude: round6(centre.longitude + eastKm / kmPerDegreeLongitude),
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
