import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, type PushKind } from '../../../contract/notifications';
import { matches, notificationSettings, pushSubscriptions, sessions, users } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';
import { notBlockedEitherWay } from '../../safety/queries';

export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The member's switches, the defaults where they never changed any. */
export async function readNotificationSettings(db: OrbitDatabase, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      match: notificationSettings.match,
      message: notificationSettings.message,
      call: notificationSettings.call,
      live: notificationSettings.live,
      messagePreviews: notificationSettings.messagePreviews,
      emailDigest: notificationSettings.emailDigest,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? DEFAULT_NOTIFICATION_SETTINGS;
}

/** Stores the switches given, keeping the others; returns all of them. */
export async function saveNotificationSettings(db: OrbitDatabase, userId: string, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ ...DEFAULT_NOTIFICATION_SETTINGS, ...changes, userId })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('notification settings upsert returned no row');
  return { match: row.match, message: row.message, call: row.call, live: row.live, messagePreviews: row.messagePreviews, emailDigest: row.emailDigest };
}

/**
 * Keeps one browser's subscription for the member. The endpoint names the
 * browser: a second member signing in there takes it over, so one person's
 * news never reaches the browser another now uses.
 */
export async function saveSubscription(db: OrbitDatabase, owner: { userId: string; sessionId: string }, subscription: StoredPushSubscription): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...owner, ...subscription })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...owner, p256dh: subscription.p256dh, auth: subscription.auth } });
}

/** The member's own subscription for this browser goes; another member's stays. */
export async function deleteOwnSubscription(db: OrbitDatabase, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The push service said the subscription is gone (404 or 410): it will never take a message again. */
export async function deleteGoneSubscription(db: OrbitDatabase, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** Every browser of the member's, and whether message text may show (for the message kind). */
export interface PushRecipient {
  subscriptions: StoredPushSubscription[];
  messagePreviews: boolean;
}

const kindColumn = {
  match: notificationSettings.match,
  message: notificationSettings.message,
  call: notificationSettings.call,
  live: notificationSettings.live,
} as const;

/**
 * Where news of `kind` about `aboutId` may go: the recipient's browsers, only
 * while neither of the two is banned or blocked the other, and the recipient
 * has that kind on. Nothing (no subscriptions) otherwise.
 */
export async function pushRecipient(
  db: OrbitDatabase,
  { recipientId, aboutId, kind }: { recipientId: string; aboutId: string; kind: PushKind },
): Promise<PushRecipient> {
  const rows = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      messagePreviews: sql<boolean>`coalesce(${notificationSettings.messagePreviews}, true)`,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    // Signed out there (or everywhere), or the session ran out: that browser is no longer the member's.
    .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, pushSubscriptions.userId))
    .where(
      and(
        eq(pushSubscriptions.userId, recipientId),
        eq(users.isBanned, false),
        sql`coalesce(${kindColumn[kind]}, true)`,
        notBlockedEitherWay(recipientId, sql`${aboutId}::uuid`),
        sql`not exists (select 1 from ${users} where ${users.id} = ${aboutId} and ${users.isBanned})`,
      ),
    );
  return {
    subscriptions: rows.map(({ endpoint, p256dh, auth }) => ({ endpoint, p256dh, auth })),
    messagePreviews: rows[0]?.messagePreviews ?? true,
  };
}

/** The members matched with this one who have a push subscription at all: who a stream's start may reach. */
export async function matchesWithSubscriptions(db: OrbitDatabase, memberId: string): Promise<string[]> {
  const peer = sql<string>`case when ${matches.userAId} = ${memberId} then ${matches.userBId} else ${matches.userAId} end`;
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(matches)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, peer))
    .where(sql`(${matches.userAId} = ${memberId} or ${matches.userBId} = ${memberId})`);
  return rows.map((row) => row.userId);
}
