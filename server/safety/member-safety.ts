import {
  BLOCKED_MESSAGE,
  REPORT_RECEIVED_MESSAGE,
  REPORTED_AND_BLOCKED_MESSAGE,
  UNBLOCKED_MESSAGE,
  type BlockedPerson,
  type ReportBody,
} from '../../contract/safety';
import { PHOTO_NOT_FOUND_MESSAGE } from '../../contract/photos/photos';
import type { OrbitDatabase } from '../db/types';
import { lockPair, orderedPair } from '../lib/member-pair';
import type { Transaction } from '../lib/transaction';
import { deleteMatch } from '../discovery/queries/decisions';
import { blockedPeopleRows, deleteBlock, fileOrAmendReport, findMember, hasPhoto, insertBlock } from './queries';
import { HttpError } from '../plugins/errors';
import { endConversation } from '../messaging/queries';
import { conversationExcerpt } from '../messaging/service';
import { defaultAvatarUrl } from '../members/views';

export const CANNOT_BLOCK_SELF_MESSAGE = "You can't block yourself";
export const CANNOT_UNBLOCK_SELF_MESSAGE = "You can't unblock yourself";
export const CANNOT_REPORT_SELF_MESSAGE = "You can't report yourself";

/** What the messages call someone: their name, or their username when they have none. */
const displayName = (person: { name: string; username: string }) => person.name || person.username;

/** The block itself, and the end of any match between the two (their likes stay as they were). */
async function storeBlock(db: OrbitDatabase, tx: Transaction, blockerId: string, blockedId: string): Promise<boolean> {
  await lockPair(db, tx, blockerId, blockedId);
  await insertBlock(tx, blockerId, blockedId);
  const endedMatch = await deleteMatch(tx, orderedPair(blockerId, blockedId));
  await endConversation(tx, blockerId, blockedId, new Date());
  return endedMatch;
}

/** What a safety action answers, and whether it ended a match (then both members' chats are told, and nothing else is). */
export interface SafetyOutcome {
  message: string;
  endedMatch: boolean;
}

/** Blocking twice is the same as blocking once; the first block's time is kept. */
export async function blockPerson(db: OrbitDatabase, callerId: string, targetId: string): Promise<SafetyOutcome> {
  if (targetId === callerId) throw new HttpError(400, CANNOT_BLOCK_SELF_MESSAGE);
  return db.transaction(async (tx) => {
    const target = await findMember(tx, targetId);
    const endedMatch = target ? await storeBlock(db, tx, callerId, target.id) : false;
    return { message: BLOCKED_MESSAGE, endedMatch };
  });
}

/** Unblocking someone who is not blocked succeeds too: the outcome is what was asked for. */
export async function unblockPerson(db: OrbitDatabase, callerId: string, targetId: string): Promise<string> {
  if (targetId === callerId) throw new HttpError(400, CANNOT_UNBLOCK_SELF_MESSAGE);
  // Only the caller's own block is removed; an unknown id finds none and answers alike.
  await deleteBlock(db, callerId, targetId);
  return UNBLOCKED_MESSAGE;
}

/** The caller's own blocks, newest first (only ever the caller's: the blocks made against them stay unseen). */
export async function listBlocked(db: OrbitDatabase, callerId: string): Promise<BlockedPerson[]> {
  const rows = await blockedPeopleRows(db, callerId);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: displayName(row),
    avatar: row.avatar || defaultAvatarUrl(row.username),
    blockedAt: row.blockedAt.toISOString(),
  }));
}

/**
 * Files a report, or amends the reporter's open report about the same person
 * (reason and details; its place in the queue, created_at, stays). The
 * partial unique index on open reports makes that one statement, so two
 * reports sent at once still leave one open report. A report about a photo
 * names one the person has now; amending without a photo keeps the photo
 * an earlier report named, which the operators still need to see.
 */
export async function reportPerson(
  db: OrbitDatabase,
  callerId: string,
  targetId: string,
  body: { reason: ReportBody['reason']; details: string; block: boolean; photoId?: string | undefined; attachConversation?: boolean | undefined },
): Promise<SafetyOutcome> {
  if (targetId === callerId) throw new HttpError(400, CANNOT_REPORT_SELF_MESSAGE);
  return db.transaction(async (tx) => {
    const target = await findMember(tx, targetId);
    const photoId = body.photoId ?? null;
    // Nobody to report: no photo can be theirs, and otherwise the answer is a member's.
    if (!target) {
      if (photoId !== null) throw new HttpError(404, PHOTO_NOT_FOUND_MESSAGE);
      return { message: body.block ? REPORTED_AND_BLOCKED_MESSAGE : REPORT_RECEIVED_MESSAGE, endedMatch: false };
    }
    if (photoId !== null) {
      if (!(await hasPhoto(tx, target.id, photoId))) throw new HttpError(404, PHOTO_NOT_FOUND_MESSAGE);
    }
    // Copied before a block in the same step ends the conversation and deletes its messages.
    const conversationExcerptValue = body.attachConversation ? await conversationExcerpt(tx, callerId, target.id) : null;
    await fileOrAmendReport(tx, {
      reporterId: callerId,
      reportedId: target.id,
      reportedUsername: target.username,
      reason: body.reason,
      details: body.details,
      photoId,
      conversationExcerpt: conversationExcerptValue,
    });
    if (!body.block) return { message: REPORT_RECEIVED_MESSAGE, endedMatch: false };
    const endedMatch = await storeBlock(db, tx, callerId, target.id);
    return { message: REPORTED_AND_BLOCKED_MESSAGE, endedMatch };
  });
}
