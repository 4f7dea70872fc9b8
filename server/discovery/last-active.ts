import { ACTIVITY_TEXT } from '../../contract/members/activity';

const DAY_MS = 24 * 60 * 60_000;

/** What decides how another member's activity reads: their presence, when they were last seen, and whether they show it. */
export interface ActivitySource {
  isOnline: boolean;
  lastSeenAt: Date | null;
  /** Their Settings switch "Show when I was active"; off, nobody else sees either. */
  activityVisible: boolean;
}

/**
 * Another member's last activity as others see it (candidate cards, matches,
 * profiles): only coarse buckets, never a time, so nobody can follow when
 * someone uses Orbit (issue 37, finding 8). Empty when they hide it.
 */
export function lastActiveText(person: ActivitySource, now: Date): string {
  if (!person.activityVisible) return ACTIVITY_TEXT.hidden;
  if (person.isOnline) return ACTIVITY_TEXT.online;
  if (!person.lastSeenAt) return ACTIVITY_TEXT.earlier;
  const elapsed = Math.max(0, now.getTime() - person.lastSeenAt.getTime());
  if (elapsed < DAY_MS) return ACTIVITY_TEXT.today;
  if (elapsed < 7 * DAY_MS) return ACTIVITY_TEXT.thisWeek;
  if (elapsed < 30 * DAY_MS) return ACTIVITY_TEXT.thisMonth;
  return ACTIVITY_TEXT.earlier;
}

/** Whether others see the member as online: never when they hide their activity. */
export function shownOnline(person: Pick<ActivitySource, 'isOnline' | 'activityVisible'>): boolean {
  return person.isOnline && person.activityVisible;
}
