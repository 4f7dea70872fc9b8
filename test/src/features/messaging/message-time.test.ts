import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, listTimeLabel, timeLabel } from '../../../../src/features/messaging/message-time';

const now = new Date(2026, 2, 10, 12, 0);
const local = (day: number, hours: number, minutes: number) => new Date(2026, 2, day, hours, minutes).toISOString();

describe('message times (SPEC: Today, Yesterday or a full date; hours and minutes)', () => {
  it('labels days relative to now in local time', () => {
    expect(dayLabel(local(10, 0, 1), now)).toBe('Today');
    expect(dayLabel(local(9, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(local(3, 9, 0), now)).toBe('Tuesday, March 3, 2026');
  });

  it('shows hours and minutes', () => {
    expect(timeLabel(local(10, 9, 5))).toBe('9:05 AM');
    expect(timeLabel(local(10, 21, 30))).toBe('9:30 PM');
  });

  it('groups by calendar day and keeps the conversation list short', () => {
    expect(dayKey(local(10, 0, 0))).toBe(dayKey(local(10, 23, 59)));
    expect(dayKey(local(10, 0, 0))).not.toBe(dayKey(local(9, 23, 59)));
    expect(listTimeLabel(local(10, 11, 0), now)).toBe('11:00 AM');
    expect(listTimeLabel(local(9, 11, 0), now)).toBe('Yesterday');
    expect(listTimeLabel(local(1, 11, 0), now)).toBe('Mar 1');
  });
});
