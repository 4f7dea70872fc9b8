import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import { KM_PER_UNIT, type MatchShape, type MatchValues } from '../mutual-preferences';

/** A placeholder of a prepared statement, or the value itself for a one-off query (EXPLAIN needs one). */
export type MatchValueOf = (name: keyof MatchValues) => Placeholder | number | string;

export const matchPlaceholder: MatchValueOf = (name) => sql.placeholder(name);

/**
 * The conditions of `shape` on the other person (the `users` row). All are
 * per-row filters on the row an index read already found (the lists read
 * people in their own index order), so none changes how a list is read.
 *
 * Locations are grid cells (geo.ts) and distances earthdistance's `<@>`.
 * Someone without a location is anywhere; so is someone off the radar
 * (showOnRadar false), whose position must never decide what anyone else
 * sees: otherwise moving one's distance limit would measure their distance.
 */
export function matchConditions(shape: MatchShape, value: MatchValueOf): SQL[] {
  const conditions: SQL[] = [];
  if (shape.gender) conditions.push(sql`${users.gender} = ${value('gender')}`);
  if (shape.minAge) conditions.push(sql`${users.age} >= ${value('minAge')}`);
  if (shape.maxAge) conditions.push(sql`${users.age} <= ${value('maxAge')}`);
  if (shape.mutual) {
    conditions.push(sql`${users.showMe} in ('everyone', ${value('seenAs')})`);
    // The viewer's age as an interval: [age, age] when known, [18, 99] when not, which only a whole range holds.
    conditions.push(sql`${users.prefMinAge} <= ${value('ageFrom')} and ${users.prefMaxAge} >= ${value('ageTo')}`);
  }
  const anywhere = sql`(${users.radarCell} is null or ${users.isHidden})`;
  const distance = sql`(${users.radarCell} <@> point(${value('viewerLon')}::float8, ${value('viewerLat')}::float8))`;
  if (shape.near) {
    conditions.push(sql`(${users.prefMaxDistanceKm} is null or ${anywhere} or ${distance} <= ${users.prefMaxDistanceKm} * ${sql.raw(String(1 / KM_PER_UNIT))})`);
  }
  if (shape.within) conditions.push(sql`(${anywhere} or ${distance} <= ${value('withinUnits')}::float8)`);
  return conditions;
}
