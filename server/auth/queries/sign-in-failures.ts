import { and, desc, eq, gt, inArray, isNull, like, lte, ne, or, sql } from 'drizzle-orm';
import { signInFailures } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

/** Rows of the password doors only: other keys in the table (a second factor's) keep their own windows. */
const PASSWORD_DOOR_KEYS = or(like(signInFailures.accountKey, 'user:%'), like(signInFailures.accountKey, 'admin:%'));

/** Drops the password doors' failures of every account from before `before`. */
export async function sweepPasswordFailures(db: OrbitDatabase, before: Date): Promise<void> {
  await db.delete(signInFailures).where(and(PASSWORD_DOOR_KEYS, lte(signInFailures.failedAt, before)));
}

/** Drops this account key's failures from before `before`. */
export async function dropFailuresBefore(db: OrbitDatabase, accountKey: string, before: Date): Promise<void> {
  await db.delete(signInFailures).where(and(eq(signInFailures.accountKey, accountKey), lte(signInFailures.failedAt, before)));
}

/** Writes a failure down; returns its id. */
export async function insertFailure(db: OrbitDatabase, accountKey: string, deviceId: string | null, failedAt: Date): Promise<string> {
  const [pending] = await db.insert(signInFailures).values({ accountKey, deviceId, failedAt }).returning({ id: signInFailures.id });
  if (!pending) throw new Error('sign_in_failures insert returned no row');
  return pending.id;
}

export async function deleteFailure(db: OrbitDatabase, id: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, id));
}

/** The most recent `max` failures of this device (or of all unknown devices) since `since`, newest first, leaving out `exceptId`. */
export async function recentFailures(db: OrbitDatabase, accountKey: string, deviceId: string | null, since: Date, exceptId: string, max: number): Promise<{ failedAt: Date }[]> {
  return db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.accountKey, accountKey),
        deviceId === null ? isNull(signInFailures.deviceId) : eq(signInFailures.deviceId, deviceId),
        gt(signInFailures.failedAt, since),
        ne(signInFailures.id, exceptId),
      ),
    )
    .orderBy(desc(signInFailures.failedAt))
    .limit(max);
}

export async function countFailuresSince(db: OrbitDatabase, accountKey: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(signInFailures)
    .where(and(eq(signInFailures.accountKey, accountKey), gt(signInFailures.failedAt, since)));
  return row?.count ?? 0;
}


/** Every failure counted under any of `accountKeys` (right codes clear the wrong ones; a deleted account's all go). */
export async function forgetFailures(db: OrbitDatabase, accountKeys: readonly string[]): Promise<void> {
  await db.delete(signInFailures).where(inArray(signInFailures.accountKey, [...accountKeys]));
}
