import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compatibilityPercent } from '../../../server/discovery/compatibility';
import { areasTouching, capBoxes, EARTH_RADIUS_M, reportedKm, snapToGrid, type GeoPoint } from '../../../server/discovery/geo';
import { lastActiveText } from '../../../server/discovery/last-active';
import { distanceKm } from './people-fixtures';

const point = fc.record({
  latitude: fc.double({ min: -80, max: 80, noNaN: true }),
  longitude: fc.double({ min: -179, max: 179, noNaN: true }),
});

describe('snapToGrid', () => {
  it('moves a point by at most half a cell diagonal (about 0.71 km)', () => {
    fc.assert(fc.property(point, (p) => distanceKm(p, snapToGrid(p)) <= 0.72));
  });

  it('is stable: a snapped point snaps to itself', () => {
    fc.assert(
      fc.property(point, (p) => {
        const once = snapToGrid(p);
        const twice = snapToGrid(once);
        return Math.abs(once.latitude - twice.latitude) < 1e-9 && Math.abs(once.longitude - twice.longitude) < 1e-9;
      }),
    );
  });

  it('makes cells about 1 km on a side', () => {
    const origin = snapToGrid({ latitude: 19.076, longitude: 72.8777 });
    const east = snapToGrid({ latitude: origin.latitude, longitude: origin.longitude + 0.0096 });
    const north = snapToGrid({ latitude: origin.latitude + 0.009, longitude: origin.longitude });
    expect(distanceKm(origin, east)).toBeCloseTo(1, 2);
    expect(distanceKm(origin, { latitude: north.latitude, longitude: origin.longitude })).toBeCloseTo(1, 2);
  });
});

/** The point `meters` away from `start` along `bearing` (radians) on the earth() sphere. */
function destination(start: GeoPoint, bearing: number, meters: number): GeoPoint {
  const rad = Math.PI / 180;
  const angle = meters / EARTH_RADIUS_M;
  const lat1 = start.latitude * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
  const lon2 = start.longitude * rad + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  // Stored longitudes run from -180 to 180.
  return { latitude: lat2 / rad, longitude: ((((lon2 / rad + 180) % 360) + 360) % 360) - 180 };
}

describe('capBoxes', () => {
  const anywhere = fc.record({
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  });
  const inside = (p: GeoPoint, boxes: ReturnType<typeof capBoxes>) =>
    boxes.some(([west, south, east, north]) => p.longitude >= west && p.longitude <= east && p.latitude >= south && p.latitude <= north);

  it('holds every grid cell within reach of any cell, across the antimeridian and the poles', () => {
    fc.assert(
      fc.property(anywhere, fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 1000, max: 100_000, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (from, bearing, reach, share) => {
        const centre = snapToGrid(from);
        // A snapped target lies within reach of the snapped centre whenever it is (that is all the query asks).
        const target = snapToGrid(destination(centre, bearing, reach * share));
        const exact = distanceKm(centre, target) * 1000;
        return exact > reach || inside(target, capBoxes(centre, reach));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads about the cap, not a band of the world: a 2 km cap in Mumbai spans a few hundredths of a degree', () => {
    const boxes = capBoxes(snapToGrid({ latitude: 19.076, longitude: 72.8777 }), 2000);
    expect(boxes).toHaveLength(1);
    const [west, south, east, north] = boxes[0] ?? [0, 0, 0, 0];
    expect(north - south).toBeCloseTo(0.036, 3);
    expect(east - west).toBeCloseTo(0.038, 3);
  });

  it('adds the box on the far side of the antimeridian, and the whole circle of longitudes round a pole', () => {
    const fiji = capBoxes({ latitude: -17.7, longitude: 179.99 }, 5000);
    expect(fiji).toHaveLength(2);
    expect(fiji.some(([west, , east]) => west < -180 && east > -180)).toBe(true);
    const pole = capBoxes({ latitude: 89.99, longitude: 10 }, 5000);
    expect(pole).toEqual([[-181, expect.any(Number), 181, expect.any(Number)]]);
  });
});

describe('areasTouching', () => {
  it("holds the whole-degree area of every grid cell within reach (the nearby lists' groups)", () => {
    fc.assert(
      fc.property(
        fc.record({ latitude: fc.double({ min: -89, max: 89, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.constantFrom(25_000, 100_000),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (from, bearing, reach, share) => {
          const centre = snapToGrid(from);
          const target = snapToGrid(destination(centre, bearing, reach * share));
          if (distanceKm(centre, target) * 1000 > reach) return true;
          // Stored cells keep their longitude in [-180, 180]; the boxes' copies past the antimeridian carry it.
          return areasTouching(capBoxes(centre, reach)).some((area) => area.latitude === Math.floor(target.latitude) && area.longitude === Math.floor(target.longitude));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads a handful of areas for a city limit: 25 km in Mumbai touches at most 4, 100 km at most 9', () => {
    const mumbai = snapToGrid({ latitude: 19.076, longitude: 72.8777 });
    expect(areasTouching(capBoxes(mumbai, 25_000)).length).toBeLessThanOrEqual(4);
    expect(areasTouching(capBoxes(mumbai, 100_000)).length).toBeLessThanOrEqual(9);
  });
});

describe('reportedKm', () => {
  it('rounds to whole kilometres and never reports under 1', () => {
    expect([0, 499, 1499, 1500, 12_345].map(reportedKm)).toEqual([1, 1, 1, 2, 12]);
  });
});

describe('compatibilityPercent', () => {
  it('is 100 for the same age and interests, 40 for nothing in common and far apart in age', () => {
    expect(compatibilityPercent({ interests: ['Jazz', 'Hiking'], age: 30 }, { interests: ['hiking', 'jazz'], age: 30 })).toBe(100);
    expect(compatibilityPercent({ interests: ['Jazz'], age: 20 }, { interests: ['Chess'], age: 60 })).toBe(40);
  });

  it('is symmetric and stays within 40..100', () => {
    const traits = fc.record({ interests: fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E'), { maxLength: 5 }), age: fc.option(fc.integer({ min: 18, max: 99 }), { nil: null }) });
    fc.assert(
      fc.property(traits, traits, (a, b) => {
        const score = compatibilityPercent(a, b);
        return score === compatibilityPercent(b, a) && score >= 40 && score <= 100;
      }),
    );
  });
});

describe('lastActiveText', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  // Coarse buckets only (issue 37, finding 8): nobody can tell the minute someone was last active.
  it.each([
    [true, null, 'Online now'],
    [false, null, 'Active a while ago'],
    [false, new Date('2026-05-01T11:59:30Z'), 'Active today'],
    [false, new Date('2026-05-01T09:00:00Z'), 'Active today'],
    [false, new Date('2026-04-30T12:00:01Z'), 'Active today'],
    [false, new Date('2026-04-29T12:00:00Z'), 'Active this week'],
    [false, new Date('2026-04-20T12:00:00Z'), 'Active this month'],
    [false, new Date('2026-01-01T12:00:00Z'), 'Active a while ago'],
  ])('online %s, last seen %s -> %s', (isOnline, lastSeen, text) => {
    expect(lastActiveText({ isOnline, lastSeenAt: lastSeen, activityVisible: true }, now)).toBe(text);
  });

  it('says nothing, not even "Online now", for someone who hides their activity', () => {
    expect(lastActiveText({ isOnline: true, lastSeenAt: now, activityVisible: false }, now)).toBe('');
    expect(lastActiveText({ isOnline: false, lastSeenAt: now, activityVisible: false }, now)).toBe('');
  });
});
