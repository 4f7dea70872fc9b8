import { eq, sql } from 'drizzle-orm';
import { LAST_ACTIVE_PRECISION_MS } from '../../contract/sessions';
import { sessions, users } from '../db/schema';
import type { OrbitDatabase } from '../db/types';

/**
 * How stale "last active" may get. Writing it on every request would put a
 * write behind every read a member makes; once per session per five minutes
 * keeps "Active 3 minutes ago" honest for a few rows written an hour.
 */
export const ACTIVITY_RECORD_INTERVAL_MS = LAST_ACTIVE_PRECISION_MS;

export function activityIsStale(lastActiveAt: Date, now: Date): boolean {
  return now.getTime() - lastActiveAt.getTime() >= ACTIVITY_RECORD_INTERVAL_MS;
}

/**
 * A signed-in request: the session was used, and its member is online and
 * was active (what Discover and Spin rank by and cards show as "Online now"
 * or "Active … ago"; presence.ts marks them offline once their sessions go quiet). Before this,
 * a member who stayed signed in was "active" only when they last typed a password.
 */
export async function recordActivity(db: OrbitDatabase, userId: string, sessionId: string, now: Date): Promise<void> {
  await Promise.all([
    // A page of this session is open again, if one had been closed.
    db.update(sessions).set({ lastActiveAt: now, leftAt: null }).where(eq(sessions.id, sessionId)),
    // greatest() skips a null, and never moves last seen back.
    db
      .update(users)
      .set({ lastSeenAt: sql`greatest(${users.lastSeenAt}, ${now.toISOString()}::timestamptz)`, isOnline: true })
      .where(eq(users.id, userId)),
  ]);
}
