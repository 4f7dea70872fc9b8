import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { conversations, matches, notificationSettings, users } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

/** The window of news a sweep looks at: older than the grace pushes get, younger than the oldest news worth an email. */
export interface DigestWindow {
  /** News after this (a week back) still counts. */
  from: Date;
  /** News before this (an hour back) is what pushes and the open app did not bring the member to see. */
  until: Date;
}

/** Whether a member may get a news email at all: a member with an address, not banned nor a demo person, who left it on. */
const mayGetNewsEmail = sql`(${users.role} = 'user' and not ${users.isBanned} and not ${users.isDemo} and ${users.email} is not null and ${users.email} <> ''
  and coalesce((select ${notificationSettings.emailDigest} from ${notificationSettings} where ${notificationSettings.userId} = ${users.id}), true))`;

/**
 * Members due a news email: news in the window (an unread message in a
 * conversation last written in then, or a match made then) from after their
 * last visit and their last email, no email in the last day, and the email
 * left on. Read off the indexes on conversations.last_message_at and
 * matches.created_at; `digestNews` then reads what to tell each.
 */
export async function membersWithNews(db: OrbitDatabase, window: DigestWindow, emailedSince: Date, limit: number): Promise<string[]> {
  const inWindow = (column: typeof conversations.lastMessageAt | typeof matches.createdAt) => and(gt(column, window.from), lte(column, window.until));
  const result: unknown = await db.execute(sql`
    select distinct news.user_id from (
      select ${conversations.userAId} as user_id, ${conversations.lastMessageAt} as at from ${conversations}
        where ${inWindow(conversations.lastMessageAt)} and ${conversations.userAUnread} > 0 and ${conversations.endedAt} is null
      union all
      select ${conversations.userBId}, ${conversations.lastMessageAt} from ${conversations}
        where ${inWindow(conversations.lastMessageAt)} and ${conversations.userBUnread} > 0 and ${conversations.endedAt} is null
      union all
      select ${matches.userAId}, ${matches.createdAt} from ${matches} where ${inWindow(matches.createdAt)}
      union all
      select ${matches.userBId}, ${matches.createdAt} from ${matches} where ${inWindow(matches.createdAt)}
    ) as news
    join ${users} on ${users.id} = news.user_id
    where news.at > coalesce(${users.lastSeenAt}, '-infinity'::timestamptz) and ${mayGetNewsEmail}
      and not exists (
        select 1 from ${notificationSettings} where ${notificationSettings.userId} = news.user_id
          and (${notificationSettings.lastDigestAt} > ${emailedSince.toISOString()}::timestamptz or news.at <= ${notificationSettings.lastDigestAt})
      )
    limit ${limit}`);
  // The app's drivers (node-postgres, and PGlite through it) both answer raw SQL with { rows }.
  const rows = (result as { rows?: Array<{ user_id: string }> }).rows;
  if (!rows) throw new Error('membersWithNews: the driver gave no rows');
  return rows.map((row) => row.user_id);
}

export interface DigestNews {
  email: string;
  name: string;
  /** People matched since the member was last in Orbit (and since the last email). */
  newMatches: string[];
  /** People whose messages wait unread, with how many. */
  unread: Array<{ name: string; count: number }>;
}

/**
 * What one member missed: matches and unread messages from after both their
 * last visit and their last news email, and before the window's end. Null when
 * they may not get a news email, or when nothing is left to tell.
 */
export async function digestNews(db: OrbitDatabase, userId: string, window: DigestWindow): Promise<DigestNews | null> {
  const [member] = await db
    .select({ email: users.email, name: users.name, username: users.username, lastSeenAt: users.lastSeenAt, lastDigestAt: notificationSettings.lastDigestAt })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(eq(users.id, userId), mayGetNewsEmail));
  if (!member?.email) return null;
  const since = new Date(Math.max(window.from.getTime(), member.lastSeenAt?.getTime() ?? 0, member.lastDigestAt?.getTime() ?? 0));
  const peerOf = (a: AnyPgColumn, b: AnyPgColumn) => sql`case when ${a} = ${userId} then ${b} else ${a} end`;

  const matchRows = await db
    .select({ name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})` })
    .from(matches)
    .innerJoin(users, eq(users.id, peerOf(matches.userAId, matches.userBId)))
    .where(and(or(eq(matches.userAId, userId), eq(matches.userBId, userId)), gt(matches.createdAt, since), lte(matches.createdAt, window.until), eq(users.isBanned, false)))
    .orderBy(matches.createdAt);

  const unreadCount = sql<number>`case when ${conversations.userAId} = ${userId} then ${conversations.userAUnread} else ${conversations.userBUnread} end`.mapWith(Number);
  const unreadRows = await db
    .select({ name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})`, count: unreadCount })
    .from(conversations)
    .innerJoin(users, eq(users.id, peerOf(conversations.userAId, conversations.userBId)))
    .where(
      and(
        or(eq(conversations.userAId, userId), eq(conversations.userBId, userId)),
        isNull(conversations.endedAt),
        gt(conversations.lastMessageAt, since),
        lte(conversations.lastMessageAt, window.until),
        gt(unreadCount, 0),
        eq(users.isBanned, false),
      ),
    )
    .orderBy(conversations.lastMessageAt);

  if (matchRows.length === 0 && unreadRows.length === 0) return null;
  return {
    email: member.email,
    name: member.name || member.username,
    newMatches: matchRows.map((row) => row.name),
    unread: unreadRows.map((row) => ({ name: row.name, count: row.count })),
  };
}

/**
 * Takes today's news email for the member: true for exactly one caller (of
 * several processes sweeping at once) and only when none went out in the last
 * day. Written before sending, so a crash between loses one email rather than
 * sending two.
 */
export async function claimDigest(db: OrbitDatabase, userId: string, now: Date, oncePer: number): Promise<boolean> {
  const dayAgo = new Date(now.getTime() - oncePer);
  const claimed = await db
    .insert(notificationSettings)
    .values({ userId, lastDigestAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { lastDigestAt: now },
      setWhere: or(isNull(notificationSettings.lastDigestAt), lte(notificationSettings.lastDigestAt, dayAgo)),
    })
    .returning({ userId: notificationSettings.userId });
  return claimed.length > 0;
}

/** Turns the news email off for the member (the one-click unsubscribe); their other switches stay. */
export async function stopNewsEmails(db: OrbitDatabase, userId: string): Promise<boolean> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) return false;
  await db
    .insert(notificationSettings)
    .values({ userId, emailDigest: false })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailDigest: false, updatedAt: new Date() } });
  return true;
}
