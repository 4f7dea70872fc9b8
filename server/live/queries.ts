import { and, asc, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LiveEndReason } from '../../contract/live';
import { sessions, streamMessages, streamMutes, streams, streamViewers, users, type StreamRow, type UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { notBlockedEitherWay } from '../safety/queries';
import type { Executor, Transaction } from '../lib/transaction';

export type { Executor, Transaction };

const isLive = isNull(streams.endedAt);

/** The host as a stream's card shows them. */
const hostColumns = { id: users.id, username: users.username, name: users.name, avatar: users.avatar, gender: users.gender } as const;
export type HostColumns = Pick<UserRow, 'id' | 'username' | 'name' | 'avatar' | 'gender'>;

export interface StreamWithHost {
  stream: StreamRow;
  host: HostColumns;
}

export async function findStream(db: Executor, streamId: string): Promise<StreamRow | undefined> {
  const [row] = await db.select().from(streams).where(eq(streams.id, streamId)).limit(1);
  return row;
}

export async function findStreamWithHost(db: Executor, streamId: string): Promise<StreamWithHost | undefined> {
  const [row] = await db.select({ stream: streams, host: hostColumns }).from(streams).innerJoin(users, eq(users.id, streams.hostId)).where(eq(streams.id, streamId)).limit(1);
  return row;
}

/** Every live stream of a host who is not banned, oldest first (the caller orders by viewers). */
export async function liveStreamsWithHosts(db: Executor): Promise<StreamWithHost[]> {
  return db
    .select({ stream: streams, host: hostColumns })
    .from(streams)
    .innerJoin(users, eq(users.id, streams.hostId))
    .where(and(isLive, eq(users.isBanned, false)))
    .orderBy(asc(streams.startedAt));
}

/** A page of streams for the admin dashboard: live ones first, then the rest, newest first. */
export async function adminStreamsPage(db: Executor, onlyLive: boolean, offset: number, limit: number): Promise<{ rows: StreamWithHost[]; total: number }> {
  const where = onlyLive ? isLive : undefined;
  const rows = await db
    .select({ stream: streams, host: hostColumns })
    .from(streams)
    .innerJoin(users, eq(users.id, streams.hostId))
    .where(where)
    .orderBy(sql`${streams.endedAt} is null desc`, desc(streams.startedAt), desc(streams.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(streams).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The member's live stream, if any (one at most: streams_one_live_per_host_idx). */
export async function findLiveStreamOf(db: Executor, hostId: string): Promise<StreamRow | undefined> {
  const [row] = await db.select().from(streams).where(and(isLive, eq(streams.hostId, hostId))).limit(1);
  return row;
}

/** Streams the member started since `since`, ended ones included: the start limit counts attempts that went live. */
export async function countStartsSince(db: Executor, hostId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(streams)
    .where(and(eq(streams.hostId, hostId), gte(streams.startedAt, since)));
  return row?.count ?? 0;
}

/** Stores a new live stream; nothing when the host already has one (the partial unique index decides a race). */
export async function insertStream(db: Executor, values: Pick<StreamRow, 'id' | 'hostId' | 'hostSessionId' | 'hostAddressFingerprint' | 'title' | 'startedAt'>): Promise<StreamRow | undefined> {
  const [row] = await db.insert(streams).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Ends the live streams that match, once: `ended_at is null` in the same
 * statement makes two endings racing end a stream one time, and only the
 * winner gets the row back (to unpublish and tell everyone).
 */
/** Which live streams an ending is for; undefined is all of them. */
export type StreamFilter = SQL | undefined;

export async function endStreams(db: Executor, where: StreamFilter, reason: LiveEndReason, at: Date): Promise<StreamRow[]> {
  return db.update(streams).set({ endedAt: at, endReason: reason }).where(and(isLive, where)).returning();
}

export const streamIs = (streamId: string) => eq(streams.id, streamId);
export const hostedBy = (memberId: string) => eq(streams.hostId, memberId);
/** The session the stream was started from has ended (sign-out, a device signed out, a password change) or is gone. */
export const hostSessionEnded = sql`not exists (select 1 from ${sessions} where ${sessions.id} = ${streams.hostSessionId} and ${sessions.revokedAt} is null)`;
/** The member's streams whose hosting session is over (signed out elsewhere, revoked). */
export const hostedInEndedSession = (memberId: string) => and(hostedBy(memberId), hostSessionEnded);

/** Live streams whose host is one of the two: a block between them removes the other from its audience. */
export async function liveStreamsHostedByEither(db: Executor, firstId: string, secondId: string): Promise<StreamRow[]> {
  return db.select().from(streams).where(and(isLive, inArray(streams.hostId, [firstId, secondId])));
}

/** Every live stream, oldest first: the sweep checks each still has a host. */
export async function liveStreams(db: Executor): Promise<StreamRow[]> {
  return db.select().from(streams).where(isLive).orderBy(asc(streams.startedAt));
}

export async function liveStreamsOf(db: Executor, hostId: string): Promise<StreamRow[]> {
  return db.select().from(streams).where(and(isLive, hostedBy(hostId)));
}

/**
 * Remembers that the member watched the stream; the first time, the stream's
 * total unique viewers goes up by one. True when it was the first time.
 */
export async function recordViewer(db: OrbitDatabase, streamId: string, userId: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(streamViewers).values({ streamId, userId, firstJoinedAt: at }).onConflictDoNothing().returning({ userId: streamViewers.userId });
    if (!inserted) return false;
    await tx
      .update(streams)
      .set({ totalViewers: sql`${streams.totalViewers} + 1` })
      .where(eq(streams.id, streamId));
    return true;
  });
}

/** Keeps the most watching at once while the stream is live. */
export async function raisePeak(db: Executor, streamId: string, viewers: number): Promise<void> {
  await db
    .update(streams)
    .set({ peakViewers: sql`greatest(${streams.peakViewers}, ${viewers})` })
    .where(and(eq(streams.id, streamId), isLive, sql`${streams.peakViewers} < ${viewers}`));
}

/** Whether either of the two blocked the other. */
export async function blockedEitherWay(db: Executor, firstId: string, secondId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, secondId), notBlockedEitherWay(firstId, users.id))).limit(1);
  return row === undefined;
}

