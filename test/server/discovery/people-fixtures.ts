import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users, type NewUserRow, type UserRow } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';

/** A person inserted straight into the database (nobody signs in as them), e.g. a demo person. */
export async function insertPerson(db: OrbitDatabase, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(users)
    .values({
      username: `person_${suffix}`,
      email: `person_${suffix}@fixtures.example`,
      passwordHash: 'not-a-usable-hash',
      name: `Person ${suffix}`,
      age: 30,
      gender: 'female',
      region: 'Mumbai',
      interests: ['Coffee', 'Travel'],
      lastSeenAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertPerson: no row returned');
  return row;
}

export async function updatePerson(db: OrbitDatabase, id: string, changes: Partial<NewUserRow>): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}

/** A point `northKm` north and `eastKm` east of `origin` (flat-earth offsets, fine at these distances). */
export function offsetPoint(origin: { latitude: number; longitude: number }, northKm: number, eastKm: number) {
  const kmPerDegree = (6378.168 * Math.PI) / 180;
  return {
    latitude: origin.latitude + northKm / kmPerDegree,
    longitude: origin.longitude + eastKm / (kmPerDegree * Math.cos((origin.latitude * Math.PI) / 180)),
  };
}

/** Great-circle distance in km on earthdistance's sphere. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(h)));
}
