import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type NewUserRow } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import { settleDemoPresence } from '../../../server/discovery/queries/demo-presence';
import { lastActiveText } from '../../../server/discovery/last-active';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Demo people come and go on a daily schedule in their own time zone
// (server/discovery/demo-presence.ts), tested here on a fixed clock.

const HOUR_MS = 3_600_000;
/** 15:30 UTC: 21:00 at longitude 82.5 (UTC+5:30), 05:00 at longitude -157.5 (UTC-10:30). */
const NOW = new Date('2026-03-15T15:30:00Z');
const EVENING_LONGITUDE = 82.5;
const NIGHT_LONGITUDE = -157.5;
const GROUP = 300;

let testApp: TestApp;

function person(tag: string, index: number, changes: Partial<NewUserRow>): NewUserRow {
  const suffix = `${tag}_${index}_${randomBytes(3).toString('hex')}`;
  return { username: suffix, email: `${suffix}@fixtures.example`, passwordHash: 'not-a-usable-hash', latitude: 10, ...changes };
}

/** `count` people; half start online, all last seen three hours before NOW. */
async function insertGroup(db: OrbitDatabase, tag: string, count: number, changes: Partial<NewUserRow>): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) =>
    person(tag, index, { isOnline: index % 2 === 0, lastSeenAt: new Date(NOW.getTime() - 3 * HOUR_MS), ...changes }),
  );
  const inserted = await db.insert(users).values(rows).returning({ id: users.id });
  return inserted.map((row) => row.id);
}

async function stateOf(db: OrbitDatabase, ids: string[]) {
  return db.select({ id: users.id, isOnline: users.isOnline, lastSeenAt: users.lastSeenAt }).from(users).where(inArray(users.id, ids));
}

async function onlineShare(db: OrbitDatabase, ids: string[]): Promise<number> {
  return (await stateOf(db, ids)).filter((row) => row.isOnline).length / ids.length;
}

let evening: string[];
let night: string[];
let members: string[];
let firstRunChanged: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  evening = await insertGroup(db, 'evening', GROUP, { isDemo: true, longitude: EVENING_LONGITUDE });
  night = await insertGroup(db, 'night', GROUP, { isDemo: true, longitude: NIGHT_LONGITUDE });
  // Real members: their presence comes from their sessions, never from the schedule.
  members = await insertGroup(db, 'member', 20, { longitude: NIGHT_LONGITUDE, isOnline: true });
  firstRunChanged = await settleDemoPresence(db, NOW);
});
afterAll(async () => {
  await testApp?.close();
});

describe('the demo presence schedule', () => {
  it('has many demo people online in their evening and few at dawn', async () => {
    const eveningShare = await onlineShare(testApp.db, evening);
    const nightShare = await onlineShare(testApp.db, night);
    expect(eveningShare).toBeGreaterThan(0.18);
    expect(eveningShare).toBeLessThan(0.42);
    expect(nightShare).toBeLessThan(0.1);
  });

  it('changes only those whose state differs, so the same clock a second time changes nobody', async () => {
    expect(firstRunChanged).toBeGreaterThan(0);
    expect(await settleDemoPresence(testApp.db, NOW)).toBe(0);
  });

  it('gives someone coming online last_seen_at now, and someone going offline the time their online hour ended', async () => {
    const rows = await stateOf(testApp.db, [...evening, ...night]);
    const threeHoursAgo = NOW.getTime() - 3 * HOUR_MS;
    const cameOnline = rows.filter((row) => row.isOnline && row.lastSeenAt?.getTime() !== threeHoursAgo);
    const wentOffline = rows.filter((row) => !row.isOnline && row.lastSeenAt?.getTime() !== threeHoursAgo);
    expect(cameOnline.length).toBeGreaterThan(0);
    expect(wentOffline.length).toBeGreaterThan(0);
    for (const row of cameOnline) expect(row.lastSeenAt).toEqual(NOW);
    for (const row of wentOffline) {
      const seenAt = row.lastSeenAt?.getTime() ?? 0;
      expect(seenAt).toBeLessThanOrEqual(NOW.getTime());
      expect(seenAt).toBeGreaterThan(NOW.getTime() - HOUR_MS);
      expect(lastActiveText({ isOnline: false, lastSeenAt: row.lastSeenAt, activityVisible: true }, NOW)).toBe('Active today');
    }
  });

  it('never touches real members', async () => {
    const rows = await stateOf(testApp.db, members);
    expect(rows.every((row) => row.isOnline)).toBe(true);
    for (const row of rows) expect(row.lastSeenAt?.getTime()).toBe(NOW.getTime() - 3 * HOUR_MS);
  });

  it('follows a day: about one in eight online overall, most in the evening, fewest before dawn, different people each hour', async () => {
    const { db } = testApp;
    const day = await insertGroup(db, 'day', 200, { isDemo: true, longitude: 0 });
    const startOfDay = Date.parse('2026-03-16T00:00:00Z');
    const onlineByHour: Set<string>[] = [];
    for (let hour = 0; hour < 24; hour += 1) {
      // Half past, so everyone's own hour (which starts at a minute of their own) has mostly begun.
      await settleDemoPresence(db, new Date(startOfDay + hour * HOUR_MS + 30 * 60_000));
      onlineByHour.push(new Set((await stateOf(db, day)).filter((row) => row.isOnline).map((row) => row.id)));
    }
    const shares = onlineByHour.map((online) => online.size / day.length);
    const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
    expect(mean).toBeGreaterThan(0.08);
    expect(mean).toBeLessThan(0.2);
    const share = (hours: number[]) => hours.reduce((sum, hour) => sum + (shares[hour] ?? 0), 0) / hours.length;
    expect(share([20, 21, 22])).toBeGreaterThan(3 * share([3, 4, 5]));
    // Not the same few people every hour.
    const everOnline = new Set(onlineByHour.flatMap((online) => [...online]));
    expect(everOnline.size / day.length).toBeGreaterThan(0.7);
  });

  it('is the same for the same clock: a person\'s state is a function of their id and the hour', async () => {
    const { db } = testApp;
    await settleDemoPresence(db, NOW);
    const first = await stateOf(db, evening);
    // Scramble everyone, then settle again at the same time.
    await db.update(users).set({ isOnline: true }).where(and(inArray(users.id, evening), eq(users.isDemo, true)));
    await settleDemoPresence(db, NOW);
    const second = await stateOf(db, evening);
    const online = (rows: typeof first) => rows.filter((row) => row.isOnline).map((row) => row.id).sort();
    expect(online(second)).toEqual(online(first));
  });
});

describe('the server', () => {
  it('settles demo people once at start-up, not a minute later', async () => {
    const started = await createTestApp();
    try {
      // Everyone online: whatever the hour, the schedule has at most about a third of them online.
      const ids = await insertGroup(started.db, 'startup', 200, { isDemo: true, isOnline: true, longitude: 0 });
      await started.app.ready();
      await expect.poll(() => onlineShare(started.db, ids), { timeout: 10_000 }).toBeLessThan(0.45);
    } finally {
      await started.close();
    }
  });
});
