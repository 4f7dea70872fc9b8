import { and, count, desc, eq, gt, isNotNull, isNull, lt, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { SIGNED_IN_DEVICES_SHOWN } from '../../../contract/auth/sessions';
import { sessions, users, type SessionRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';
import { IDLE_CHECK_SLACK_MS } from '../activity';

/** The SQL form of !sessionIsIdle, for queries over many sessions. */
export function sessionNotIdle(now: Date): SQL {
  return sql`${sessions.lastActiveAt} + make_interval(secs => ${sessions.idleTimeoutSeconds} + ${IDLE_CHECK_SLACK_MS / 1000}) >= ${now.toISOString()}::timestamptz`;
}

/** The account's sessions that still open the door: not ended, not expired, not idle too long. */
export function liveSessionsOf(userId: string, now: Date) {
  return and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), sessionNotIdle(now));
}

/**
 * Rows that can never open anything again are dropped when a session starts,
 * so an account keeps only its live sessions and the table does not grow without bound.
 */
export async function dropDeadSessions(db: OrbitDatabase, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt), not(sessionNotIdle(now)))));
}

export async function insertSession(db: OrbitDatabase, session: Pick<SessionRow, 'id' | 'userId' | 'createdAt' | 'expiresAt' | 'userAgent' | 'lastActiveAt' | 'idleTimeoutSeconds'>): Promise<void> {
  await db.insert(sessions).values(session);
}

/** Logout: this one session ends; the account's other sessions go on. */
export async function revokeSession(db: OrbitDatabase, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Password change and "sign out of other devices": every session of the
 * account but the calling one ends. Returns how many were still live.
 */
export async function revokeOtherSessions(db: OrbitDatabase, userId: string, keptSessionId: string, now: Date): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(liveSessionsOf(userId, now), ne(sessions.id, keptSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ban: every session of the account ends. */
export async function revokeAllSessions(db: OrbitDatabase, userId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
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

/**
 * Marks offline the online members none of whose sessions is live, was used
 * since `quietSince` and still has an Orbit page open (only `onlyMember`, when
 * given). An account that has never had a session keeps its flag. Returns how
 * many members went offline.
 */
export async function markQuietMembersOffline(db: OrbitDatabase, now: Date, quietSince: Date, onlyMember?: string): Promise<number> {
  const conditions: SQL[] = [
    eq(users.isOnline, true),
    sql`exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id})`,
    sql`not exists (
      select 1 from ${sessions}
      where ${sessions.userId} = ${users.id}
        and ${sessions.revokedAt} is null
        and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz
        and ${sessions.lastActiveAt} >= ${quietSince.toISOString()}::timestamptz
        and ${sessions.leftAt} is null
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

/** The last page of this session closed. */
export async function markSessionLeftAt(db: OrbitDatabase, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ leftAt: now }).where(eq(sessions.id, sessionId));
}

/** The live sessions shown on "where you are signed in": the calling session first, then the most recently used; and how many there are. */
export async function signedInDeviceRows(db: OrbitDatabase, userId: string, currentSessionId: string, now: Date) {
  const isCurrent = sql<boolean>`${sessions.id} = ${currentSessionId}`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        handle: sessions.handle,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastActiveAt: sessions.lastActiveAt,
        expiresAt: sessions.expiresAt,
        current: isCurrent,
      })
      .from(sessions)
      .where(liveSessionsOf(userId, now))
      .orderBy(desc(isCurrent), desc(sessions.lastActiveAt), desc(sessions.createdAt), desc(sessions.handle))
      .limit(SIGNED_IN_DEVICES_SHOWN),
    db.select({ total: count() }).from(sessions).where(liveSessionsOf(userId, now)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Ends one of the account's live sessions by its handle; false when none was live under that handle. */
export async function revokeSessionByHandle(db: OrbitDatabase, userId: string, handle: string, now: Date): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(liveSessionsOf(userId, now), eq(sessions.handle, handle)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * The account and the given session of a signed-in request, in one query:
 * a named prepared statement, built once per app, since every signed-in
 * request runs it. Placeholders: userId, sessionId.
 */
export function prepareAccountAndSession(db: OrbitDatabase) {
  return db
    .select({
      user: users,
      session: {
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        lastActiveAt: sessions.lastActiveAt,
        leftAt: sessions.leftAt,
        idleTimeoutSeconds: sessions.idleTimeoutSeconds,
      },
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('orbit_account_and_session');
}
