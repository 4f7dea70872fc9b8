import type { LikeType } from '../../../contract/discovery';
import { FREE_DAILY_LIKES, likeAllowanceResetsAt, type ErrorCode } from '../../../contract/constants';
import { ApiError } from '../../api/client';
import { decisionFailureMessage } from '../../api/discovery';

const ALLOWANCE_USED: ErrorCode = 'like-allowance-used';

const resetClock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * What a failed like says: SPEC's "Failed to like user" (and its variants), or,
 * for a free member out of today's likes, when more come in their own time (the
 * allowance turns over at midnight UTC) and that VIP has no limit. Kept off the
 * discovery API module, which the first page loads.
 */
export function likeFailureMessage(type: LikeType, error: unknown, now: Date = new Date()): string {
  if (error instanceof ApiError && error.code === ALLOWANCE_USED) {
    return `You've used today's ${FREE_DAILY_LIKES} likes; more at ${resetClock.format(likeAllowanceResetsAt(now))}, or go VIP`;
  }
  return decisionFailureMessage(type);
}
