import { describe, expect, it } from 'vitest';
import { matchPlan, shapeSuffix, type Viewer } from '../../../server/discovery/mutual-preferences';

const member: Viewer = {
  id: '00000000-0000-4000-8000-000000000001',
  role: 'user',
  gender: 'female',
  age: 30,
  showMe: 'everyone',
  prefMinAge: 18,
  prefMaxAge: 99,
  prefMaxDistanceKm: null,
  latitude: null,
  longitude: null,
};

describe('matchPlan', () => {
  it('leaves out every bound of a whole range, so people of unknown age pass only then', () => {
    expect(matchPlan(member)).toEqual({
      nobody: false,
      shape: { gender: false, minAge: false, maxAge: false, mutual: true, near: false, within: false },
      values: { seenAs: 'women', ageFrom: 30, ageTo: 30 },
    });
    const plan = matchPlan({ ...member, prefMinAge: 18, prefMaxAge: 40 });
    expect(plan).toMatchObject({ shape: { minAge: false, maxAge: true }, values: { maxAge: 40 } });
  });

  it('meets the request filters and the preferences in one gender and one range', () => {
    const viewer: Viewer = { ...member, showMe: 'men', prefMinAge: 25, prefMaxAge: 40 };
    expect(matchPlan(viewer, { minAge: 20, maxAge: 35 })).toMatchObject({ values: { gender: 'male', minAge: 25, maxAge: 35 } });
    expect(matchPlan(viewer, { gender: 'male', minAge: 30 })).toMatchObject({ values: { gender: 'male', minAge: 30, maxAge: 40 } });
    // A filter outside the preferences finds nobody, without a query.
    expect(matchPlan(viewer, { gender: 'female' })).toEqual({ nobody: true });
    expect(matchPlan(viewer, { gender: 'other' })).toEqual({ nobody: true });
    expect(matchPlan(viewer, { maxAge: 24 })).toEqual({ nobody: true });
    // Everyone: any gender the request names, "other" included.
    expect(matchPlan(member, { gender: 'other' })).toMatchObject({ values: { gender: 'other' } });
  });

  it("describes the viewer to the other side: the show-me that takes them in, their age as an interval", () => {
    expect(matchPlan({ ...member, gender: 'male', age: 41 })).toMatchObject({ values: { seenAs: 'men', ageFrom: 41, ageTo: 41 } });
    // Other or unknown gender: only "everyone" takes them in; unknown age: only the whole range.
    expect(matchPlan({ ...member, gender: 'other', age: null })).toMatchObject({ values: { seenAs: 'everyone', ageFrom: 18, ageTo: 99 } });
    expect(matchPlan({ ...member, gender: null })).toMatchObject({ values: { seenAs: 'everyone' } });
  });

  it('applies distances only from a stored location, the viewer\'s limit only when they set one', () => {
    const placed = { ...member, latitude: 19.07, longitude: 72.87 };
    expect(matchPlan(placed)).toMatchObject({ shape: { near: true, within: false } });
    const limited = matchPlan({ ...placed, prefMaxDistanceKm: 25 });
    expect(limited).toMatchObject({ shape: { near: true, within: true } });
    if (limited.nobody) throw new Error('expected a plan');
    // 25 km in earthdistance's <@> unit (statute miles on its own sphere).
    expect(limited.values.withinUnits).toBeCloseTo(15.52, 1);
    expect(matchPlan({ ...member, prefMaxDistanceKm: 25 })).toMatchObject({ shape: { near: false, within: false } });
  });

  it('gives admins no preferences, only the request filters', () => {
    const admin: Viewer = { ...member, role: 'admin', gender: null, age: null, showMe: 'women', prefMinAge: 30, latitude: 1, longitude: 1 };
    expect(matchPlan(admin, { gender: 'male' })).toEqual({
      nobody: false,
      shape: { gender: true, minAge: false, maxAge: false, mutual: false, near: false, within: false },
      values: { gender: 'male' },
    });
  });

  it('keeps the longest statement name within what PostgreSQL keeps whole (63 characters)', () => {
    const everything = { gender: true, minAge: true, maxAge: true, mutual: true, near: true, within: true };
    for (const prefix of ['orbit_radar_nearby_3_others_prefs', 'orbit_radar_reach_others_prefs', 'orbit_spin_admirers', 'orbit_discover_count']) {
      expect(`${prefix}${shapeSuffix(everything)}`.length).toBeLessThanOrEqual(63);
    }
  });
});
