import { ACTIVITY_RECORD_INTERVAL_MS } from '../auth/activity';
import type { OrbitDatabase } from '../db/types';
import { markSessionsInUse } from './queries';

/** Session ids per statement: a process may hold tens of thousands of sockets. */
const SESSIONS_PER_STATEMENT = 1_000;

/**
 * A member with an Orbit tab open is online, even a tab in the background
 * that makes no requests. Presence is read off sessions (server/auth/presence.ts
 * marks offline those quiet for PRESENCE_TIMEOUT_MS), so every interval the
 * sessions with a socket on this process are marked in use; each process
 * marks its own. The member's "last seen" is left alone: an open tab is
 * presence, not activity.
 *
 * So a member's open tab keeps their session from idling out (session-token.ts),
 * which is fine: the device is theirs and in use. Admin accounts never hold a
 * socket (the handshake takes members only), so an admin tab left open makes no
 * request and its session still ends after its 30 idle minutes. A session that
 * has already gone idle is never marked in use again.
 */
export function keepConnectedSessionsLive(
  db: OrbitDatabase,
  connectedSessionIds: () => string[],
  onError: (error: unknown) => void,
  intervalMs: number = ACTIVITY_RECORD_INTERVAL_MS,
): () => void {
  const timer = setInterval(() => {
    const ids = connectedSessionIds();
    void (async () => {
      const now = new Date();
      for (let start = 0; start < ids.length; start += SESSIONS_PER_STATEMENT) {
        await markSessionsInUse(db, ids.slice(start, start + SESSIONS_PER_STATEMENT), now);
      }
    })().catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
