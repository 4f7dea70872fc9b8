import { and, asc, count, desc, eq, gte, or, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { giftSends, gifts, streams, users, type GiftRow, type GiftSendRow } from '../db/schema';
import type { Executor } from '../lib/transaction';

export async function activeGiftRows(db: Executor): Promise<GiftRow[]> {
  return db.select().from(gifts).where(eq(gifts.active, true)).orderBy(asc(gifts.sortOrder), asc(gifts.createdAt));
}

export async function giftById(db: Executor, id: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, id));
  return row;
}

/** The member's send named `sendId`, when it was already made. */
export async function sendBySendId(db: Executor, senderId: string, sendId: string): Promise<GiftSendRow | undefined> {
  const [row] = await db
    .select()
    .from(giftSends)
    .where(and(eq(giftSends.senderId, senderId), eq(giftSends.sendId, sendId)));
  return row;
}

export async function insertGiftSend(
  db: Executor,
  values: Pick<GiftSendRow, 'senderId' | 'sendId' | 'giftId' | 'recipientId' | 'streamId' | 'coins' | 'entryId' | 'createdAt'> & Partial<Pick<GiftSendRow, 'fromHostAddress'>>,
): Promise<GiftSendRow> {
  const [row] = await db.insert(giftSends).values(values).returning();
  if (!row) throw new Error('a gift send was not stored');
  return row;
}

export async function countSendsSince(db: Executor, senderId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ sends: count() })
    .from(giftSends)
    .where(and(eq(giftSends.senderId, senderId), gte(giftSends.createdAt, since)));
  return row?.sends ?? 0;
}

/** Whether any member ever sent this gift (then it can be retired, never deleted). */
export async function giftWasSent(db: Executor, giftId: string): Promise<boolean> {
  const [row] = await db.select({ id: giftSends.id }).from(giftSends).where(eq(giftSends.giftId, giftId)).limit(1);
  return row !== undefined;
}

export interface SentGiftRow {
  sendId: string;
  giftId: string;
  giftName: string;
  giftIcon: string;
  coins: number;
  senderId: string | null;
  senderUsername: string | null;
  senderName: string | null;
  createdAt: Date;
}

const sentGiftColumns = {
  sendId: giftSends.sendId,
  giftId: giftSends.giftId,
  giftName: gifts.name,
  giftIcon: gifts.icon,
  coins: giftSends.coins,
  senderId: giftSends.senderId,
  senderUsername: users.username,
  senderName: users.name,
  createdAt: giftSends.createdAt,
} as const;

export async function sentGiftById(db: Executor, id: string): Promise<SentGiftRow | undefined> {
  const [row] = await db
    .select(sentGiftColumns)
    .from(giftSends)
    .innerJoin(gifts, eq(gifts.id, giftSends.giftId))
    .leftJoin(users, eq(users.id, giftSends.senderId))
    .where(eq(giftSends.id, id));
  return row;
}

/** The stream's last `limit` gifts, oldest first. */
export async function recentStreamGifts(db: Executor, streamId: string, limit: number): Promise<SentGiftRow[]> {
  const rows = await db
    .select(sentGiftColumns)
    .from(giftSends)
    .innerJoin(gifts, eq(gifts.id, giftSends.giftId))
    .leftJoin(users, eq(users.id, giftSends.senderId))
    .where(eq(giftSends.streamId, streamId))
    .orderBy(desc(giftSends.createdAt), desc(giftSends.id))
    .limit(limit);
  return rows.reverse();
}

export interface StreamTakingsRow {
  coins: number;
  gifts: number;
}

export async function streamTakings(db: Executor, streamId: string): Promise<StreamTakingsRow> {
  const [row] = await db
    .select({ coins: sum(giftSends.coins).mapWith(Number), gifts: count() })
    .from(giftSends)
    .where(eq(giftSends.streamId, streamId));
  return { coins: row?.coins ?? 0, gifts: row?.gifts ?? 0 };
}

export interface TopGifterRow {
  id: string;
  username: string;
  name: string;
  coins: number;
}

/** The stream's biggest gifters (accounts still there), most coins first. */
export async function topStreamGifters(db: Executor, streamId: string, limit: number): Promise<TopGifterRow[]> {
  const coins = sql<number>`sum(${giftSends.coins})`.mapWith(Number);
  return db
    .select({ id: users.id, username: users.username, name: users.name, coins })
    .from(giftSends)
    .innerJoin(users, eq(users.id, giftSends.senderId))
    .where(eq(giftSends.streamId, streamId))
    .groupBy(users.id)
    .orderBy(desc(coins), asc(users.username))
    .limit(limit);
}

export interface MemberGiftRow {
  senderId: string | null;
  giftName: string;
  coins: number;
  peerUsername: string | null;
  peerName: string | null;
  streamTitle: string | null;
  createdAt: Date;
}

/** Every gift the member sent or received, newest first, with the other member (for their data export). */
export async function giftsOfMember(db: Executor, memberId: string): Promise<MemberGiftRow[]> {
  const peer = alias(users, 'peer');
  return db
    .select({
      senderId: giftSends.senderId,
      giftName: gifts.name,
      coins: giftSends.coins,
      peerUsername: peer.username,
      peerName: peer.name,
      streamTitle: streams.title,
      createdAt: giftSends.createdAt,
    })
    .from(giftSends)
    .innerJoin(gifts, eq(gifts.id, giftSends.giftId))
    .leftJoin(peer, sql`${peer.id} = case when ${giftSends.senderId} = ${memberId} then ${giftSends.recipientId} else ${giftSends.senderId} end`)
    .leftJoin(streams, eq(streams.id, giftSends.streamId))
    .where(or(eq(giftSends.senderId, memberId), eq(giftSends.recipientId, memberId)))
    .orderBy(desc(giftSends.createdAt), desc(giftSends.id));
}
