import { and, asc, desc, eq, exists, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { conversations, likes, matches, messages, users, type ConversationRow, type MessageRow } from '../db/schema';
import { preparedOnce } from '../db/prepared-statements';
import type { OrbitDatabase } from '../db/types';
import { orderedPair } from '../lib/member-pair';
import type { Executor, Transaction } from '../lib/transaction';

export type { Executor };

/** The pair's columns as one side sees them: "mine" are the caller's marks, "theirs" the other member's. */
export function sides(callerId: string, peerId: string) {
  const pair = orderedPair(callerId, peerId);
  const callerIsA = pair.userAId === callerId;
  return {
    pair,
    myDelivered: callerIsA ? conversations.userADeliveredSeq : conversations.userBDeliveredSeq,
    myRead: callerIsA ? conversations.userAReadSeq : conversations.userBReadSeq,
    /** The other member's marks in a conversation row: how far they got with the caller's messages. */
    theirMarks: (row: ConversationRow) =>
      callerIsA ? { delivered: row.userBDeliveredSeq, read: row.userBReadSeq } : { delivered: row.userADeliveredSeq, read: row.userAReadSeq },
    myDeliveredName: callerIsA ? 'userADeliveredSeq' : 'userBDeliveredSeq',
    myReadName: callerIsA ? 'userAReadSeq' : 'userBReadSeq',
  } as const;
}

const pairIs = (table: typeof matches | typeof conversations, pair: { userAId: string; userBId: string }) =>
  and(eq(table.userAId, pair.userAId), eq(table.userBId, pair.userBId));

/** The live match between the two, with the other member's receipts choice (a send also holds it: storeMessage). */
export async function findLiveMatch(db: Executor, callerId: string, peerId: string) {
  const pair = orderedPair(callerId, peerId);
  const [row] = await db
    .select({ matchId: matches.id, peerReadReceipts: users.readReceipts, peerIsDemo: users.isDemo, peerName: users.name, peerUsername: users.username })
    .from(matches)
    .innerJoin(users, eq(users.id, peerId))
    .where(and(pairIs(matches, pair), eq(users.isBanned, false), eq(users.role, 'user')))
    .limit(1);
  return row;
}

/** The pair's conversation row, whatever its state. */
export async function findConversation(tx: Executor, callerId: string, peerId: string) {
  const pair = orderedPair(callerId, peerId);
  const [row] = await tx.select().from(conversations).where(pairIs(conversations, pair)).limit(1);
  return row;
}

/** Which messages wait for their reader: everything but the entry of a call that was answered. */
export const countsAsUnread = (kind: MessageRow['kind']): boolean => kind !== 'call';

/**
 * The reader's unread counter counted afresh after their read mark moved, in
 * the transaction that moved it: that update holds the row, so every message
 * stored before it is visible here and none can be stored until the commit.
 */
export async function recountUnread(tx: Transaction, conversationId: string, readerId: string): Promise<void> {
  const unread = sql`(select count(*) from ${messages} waiting
    where waiting.conversation_id = ${conversations.id} and waiting.sender_id <> ${readerId} and waiting.kind <> 'call'
    and waiting.seq > case when ${conversations.userAId} = ${readerId} then ${conversations.userAReadSeq} else ${conversations.userBReadSeq} end)`;
  await tx
    .update(conversations)
    .set({
      userAUnread: sql`case when ${conversations.userAId} = ${readerId} then ${unread} else ${conversations.userAUnread} end`,
      userBUnread: sql`case when ${conversations.userBId} = ${readerId} then ${unread} else ${conversations.userBUnread} end`,
    })
    .where(eq(conversations.id, conversationId));
}

/** What storeMessage found: no match (undefined), a repeat of a stored id (message null), or the new message. */
export interface StoredMessage {
  peerIsDemo: boolean;
  message: MessageRow | null;
}

/**
 * A message (a member's text, or a call's entry), stored in one statement:
 * the live-match check (holding the match row FOR SHARE, so an unmatch or
 * block racing the send waits for it, or the send sees no match), the
 * conversation's next number and the receiver's unread count (an upsert
 * that locks the conversation row, so concurrent senders queue there), and
 * the insert. One statement is one transaction, so the number is taken and
 * used atomically (gapless, in order), and a failed insert gives it back. A
 * text is the busiest write members make: as six round trips (a repeat
 * check, BEGIN, the match, the number, the insert, COMMIT) it cost a database
 * hop each, which on PGlite is a message to its worker. An id the sender
 * already used inserts nothing (message null). Prepared once per side the
 * receiver is on, since that names the unread column; in a caller's
 * transaction (a call's end) it runs there, built for that transaction.
 */
export async function storeMessage(
  executor: Executor,
  values: { senderId: string; peerId: string; id: string; body: string; kind: MessageRow['kind']; now: Date },
): Promise<StoredMessage | undefined> {
  const pair = orderedPair(values.senderId, values.peerId);
  const receiverIsA = pair.userAId === values.peerId;
  const unreadAdded = countsAsUnread(values.kind) ? 1 : 0;
  const [row] = await storeMessageStatement(executor, receiverIsA).execute({ ...values, unreadAdded, now: values.now.toISOString(), ...pair });
  return row && { peerIsDemo: row.peerIsDemo, message: row.message };
}

/** A transaction's handle lasts one transaction, so a statement kept for it would never be used again. */
const isTransaction = (executor: Executor): executor is Transaction => 'rollback' in executor;

function storeMessageStatement(executor: Executor, receiverIsA: boolean) {
  const name = `orbit_store_message_to_${receiverIsA ? 'a' : 'b'}`;
  return isTransaction(executor) ? buildStoreMessage(executor, receiverIsA, name) : preparedOnce(executor, name, (named) => buildStoreMessage(executor, receiverIsA, named));
}

function buildStoreMessage(db: Executor, receiverIsA: boolean, name: string) {
  const placeholder = (key: 'senderId' | 'peerId' | 'id' | 'body' | 'kind' | 'unreadAdded' | 'now' | 'userAId' | 'userBId') => sql.placeholder(key);
  const unread = sql.identifier(receiverIsA ? 'user_a_unread' : 'user_b_unread');
  const live = db.$with('live').as(
    db
      .select({ peerIsDemo: users.isDemo })
      .from(matches)
      .innerJoin(users, eq(users.id, placeholder('peerId')))
      .where(and(eq(matches.userAId, placeholder('userAId')), eq(matches.userBId, placeholder('userBId')), eq(users.isBanned, false), eq(users.role, 'user')))
      .for('share', { of: matches }),
  );
  const numbered = db.$with('numbered', { conversationId: conversations.id, seq: conversations.lastSeq }).as(sql`
    insert into ${conversations} (user_a_id, user_b_id, last_seq, last_message_at, ${unread})
    select ${placeholder('userAId')}::uuid, ${placeholder('userBId')}::uuid, 1, ${placeholder('now')}::timestamptz, ${placeholder('unreadAdded')}::int from ${live}
    where not exists (select 1 from ${messages} where ${messages.senderId} = ${placeholder('senderId')} and ${messages.id} = ${placeholder('id')})
    on conflict (user_a_id, user_b_id) do update set
      last_seq = ${conversations}.last_seq + 1, last_message_at = excluded.last_message_at, ended_at = null,
      ${unread} = ${conversations}.${unread} + excluded.${unread}
    returning id, last_seq`);
  const inserted = db
    .$with('inserted', {
      conversationId: messages.conversationId,
      seq: messages.seq,
      id: messages.id,
      senderId: messages.senderId,
      body: messages.body,
      kind: messages.kind,
      createdAt: messages.createdAt,
    })
    .as(sql`
      insert into ${messages} (conversation_id, seq, id, sender_id, body, kind, created_at)
      select id, last_seq, ${placeholder('id')}::uuid, ${placeholder('senderId')}::uuid, ${placeholder('body')}, ${placeholder('kind')}, ${placeholder('now')}::timestamptz from ${numbered}
      returning conversation_id, seq, id, sender_id, body, kind, created_at`);
  return db
    .with(live, numbered, inserted)
    .select({
      peerIsDemo: live.peerIsDemo,
      message: {
        conversationId: inserted.conversationId,
        seq: inserted.seq,
        id: inserted.id,
        senderId: inserted.senderId,
        body: inserted.body,
        kind: inserted.kind,
        createdAt: inserted.createdAt,
      },
    })
    .from(live)
    .leftJoin(inserted, sql`true`)
    .prepare(name);
}

/** A message the sender already stored under this id, with the conversation it belongs to. */
export async function findSentMessage(tx: Executor, senderId: string, id: string) {
  const [row] = await tx
    .select({ message: messages, userAId: conversations.userAId, userBId: conversations.userBId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.senderId, senderId), eq(messages.id, id)))
    .limit(1);
  return row;
}

