import type { OrbitDatabase } from '../db/types';
import { ACTIVITY_RECORD_INTERVAL_MS } from './activity';
import { markQuietMembersOffline, markSessionLeftAt } from './queries/sessions';

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
 * Marks offline the online members none of whose sessions is live, was used
 * within PRESENCE_TIMEOUT_MS and still has an Orbit page open: they closed the
 * tab, logged out, or their session ended or ran out. Given a member, only
 * that member is settled (after a logout, so it shows at once rather than at
 * the next sweep).
 *
 * Presence is read off sessions, so an account that has never had one keeps
 * the flag it was given: the seeded demo people, who cannot sign in.
 * Returns how many members went offline.
 */
export async function settlePresence(db: OrbitDatabase, now: Date, onlyMember?: string): Promise<number> {
  const quietSince = new Date(now.getTime() - PRESENCE_TIMEOUT_MS);
  return markQuietMembersOffline(db, now, quietSince, onlyMember);
}

/**
 * The last realtime connection of this session closed and did not come back
 * within PRESENCE_GRACE_MS (the realtime plugin decides that): its member is
 * offline unless another of their devices is in use, rather than "Online now"
 * for up to PRESENCE_TIMEOUT_MS more. The session stays signed in, and its
 * next request or connection marks it in use again.
 */
export async function markSessionLeft(db: OrbitDatabase, userId: string, sessionId: string, now: Date): Promise<void> {
  await markSessionLeftAt(db, sessionId, now);
  await settlePresence(db, now, userId);
}