const chatColumns = {
  id: streamMessages.id,
  body: streamMessages.body,
  createdAt: streamMessages.createdAt,
  senderId: streamMessages.senderId,
  username: users.username,
  name: users.name,
} as const;
export interface ChatRow {
  id: string;
  body: string;
  createdAt: Date;
  senderId: string;
  username: string;
  name: string;
}

/** The stream's last `limit` messages the host did not remove, oldest first. */
export async function recentChat(db: Executor, streamId: string, limit: number): Promise<ChatRow[]> {
  const rows = await db
    .select(chatColumns)
    .from(streamMessages)
    .innerJoin(users, eq(users.id, streamMessages.senderId))
    .where(and(eq(streamMessages.streamId, streamId), isNull(streamMessages.removedAt)))
    .orderBy(desc(streamMessages.createdAt), desc(streamMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** Messages the member sent to the stream since `since`: the chat rate limit, counted from what is stored. */
export async function countChatSince(db: Executor, streamId: string, senderId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(streamMessages)
    .where(and(eq(streamMessages.streamId, streamId), eq(streamMessages.senderId, senderId), gte(streamMessages.createdAt, since)));
  return row?.count ?? 0;
}

export async function insertChat(db: Executor, values: { streamId: string; senderId: string; body: string; createdAt: Date }) {
  const [row] = await db.insert(streamMessages).values(values).returning();
  if (!row) throw new Error('stream message insert returned nothing');
  return row;
}

/** Marks a message of the stream removed; the row comes back only the first time. */
export async function markChatRemoved(db: Executor, streamId: string, messageId: string, at: Date): Promise<boolean> {
  const removed = await db
    .update(streamMessages)
    .set({ removedAt: at })
    .where(and(eq(streamMessages.id, messageId), eq(streamMessages.streamId, streamId), isNull(streamMessages.removedAt)))
    .returning({ id: streamMessages.id });
  return removed.length > 0;
}

export async function chatMessageExists(db: Executor, streamId: string, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: streamMessages.id })
    .from(streamMessages)
    .where(and(eq(streamMessages.id, messageId), eq(streamMessages.streamId, streamId)))
    .limit(1);
  return row !== undefined;
}

/** Mutes (again) a viewer of the stream until `until`. */
export async function muteViewer(db: Executor, streamId: string, userId: string, until: Date): Promise<void> {
  await db.insert(streamMutes).values({ streamId, userId, until }).onConflictDoUpdate({ target: [streamMutes.streamId, streamMutes.userId], set: { until } });
}

/** Until when the member may not chat in the stream, or null when they may. */
export async function mutedUntil(db: Executor, streamId: string, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: streamMutes.until })
    .from(streamMutes)
    .where(and(eq(streamMutes.streamId, streamId), eq(streamMutes.userId, userId), gt(streamMutes.until, now)))
    .limit(1);
  return row?.until ?? null;
}

/** What a member did in live streams, for their data export: streams hosted, watched, and their chat lines, newest first. */
export async function liveHistoryOf(db: Executor, userId: string) {
  const hosted = await db
    .select({ title: streams.title, startedAt: streams.startedAt, endedAt: streams.endedAt, peakViewers: streams.peakViewers, totalViewers: streams.totalViewers })
    .from(streams)
    .where(eq(streams.hostId, userId))
    .orderBy(desc(streams.startedAt));
  const watched = await db
    .select({ title: streams.title, hostUsername: users.username, hostName: users.name, firstJoinedAt: streamViewers.firstJoinedAt })
    .from(streamViewers)
    .innerJoin(streams, eq(streams.id, streamViewers.streamId))
    .innerJoin(users, eq(users.id, streams.hostId))
    .where(eq(streamViewers.userId, userId))
    .orderBy(desc(streamViewers.firstJoinedAt));
  const chatLines = await db
    .select({ title: streams.title, hostUsername: users.username, hostName: users.name, body: streamMessages.body, createdAt: streamMessages.createdAt, removedAt: streamMessages.removedAt })
    .from(streamMessages)
    .innerJoin(streams, eq(streams.id, streamMessages.streamId))
    .innerJoin(users, eq(users.id, streams.hostId))
    .where(eq(streamMessages.senderId, userId))
    .orderBy(desc(streamMessages.createdAt));
  return { hosted, watched, chatLines };
}