/** A page of a conversation: after a number (catching up), before one (older history), or the newest. */
export type MessageRange = { after: number; limit: number } | { before?: number | undefined; limit: number };

export interface ConversationPage {
  peerReadReceipts: boolean;
  /** Null until the pair's first message. */
  conversation: ConversationRow | null;
  /** Oldest first. */
  messages: MessageRow[];
  /** Whether anything older than the first of `messages` is still stored (an unmatch deletes a conversation's messages, numbering goes on). */
  hasOlder: boolean;
}

/**
 * The live match (with the other member's receipts choice), the pair's
 * conversation and a page of its messages, in one round trip: every
 * reconnect catches up through here, and as three reads (the match and
 * conversation, the page, whether older ones exist) each was a database hop.
 * A page before a number or of the newest reads one message past its limit,
 * which says whether older ones exist. Undefined when there is no live match.
 */
export async function readConversationPage(db: OrbitDatabase, callerId: string, peerId: string, range: MessageRange): Promise<ConversationPage | undefined> {
  const pair = orderedPair(callerId, peerId);
  const catchingUp = 'after' in range;
  const rows = catchingUp
    ? await conversationPageStatement(db, 'after').execute({ ...pair, peerId, after: range.after, limit: range.limit })
    : range.before !== undefined
      ? await conversationPageStatement(db, 'before').execute({ ...pair, peerId, before: range.before, limit: range.limit + 1 })
      : await conversationPageStatement(db, 'newest').execute({ ...pair, peerId, limit: range.limit + 1 });
  const [first] = rows;
  if (!first) return undefined;
  const page = rows.flatMap((row) => (row.message ? [row.message] : []));
  const hasOlder = catchingUp ? range.after > 0 : page.length > range.limit;
  const messagesOldestFirst = catchingUp ? page : page.slice(0, range.limit).reverse();
  return { peerReadReceipts: first.peerReadReceipts, conversation: first.conversation, messages: messagesOldestFirst, hasOlder };
}

