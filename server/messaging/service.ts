import {
  CONVERSATION_ENDED_MESSAGE,
  CONVERSATION_NOT_FOUND_MESSAGE,
  MATCH_NOT_FOUND_MESSAGE,
  UNMATCHED_MESSAGE,
  type ConversationSummary,
  type Message,
  type MessageKind,
  type MessagesQuery,
  type MessagesResponse,
  type Receipts,
  type SendMessageBody,
} from '../../contract/messaging';
import { REPORT_EXCERPT_MESSAGES, type ReportedMessage } from '../../contract/safety';
import type { MessageRow, UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { errorChain } from '../db/error-chain';
import { lockPair, orderedPair } from '../lib/member-pair';
import type { Transaction } from '../lib/transaction';
import { HttpError } from '../plugins/errors';
import { defaultAvatarUrl } from '../members/views';
import {
  deleteMatch,
  endConversation,
  findConversation,
  findLiveMatch,
  findSentMessage,
  latestMessages,
  listConversations,
  markDeliveredUpTo,
  moveMarks,
  readConversationPage,
  recountUnread,
  sides,
  storeMessage,
  turnLikeIntoPass,
  type Executor,
  type StoredMessage,
} from './queries';

export function toMessage(row: Pick<MessageRow, 'id' | 'seq' | 'senderId' | 'body' | 'createdAt'> & { kind?: MessageRow['kind'] }): Message {
  return { id: row.id, seq: row.seq, senderId: row.senderId, text: row.body, kind: row.kind ?? 'text', sentAt: row.createdAt.toISOString() };
}

/** Read marks are shown only where both members allow them: whoever turns them off sees none either. */
function visibleReceipts(delivered: number, read: number, callerAllows: boolean, peerAllows: boolean): Receipts {
  return { deliveredSeq: delivered, readSeq: callerAllows && peerAllows ? read : 0 };
}

/** Why there is no live match: it ended (403, said so), or there never was one the caller may see (404). */
async function refusal(db: Executor, callerId: string, peerId: string): Promise<HttpError> {
  const conversation = await findConversation(db, callerId, peerId);
  return conversation?.endedAt ? new HttpError(403, CONVERSATION_ENDED_MESSAGE) : new HttpError(404, CONVERSATION_NOT_FOUND_MESSAGE);
}

/** Refuses unless the two are matched now (typing goes only between matches). */
export async function assertLiveMatch(db: OrbitDatabase, caller: UserRow, peerId: string): Promise<void> {
  if (!(await findLiveMatch(db, caller.id, peerId))) throw await refusal(db, caller.id, peerId);
}

/** Receipts the other member of a conversation is to hear of (their own messages' marks, as they may see them). */
export interface ReceiptsForPeer {
  peerId: string;
  receipts: Receipts;
}

/**
 * The caller's conversations. Fetching them hands the device every last
 * message, so whatever the other member wrote up to it counts as delivered
 * from here on (a member who was away hears of it on their return); those
 * marks come back for the other members to be told.
 */
export async function listMemberConversations(
  db: OrbitDatabase,
  caller: UserRow,
): Promise<{ conversations: ConversationSummary[]; delivered: ReceiptsForPeer[] }> {
  const rows = await listConversations(db, caller.id);
  // The conversations whose last message, from the other member, this device has not had yet.
  const behind = rows.flatMap((row) =>
    row.conversationId !== null && row.last?.seq != null && row.last.senderId === row.peerId && row.myDelivered < row.last.seq
      ? [{ row, conversationId: row.conversationId, seq: row.last.seq }]
      : [],
  );
  const moved = new Map((await markDeliveredUpTo(db, caller.id, behind)).map((after) => [after.conversationId, after]));
  // A conversation whose match ended since the list was read did not move: nothing to tell.
  const delivered: ReceiptsForPeer[] = behind.flatMap(({ row, conversationId }) => {
    const after = moved.get(conversationId);
    return after ? [{ peerId: row.peerId, receipts: visibleReceipts(after.delivered, after.read, row.peerReadReceipts, caller.readReceipts) }] : [];
  });
  const conversations = rows.map((row) => ({
    userId: row.peerId,
    name: row.name || row.username,
    avatar: row.avatar || defaultAvatarUrl(row.username, row.gender),
    // A member who hides their activity never reads as online, not even to their matches.
    isOnline: row.isOnline && row.peerActivityVisible,
    isDemo: row.peerIsDemo,
    matchedAt: row.matchedAt.toISOString(),
    lastMessage: row.last?.seq == null ? null : toMessage({ ...row.last, createdAt: new Date(row.last.createdAt) }),
    lastSeq: row.lastSeq,
    unread: row.unread,
    receipts: visibleReceipts(row.theirDelivered, row.theirRead, caller.readReceipts, row.peerReadReceipts),
  }));
  return { conversations, delivered };
}

export async function readConversationMessages(db: OrbitDatabase, caller: UserRow, peerId: string, query: MessagesQuery): Promise<MessagesResponse> {
  const range = query.after !== undefined ? { after: query.after, limit: query.limit } : { before: query.before, limit: query.limit };
  const page = await readConversationPage(db, caller.id, peerId, range);
  if (!page) throw await refusal(db, caller.id, peerId);
  const { conversation } = page;
  if (!conversation) return { messages: [], hasOlder: false, lastSeq: 0, receipts: { deliveredSeq: 0, readSeq: 0 } };
  const theirs = sides(caller.id, peerId).theirMarks(conversation);
  return {
    messages: page.messages.map(toMessage),
    hasOlder: page.hasOlder,
    lastSeq: conversation.lastSeq,
    receipts: visibleReceipts(theirs.delivered, theirs.read, caller.readReceipts, page.peerReadReceipts),
  };
}

export interface SentMessage {
  message: Message;
  /** False when this was a repeat of a message already stored (nothing new happened). */
  created: boolean;
  /** The receiver is a seeded demo person (who answers outside production). */
  toDemo: boolean;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean => [...errorChain(error)].some((cause) => 'code' in cause && cause.code === UNIQUE_VIOLATION);

/** The message the sender stored under `id` to `peerId` (a retry's answer); 409 for an id used in another conversation. */
export async function storedRepeat(db: Executor, sender: UserRow, peerId: string, id: string): Promise<SentMessage | undefined> {
  const found = await findSentMessage(db, sender.id, id);
  if (!found) return undefined;
  const pair = orderedPair(sender.id, peerId);
  // An id the browser already used in another conversation is a bug or a forgery, not a retry.
  if (found.userAId !== pair.userAId || found.userBId !== pair.userBId) throw new HttpError(409, 'This message id was already used for another conversation');
  return { message: toMessage(found.message), created: false, toDemo: false };
}

/**
 * Stores a message once: the answer goes out only after the commit, and a
 * retry with the same id returns the stored message. The number is taken in
 * the same statement as the insert (storeMessage), so numbers are
 * gapless and commit in order per conversation.
 */
export async function sendMessage(db: OrbitDatabase, sender: UserRow, peerId: string, body: SendMessageBody, now: Date = new Date()): Promise<SentMessage> {
  let stored: StoredMessage | undefined;
  try {
    stored = await storeMessage(db, { senderId: sender.id, peerId, id: body.id, body: body.text, kind: 'text', now });
  } catch (error) {
    // The same id sent twice at once: the second insert lost the race, the first one's row is the answer.
    if (isUniqueViolation(error)) {
      const raced = await storedRepeat(db, sender, peerId, body.id);
      if (raced) return raced;
    }
    throw error;
  }
  if (stored?.message) return { message: toMessage(stored.message), created: true, toDemo: stored.peerIsDemo };
  // Nothing inserted: a retry of a message stored before (answered with it, even if the match has
  // ended since, as the first answer would have been), an id used in another conversation, or no live match.
  const repeat = await storedRepeat(db, sender, peerId, body.id);
  if (repeat) return repeat;
  if (!stored) throw await refusal(db, sender.id, peerId);
  throw new Error('A message insert that found a stored id found none after it');
}

/**
 * An entry another area writes into a pair's chat (a symbolic gift), in that
 * area's transaction, so it is stored with whatever else that area changed or
 * not at all. Refused as a text message would be when the two are not matched now.
 */
export async function storeChatEntry(
  tx: Transaction,
  sender: UserRow,
  peerId: string,
  entry: { id: string; text: string; kind: MessageKind },
  now: Date,
): Promise<Message> {
  const stored = await storeMessage(tx, { senderId: sender.id, peerId, id: entry.id, body: entry.text, kind: entry.kind, now });
  if (stored?.message) return toMessage(stored.message);
  if (!stored) throw await refusal(tx, sender.id, peerId);
  // Matched, but the sender already stored a message under this id.
  throw new HttpError(409, 'This message id was already used');
}

export interface MarkResult {
  /** What the other member may now see of the caller's progress; undefined when nothing moved. */
  receiptsForPeer: Receipts | undefined;
}

/**
 * How far the caller got with the other member's messages: marks only move
 * forward and never past the last number. Read implies delivered.
 */
export async function markConversation(
  db: OrbitDatabase,
  caller: UserRow,
  peerId: string,
  marks: { deliveredSeq?: number | undefined; readSeq?: number | undefined },
): Promise<MarkResult> {
  const match = await findLiveMatch(db, caller.id, peerId);
  if (!match) throw await refusal(db, caller.id, peerId);
  const read = marks.readSeq;
  const delivered = Math.max(marks.deliveredSeq ?? 0, read ?? 0);
  const after = await db.transaction(async (tx) => {
    const moved = await moveMarks(tx, caller.id, peerId, delivered, read);
    if (moved && read !== undefined) await recountUnread(tx, moved.id, caller.id);
    return moved;
  });
  if (!after) return { receiptsForPeer: undefined };
  return { receiptsForPeer: visibleReceipts(after.delivered, after.read, match.peerReadReceipts, caller.readReceipts) };
}

/**
 * Ends the match from one side: the match goes, the conversation ends for
 * both (its messages with it), and the caller's like becomes a pass, so the
 * two do not meet again in Discover or Spin by accident.
 */
export async function unmatch(db: OrbitDatabase, caller: UserRow, peerId: string, now: Date = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    await lockPair(db, tx, caller.id, peerId);
    if (!(await deleteMatch(tx, caller.id, peerId))) throw new HttpError(404, MATCH_NOT_FOUND_MESSAGE);
    await turnLikeIntoPass(tx, caller.id, peerId, now);
    await endConversation(tx, caller.id, peerId, now);
    return UNMATCHED_MESSAGE;
  });
}

/** The pair's latest messages, oldest first, as a report from the chat keeps them. */
export async function conversationExcerpt(db: Executor, reporterId: string, reportedId: string): Promise<ReportedMessage[]> {
  const conversation = await findConversation(db, reporterId, reportedId);
  if (!conversation) return [];
  const rows = await latestMessages(db, conversation.id, REPORT_EXCERPT_MESSAGES);
  return rows.reverse().map((row) => ({ fromReported: row.senderId === reportedId, text: row.body, sentAt: row.createdAt.toISOString() }));
}
