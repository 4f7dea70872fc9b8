import { LAST_ACTIVE_PRECISION_MS } from '../../contract/auth/sessions';

/**
 * How stale "last active" may get. Writing it on every request would put a
 * write behind every read a member makes; once per session per five minutes
 * keeps "Active 3 minutes ago" honest for a few rows written an hour.
 */
export const ACTIVITY_RECORD_INTERVAL_MS = LAST_ACTIVE_PRECISION_MS;

export function activityIsStale(lastActiveAt: Date, now: Date): boolean {
  return now.getTime() - lastActiveAt.getTime() >= ACTIVITY_RECORD_INTERVAL_MS;
}

/**
 * Use is written down at most once per ACTIVITY_RECORD_INTERVAL_MS,
 * so `last_active_at` may lag the last request by up to that much. A session
 * is idle only once its idle limit has passed beyond that lag: someone who
 * keeps working is never cut off early, and an idle one ends at most one
 * interval (5 minutes) late. Cheaper than a write on every admin request.
 */
export const IDLE_CHECK_SLACK_MS = ACTIVITY_RECORD_INTERVAL_MS;
