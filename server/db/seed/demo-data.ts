import { and, eq, or } from 'drizzle-orm';
import { users } from '../schema';
import type { OrbitDatabase } from '../types';
import { DEMO_ACCOUNT_EMAIL } from './people';

// The demo account and demo people a development start seeds. A data
// directory first started that way and later in production keeps them as
// rows, but production must not show them, let anyone into the demo account
// (its password is in the README), or have them reply: they are switched off
// with a ban of their own reason, which every query that shows, matches or
// signs in people already honours, and switched back on at a development
// start. `npm run demo:remove` deletes them for good.

/** The ban reason that marks demo data switched off, and only it: admins' own bans are never lifted here. */
export const DEMO_DISABLED_REASON = 'Demo data from a development start, switched off because Orbit runs in production';

const isDemoData = or(eq(users.isDemo, true), eq(users.email, DEMO_ACCOUNT_EMAIL));

/** Switches the demo data off (production); how many accounts were switched off now. */
export async function disableDemoData(db: OrbitDatabase, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(users)
    .set({ isBanned: true, banReason: DEMO_DISABLED_REASON, bannedAt: now, isOnline: false })
    .where(and(isDemoData, eq(users.isBanned, false)))
    .returning({ id: users.id });
  return rows.length;
}

/** Switches the demo data on again (a development start on the same data); how many accounts came back. */
export async function enableDemoData(db: OrbitDatabase): Promise<number> {
  const rows = await db
    .update(users)
    .set({ isBanned: false, banReason: null, bannedAt: null })
    .where(and(isDemoData, eq(users.isBanned, true), eq(users.banReason, DEMO_DISABLED_REASON)))
    .returning({ id: users.id });
  return rows.length;
}

/** How many demo accounts are stored, switched off or not. */
export async function countDemoData(db: OrbitDatabase): Promise<number> {
  return (await db.select({ id: users.id }).from(users).where(isDemoData)).length;
}

/** The demo accounts' ids, for removal. */
export async function demoDataIds(db: OrbitDatabase): Promise<string[]> {
  return (await db.select({ id: users.id }).from(users).where(isDemoData)).map((row) => row.id);
}

/** Deletes one demo account's row; the foreign keys decide what goes with it (server/auth/account-deletion.ts). */
export async function deleteDemoAccount(db: OrbitDatabase, userId: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, userId), isDemoData));
}
