import { and, eq, sql, type SQL } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { ACTIVITY_RECORD_INTERVAL_MS } from './activity';

/**
 * How long a member stays "Online now" after their last request. Activity is
 * written at most once per ACTIVITY_RECORD_INTERVAL_MS, so a member using
 * Orbit has a session written within twice that; anything shorter would make
 * someone who is browsing blink offline between writes.
 */
export const PRESENCE_TIMEOUT_MS = 2 * ACTIVITY_RECORD_INTERVAL_MS;

/** How often members whose sessions went quiet are marked offline; "Online now" outlives its member by at most this. */
export const PRESENCE_SWEEP_INTERVAL_MS = 60_000;

/**
 * Marks offline the online members none of whose sessions is live and was
 * used within PRESENCE_TIMEOUT_MS: they closed the tab, logged out, or their
 * session ended or ran out. Given a member, only that member is settled (after
 * a logout, so it shows at once rather than at the next sweep).
 *
 * Presence is read off sessions, so an account that has never had one keeps
 * the flag it was given: the seeded demo people, who cannot sign in.
 * Returns how many members went offline.
 */
export async function settlePresence(db: OrbitDatabase, now: Date, onlyMember?: string): Promise<number> {
  const quietSince = new Date(now.getTime() - PRESENCE_TIMEOUT_MS);
  const conditions: SQL[] = [
    eq(users.isOnline, true),
    sql`exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id})`,
    sql`not exists (
      select 1 from ${sessions}
      where ${sessions.userId} = ${users.id}
        and ${sessions.revokedAt} is null
        and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz
        and ${sessions.lastActiveAt} >= ${quietSince.toISOString()}::timestamptz
    )`,
  ];
  if (onlyMember !== undefined) conditions.push(eq(users.id, onlyMember));
  const wentOffline = await db
    .update(users)
    .set({ isOnline: false })
    .where(and(...conditions))
    .returning({ id: users.id });
  return wentOffline.length;
}