function conversationPageStatement(db: OrbitDatabase, kind: 'after' | 'before' | 'newest') {
  return preparedOnce(db, `orbit_conversation_page_${kind}`, (name) => {
    const placeholder = (key: 'userAId' | 'userBId' | 'peerId' | 'after' | 'before' | 'limit') => sql.placeholder(key);
    const inConversation = eq(messages.conversationId, conversations.id);
    const page = db
      .select()
      .from(messages)
      .where(kind === 'after' ? and(inConversation, gt(messages.seq, placeholder('after'))) : kind === 'before' ? and(inConversation, lt(messages.seq, placeholder('before'))) : inConversation)
      .orderBy(kind === 'after' ? asc(messages.seq) : desc(messages.seq))
      .limit(placeholder('limit'))
      .as('page');
    const pair = { userAId: placeholder('userAId'), userBId: placeholder('userBId') };
    return db
      .select({
        peerReadReceipts: users.readReceipts,
        conversation: conversations,
        message: { conversationId: page.conversationId, seq: page.seq, id: page.id, senderId: page.senderId, body: page.body, kind: page.kind, createdAt: page.createdAt },
      })
      .from(matches)
      .innerJoin(users, eq(users.id, placeholder('peerId')))
      .leftJoin(conversations, and(eq(conversations.userAId, pair.userAId), eq(conversations.userBId, pair.userBId)))
      .leftJoinLateral(page, sql`true`)
      .where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId), eq(users.isBanned, false), eq(users.role, 'user')))
      .orderBy(kind === 'after' ? asc(page.seq) : desc(page.seq))
      .prepare(name);
  });
}

/**
 * The caller's live matches as conversations, latest activity first: the
 * other member, the match, the conversation's numbers and marks, its last
 * message and the caller's unread count.
 */
