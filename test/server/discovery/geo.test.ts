import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compatibilityPercent } from '../../../server/discovery/compatibility';
import { reportedKm, snapToGrid } from '../../../server/discovery/geo';
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
  it.each([
    [true, null, 'Online now'],
    [false, null, 'Active a while ago'],
    [false, new Date('2026-05-01T11:59:30Z'), 'Active just now'],
    [false, new Date('2026-05-01T11:59:00Z'), 'Active 1 minute ago'],
    [false, new Date('2026-05-01T09:00:00Z'), 'Active 3 hours ago'],
    [false, new Date('2026-04-29T12:00:00Z'), 'Active 2 days ago'],
    [false, new Date('2026-01-01T12:00:00Z'), 'Active over a month ago'],
  ])('online %s, last seen %s -> %s', (isOnline, lastSeen, text) => {
    expect(lastActiveText(isOnline, lastSeen, now)).toBe(text);
  });
});
