import type { Gender } from '../../contract/common';
import { PREFERENCE_AGE_MAX, PREFERENCE_AGE_MIN, type ShowMe } from '../../contract/members/preferences';
import type { UserRow } from '../db/schema';
import { METRES_PER_POINT_DISTANCE_UNIT, snapToGrid } from './geo';

// Issue 35: who someone wants to meet decides who they see, and both ways:
// Discover, Spin and the radar list only people the viewer wants to meet who
// would also want to meet the viewer. Each list is a named prepared
// statement per shape (see prepared-statements.ts), so the viewer's
// preferences arrive as placeholders and only the set of conditions (the
// shape) is part of a statement's name.

/** What of the viewer decides who they see and who would want to see them. */
export type Viewer = Pick<
  UserRow,
  'id' | 'role' | 'gender' | 'age' | 'showMe' | 'prefMinAge' | 'prefMaxAge' | 'prefMaxDistanceKm' | 'latitude' | 'longitude'
>;

/** A request's own filters (Discover's and Spin's query): they narrow within the preferences. */
export interface Narrowing {
  gender?: Gender | undefined;
  minAge?: number | undefined;
  maxAge?: number | undefined;
}

/** The conditions a statement carries; its SQL differs only in these. */
export interface MatchShape {
  /** The other person's gender is one. */
  gender: boolean;
  minAge: boolean;
  maxAge: boolean;
  /** The other person's preferences must accept the viewer (members; admins browse without). */
  mutual: boolean;
  /** The viewer has a location, so the other person's distance limit applies. */
  near: boolean;
  /** The viewer has a location and a distance limit of their own. */
  within: boolean;
}

/** Each condition's part of a statement name, short: PostgreSQL cuts names at 63 characters. */
const SHAPE_NAMES: Record<keyof MatchShape, string> = { gender: 'g', minAge: 'min', maxAge: 'max', mutual: 'mut', near: 'near', within: 'within' };

/** The placeholders' values for one viewer and request (names as in matchConditions). */
export interface MatchValues {
  gender?: Gender;
  minAge?: number;
  maxAge?: number;
  /** The show-me value that includes the viewer besides 'everyone'. */
  seenAs?: ShowMe;
  /** The viewer's age as an interval (see matchConditions). */
  ageFrom?: number;
  ageTo?: number;
  viewerLon?: number;
  viewerLat?: number;
  /** The viewer's distance limit in the `<@>` unit. */
  withinUnits?: number;
}

export type MatchPlan = { nobody: true } | { nobody: false; shape: MatchShape; values: MatchValues };

/** The request's filters contradict the preferences (men only, for someone who wants to see women): nobody, without asking the database. */
const NOBODY: MatchPlan = { nobody: true };

const GENDER_SHOWN: Record<ShowMe, Gender | undefined> = { women: 'female', men: 'male', everyone: undefined };

/** Whose show-me, besides 'everyone', includes someone of this gender: nobody's but 'everyone' for other or unknown. */
function seenAsFor(gender: Gender | null): ShowMe {
  if (gender === 'female') return 'women';
  if (gender === 'male') return 'men';
  return 'everyone';
}

export const KM_PER_UNIT = METRES_PER_POINT_DISTANCE_UNIT / 1000;

const larger = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
const smaller = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/**
 * The conditions and values for `viewer` asking with `narrowing`. The viewer's
 * own preferences and the request's filters meet in one range and one gender
 * here, so they reuse the filters' statements. A bound at the edge of the
 * preference range (18 or 99) is left out: a person whose age is unknown is
 * shown only while the range is the whole of it.
 */
export function matchPlan(viewer: Viewer, narrowing: Narrowing = {}): MatchPlan {
  const member = viewer.role === 'user';
  const wanted = member ? GENDER_SHOWN[viewer.showMe] : undefined;
  if (narrowing.gender !== undefined && wanted !== undefined && narrowing.gender !== wanted) return NOBODY;
  const gender = narrowing.gender ?? wanted;
  const minAge = larger(narrowing.minAge, member && viewer.prefMinAge > PREFERENCE_AGE_MIN ? viewer.prefMinAge : undefined);
  const maxAge = smaller(narrowing.maxAge, member && viewer.prefMaxAge < PREFERENCE_AGE_MAX ? viewer.prefMaxAge : undefined);
  if (minAge !== undefined && maxAge !== undefined && minAge > maxAge) return NOBODY;

  const cell = member && viewer.latitude !== null && viewer.longitude !== null ? snapToGrid({ latitude: viewer.latitude, longitude: viewer.longitude }) : undefined;
  const withinKm = cell ? viewer.prefMaxDistanceKm : null;
  const shape: MatchShape = {
    gender: gender !== undefined,
    minAge: minAge !== undefined,
    maxAge: maxAge !== undefined,
    mutual: member,
    near: cell !== undefined,
    within: withinKm !== null,
  };
  const values: MatchValues = {};
  if (gender !== undefined) values.gender = gender;
  if (minAge !== undefined) values.minAge = minAge;
  if (maxAge !== undefined) values.maxAge = maxAge;
  if (member) {
    values.seenAs = seenAsFor(viewer.gender);
    // Someone whose age is unknown is accepted only by a range that is the whole of it.
    values.ageFrom = viewer.age ?? PREFERENCE_AGE_MIN;
    values.ageTo = viewer.age ?? PREFERENCE_AGE_MAX;
  }
  if (cell) {
    values.viewerLon = cell.longitude;
    values.viewerLat = cell.latitude;
  }
  if (withinKm !== null) values.withinUnits = withinKm / KM_PER_UNIT;
  return { nobody: false, shape, values };
}

/** `_g_max_mut_near`, say: what a statement's name adds for its shape. */
export function shapeSuffix(shape: MatchShape): string {
  return (Object.keys(SHAPE_NAMES) as (keyof MatchShape)[])
    .filter((flag) => shape[flag])
    .map((flag) => `_${SHAPE_NAMES[flag]}`)
    .join('');
}
