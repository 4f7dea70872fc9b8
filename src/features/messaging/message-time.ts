/**
 * SPEC Messages: date separators read 'Today', 'Yesterday' or the full date,
 * and times are hours and minutes. Everything is in the viewer's local time;
 * the language is English like the rest of the app.
 */

const LOCALE = 'en-US';
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });
const fullDateFormat = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const shortDateFormat = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric' });

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from `date` to `now` (0 today, 1 yesterday), ignoring daylight-saving hour shifts. */
function daysBefore(date: Date, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
}

/** The key messages are grouped under: one per local calendar day. */
export function dayKey(timestamp: string): string {
  const date = new Date(timestamp);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

export function dayLabel(timestamp: string, now: Date): string {
  const date = new Date(timestamp);
  const days = daysBefore(date, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return fullDateFormat.format(date);
}

export function timeLabel(timestamp: string): string {
  return timeFormat.format(new Date(timestamp));
}

/** The conversation list's time: the time today, 'Yesterday', or a short date. */
export function listTimeLabel(timestamp: string, now: Date): string {
  const date = new Date(timestamp);
  const days = daysBefore(date, now);
  if (days === 0) return timeLabel(timestamp);
  if (days === 1) return 'Yesterday';
  return shortDateFormat.format(date);
}
