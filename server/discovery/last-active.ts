const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The SPEC's "last active" text for a candidate or match card. */
export function lastActiveText(isOnline: boolean, lastSeenAt: Date | null, now: Date): string {
  if (isOnline) return 'Online now';
  if (!lastSeenAt) return 'Active a while ago';
  const elapsed = Math.max(0, now.getTime() - lastSeenAt.getTime());
  if (elapsed < MINUTE_MS) return 'Active just now';
  if (elapsed < HOUR_MS) return `Active ${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  if (elapsed < DAY_MS) return `Active ${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  if (elapsed < 30 * DAY_MS) return `Active ${plural(Math.floor(elapsed / DAY_MS), 'day')} ago`;
  return 'Active over a month ago';
}
