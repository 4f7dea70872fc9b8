import { describe, expect, it } from 'vitest';
import { deviceKindName, deviceName, usedSinceSignIn, whenOnDay } from '../../../../src/features/auth/device-label';

describe('device labels', () => {
  it('name a device by browser and system, by whichever is known, or as unknown', () => {
    expect(deviceName({ browser: 'Safari', os: 'iOS' })).toBe('Safari on iOS');
    expect(deviceName({ browser: 'Playwright', os: null })).toBe('Playwright');
    expect(deviceName({ browser: null, os: 'Android' })).toBe('Android device');
    expect(deviceName({ browser: null, os: null })).toBe('Unknown device');
    expect([deviceKindName('mobile'), deviceKindName('tablet'), deviceKindName('desktop'), deviceKindName('tv'), deviceKindName(null)]).toEqual([
      'Phone',
      'Tablet',
      'Computer',
      'TV',
      null,
    ]);
  });

  it("give today's sign-ins their time and older ones their date", () => {
    const now = new Date(2026, 10, 25, 18, 0);
    const thisMorning = new Date(2026, 10, 25, 9, 5);
    const yesterday = new Date(2026, 10, 24, 23, 59);
    expect(whenOnDay(thisMorning.toISOString(), now)).toBe(`today at ${thisMorning.toLocaleTimeString(undefined, { timeStyle: 'short' })}`);
    expect(whenOnDay(yesterday.toISOString(), now)).toBe(yesterday.toLocaleDateString(undefined, { dateStyle: 'medium' }));
  });

  it('count a session as used since its sign-in only past the precision "last active" is kept to', () => {
    const signedInAt = '2026-11-25T09:00:00.000Z';
    expect(usedSinceSignIn({ signedInAt, lastActiveAt: signedInAt })).toBe(false);
    expect(usedSinceSignIn({ signedInAt, lastActiveAt: '2026-11-25T09:04:59.000Z' })).toBe(false);
    expect(usedSinceSignIn({ signedInAt, lastActiveAt: '2026-11-25T09:05:00.000Z' })).toBe(true);
  });
});