export async function listConversations(db: Executor, callerId: string) {
  const peerId = sql<string>`case when ${matches.userAId} = ${callerId} then ${matches.userBId} else ${matches.userAId} end`;
  const callerIsA = sql`${matches.userAId} = ${callerId}`;
  const lastMessage = db
    .select({ seq: messages.seq, id: messages.id, senderId: messages.senderId, body: messages.body, kind: messages.kind, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.seq))
    .limit(1)
    .as('last_message');
  return db
    .select({
      conversationId: conversations.id,
      peerId: users.id,
      username: users.username,
      name: users.name,
      avatar: users.avatar,
      gender: users.gender,
      isOnline: users.isOnline,
      peerActivityVisible: users.activityVisible,
      peerIsDemo: users.isDemo,
      peerReadReceipts: users.readReceipts,
      matchedAt: matches.createdAt,
      lastSeq: sql<number>`coalesce(${conversations.lastSeq}, 0)`.mapWith(Number),
      theirDelivered: sql<number>`coalesce(case when ${callerIsA} then ${conversations.userBDeliveredSeq} else ${conversations.userADeliveredSeq} end, 0)`.mapWith(Number),
      theirRead: sql<number>`coalesce(case when ${callerIsA} then ${conversations.userBReadSeq} else ${conversations.userAReadSeq} end, 0)`.mapWith(Number),
      myDelivered: sql<number>`coalesce(case when ${callerIsA} then ${conversations.userADeliveredSeq} else ${conversations.userBDeliveredSeq} end, 0)`.mapWith(Number),
      unread: sql<number>`coalesce(case when ${callerIsA} then ${conversations.userAUnread} else ${conversations.userBUnread} end, 0)`.mapWith(Number),
      last: {
        seq: lastMessage.seq,
        id: lastMessage.id,
        senderId: lastMessage.senderId,
        body: lastMessage.body,
        kind: lastMessage.kind,
        createdAt: lastMessage.createdAt,
      },
    })
    .from(matches)
    .innerJoin(users, eq(users.id, peerId))
    .leftJoin(conversations, and(eq(conversations.userAId, matches.userAId), eq(conversations.userBId, matches.userBId)))
    .leftJoinLateral(lastMessage, sql`true`)
    .where(and(or(eq(matches.userAId, callerId), eq(matches.userBId, callerId)), eq(users.isBanned, false), ne(users.role, 'admin')))
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${matches.createdAt})`), desc(matches.id));
}

/**
 * Moves the caller's delivered mark forward in several conversations at once
 * (each to its own number, never past the last one), in one statement. Only
 * conversations of a live match with a member in good standing move, as in
 * one mark at a time; the rows that moved come back with the caller's marks.
 */
export async function markDeliveredUpTo(db: Executor, callerId: string, targets: ReadonlyArray<{ conversationId: string; seq: number }>) {
  if (targets.length === 0) return [];
  const callerIsA = sql`${conversations.userAId} = ${callerId}`;
  const target = sql`case ${conversations.id} ${sql.join(
    targets.map(({ conversationId, seq }) => sql`when ${conversationId}::uuid then ${seq}::integer`),
    sql` `,
  )} end`;
  const myDelivered = sql<number>`case when ${callerIsA} then ${conversations.userADeliveredSeq} else ${conversations.userBDeliveredSeq} end`;
  const myRead = sql<number>`case when ${callerIsA} then ${conversations.userAReadSeq} else ${conversations.userBReadSeq} end`;
  const newDelivered = sql`greatest(${myDelivered}, least(${target}, ${conversations.lastSeq}))`;
  const peerId = sql`case when ${callerIsA} then ${conversations.userBId} else ${conversations.userAId} end`;
  const liveMatch = db
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(users, eq(users.id, peerId))
    .where(and(eq(matches.userAId, conversations.userAId), eq(matches.userBId, conversations.userBId), eq(users.isBanned, false), eq(users.role, 'user')));
  return db
    .update(conversations)
    .set({
      userADeliveredSeq: sql`case when ${callerIsA} then ${newDelivered} else ${conversations.userADeliveredSeq} end`,
      userBDeliveredSeq: sql`case when ${callerIsA} then ${conversations.userBDeliveredSeq} else ${newDelivered} end`,
    })
    .where(
      and(
        inArray(
          conversations.id,
          targets.map((t) => t.conversationId),
        ),
        sql`${newDelivered} > ${myDelivered}`,
        exists(liveMatch),
      ),
    )
    .returning({ conversationId: conversations.id, delivered: myDelivered.mapWith(Number), read: myRead.mapWith(Number) });
}

/**
 * Moves the caller's marks forward (never past the last number) in one
 * statement: the row is only touched, and returned with the caller's marks
 * after, when a mark moves, which is when the other member hears of it.
 */
export async function moveMarks(tx: Executor, callerId: string, peerId: string, delivered: number, read: number | undefined) {
  const side = sides(callerId, peerId);
  const newDelivered = sql`greatest(${side.myDelivered}, least(${delivered}, ${conversations.lastSeq}))`;
  const newRead = read === undefined ? side.myRead : sql`greatest(${side.myRead}, least(${read}, ${conversations.lastSeq}))`;
  const [after] = await tx
    .update(conversations)
    .set({ [side.myDeliveredName]: newDelivered, ...(read === undefined ? {} : { [side.myReadName]: newRead }) })
    .where(and(pairIs(conversations, side.pair), or(sql`${newDelivered} > ${side.myDelivered}`, sql`${newRead} > ${side.myRead}`)))
    .returning({ id: conversations.id, delivered: side.myDelivered, read: side.myRead });
  return after;
}

/** Deletes the pair's match; its id when there was one. */
export async function deleteMatch(tx: Transaction, firstId: string, secondId: string): Promise<string | undefined> {
  const [ended] = await tx.delete(matches).where(pairIs(matches, orderedPair(firstId, secondId))).returning({ id: matches.id });
  return ended?.id;
}

/** The member's like of the other becomes a pass. */
export async function turnLikeIntoPass(tx: Transaction, fromId: string, toId: string, now: Date): Promise<void> {
  await tx
    .update(likes)
    .set({ type: 'dislike', updatedAt: now })
    .where(and(eq(likes.fromUserId, fromId), eq(likes.toUserId, toId)));
}

/** The conversation's latest `limit` messages, newest first. */
export async function latestMessages(db: Executor, conversationId: string, limit: number) {
  return db
    .select({ senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/** The ids of everyone the member is matched with (who hears about their presence). */
export async function matchedMemberIds(db: Executor, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sql<string>`case when ${matches.userAId} = ${memberId} then ${matches.userBId} else ${matches.userAId} end` })
    .from(matches)
    .where(or(eq(matches.userAId, memberId), eq(matches.userBId, memberId)));
  return rows.map((row) => row.id);
}

/**
 * The matches of several members in one query, as pairs (each match once):
 * presence news for many members at once (a reconnect storm after a restart)
 * costs one round trip rather than one per member.
 */
export async function matchPairsOf(db: Executor, memberIds: readonly string[]): Promise<Array<{ userAId: string; userBId: string }>> {
  if (memberIds.length === 0) return [];
  const ids = [...memberIds];
  return db
    .select({ userAId: matches.userAId, userBId: matches.userBId })
    .from(matches)
    .where(or(inArray(matches.userAId, ids), inArray(matches.userBId, ids)));
}

/**
 * The match is over (unmatch, block, a like taken back): the conversation's
 * messages go, its row stays as a counter marked ended, so a send is told
 * why it is refused. Runs in the transaction that ends the match.
 */
export async function endConversation(tx: Transaction, firstId: string, secondId: string, now: Date): Promise<void> {
  const pair = orderedPair(firstId, secondId);
  const [ended] = await tx
    .update(conversations)
    .set({
      endedAt: now,
      userADeliveredSeq: conversations.lastSeq,
      userBDeliveredSeq: conversations.lastSeq,
      userAReadSeq: conversations.lastSeq,
      userBReadSeq: conversations.lastSeq,
      userAUnread: 0,
      userBUnread: 0,
    })
    .where(pairIs(conversations, pair))
    .returning({ id: conversations.id });
  if (ended) await tx.delete(messages).where(eq(messages.conversationId, ended.id));
}

/** Every message of the member's conversations, for their data export, oldest first per conversation. */
export async function messagesOfMember(db: Executor, memberId: string) {
  const peerId = sql<string>`case when ${conversations.userAId} = ${memberId} then ${conversations.userBId} else ${conversations.userAId} end`;
  return db
    .select({ peerId, peerUsername: users.username, seq: messages.seq, fromMe: sql<boolean>`${messages.senderId} = ${memberId}`, body: messages.body, sentAt: messages.createdAt })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, peerId))
    .where(or(eq(conversations.userAId, memberId), eq(conversations.userBId, memberId)))
    .orderBy(asc(users.username), asc(messages.seq));
}
