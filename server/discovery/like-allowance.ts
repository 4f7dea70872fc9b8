import { FREE_DAILY_LIKES, likeAllowanceResetsAt } from '../../contract/discovery';
import type { UserRow } from '../db/schema';
import type { Transaction } from '../lib/transaction';
import { hasActiveVip } from '../members/views';
import { HttpError } from '../plugins/errors';
import { addExtraLikes, countLikeOnDay, takeExtraLike } from './queries/like-allowance';

/** The server's words; the app shows the same with the reset in the member's own time. */
export const LIKE_ALLOWANCE_USED_MESSAGE = `You've used today's ${FREE_DAILY_LIKES} likes; more at 00:00 UTC, or go VIP`;

/**
 * Takes one like from a free member's allowance for today (UTC), or once that
 * is gone from the likes they bought, in the like's own transaction: a like
 * that fails later gives it back by rolling back. VIP likes are not counted.
 * Returns the likes left (today's free ones and the bought ones), null for
 * VIP; a member with none left gets 429 with the time the allowance comes back.
 */
export async function spendDailyLike(tx: Transaction, caller: Pick<UserRow, 'id' | 'isVip' | 'vipUntil' | 'extraLikes'>, now: Date): Promise<number | null> {
  if (hasActiveVip(caller, now)) return null;
  const used = await countLikeOnDay(tx, caller.id, now.toISOString().slice(0, 10), FREE_DAILY_LIKES);
  if (used !== undefined) return FREE_DAILY_LIKES - used + caller.extraLikes;
  // The free likes are gone: a bought one, if any is left.
  const extraLeft = await takeExtraLike(tx, caller.id);
  if (extraLeft !== undefined) return extraLeft;
  const retryAfterSeconds = Math.ceil((likeAllowanceResetsAt(now).getTime() - now.getTime()) / 1000);
  throw new HttpError(429, LIKE_ALLOWANCE_USED_MESSAGE, { code: 'like-allowance-used', retryAfterSeconds });
}

/** Likes bought with coins join the member's store of them, in the spend's transaction; the number held after. */
export function grantExtraLikes(tx: Transaction, userId: string, count: number): Promise<number> {
  return addExtraLikes(tx, userId, count);
}
