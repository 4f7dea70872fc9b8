import { and, desc, eq, notInArray } from 'drizzle-orm';
import { knownDevices } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';
import type { SignInDoor } from '../sign-in-throttle';

export interface KnownDevice {
  userId: string;
  door: SignInDoor;
  deviceId: string;
}

/** Whether the account still honours this browser's device cookie. */
export async function isKnownDevice(db: OrbitDatabase, device: KnownDevice): Promise<boolean> {
  const [row] = await db
    .select({ deviceId: knownDevices.deviceId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, device.userId), eq(knownDevices.door, device.door), eq(knownDevices.deviceId, device.deviceId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records a sign-in from this browser and keeps only the account's `keep`
 * newest browsers at this door: the oldest falls out, and its cookie is an
 * unknown device's from then on.
 */
export async function recordKnownDevice(db: OrbitDatabase, device: KnownDevice, keep: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(knownDevices)
      .values({ ...device, lastSignedInAt: now })
      .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.door, knownDevices.deviceId], set: { lastSignedInAt: now } });
    const newest = tx
      .select({ deviceId: knownDevices.deviceId })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, device.userId), eq(knownDevices.door, device.door)))
      .orderBy(desc(knownDevices.lastSignedInAt), desc(knownDevices.deviceId))
      .limit(keep);
    await tx
      .delete(knownDevices)
      .where(and(eq(knownDevices.userId, device.userId), eq(knownDevices.door, device.door), notInArray(knownDevices.deviceId, newest)));
  });
}
