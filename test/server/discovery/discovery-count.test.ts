import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResponseSchema } from '../../../contract/discovery';
import { users, type NewUserRow } from '../../../server/db/schema';
import { DISCOVER_MAX_DEPTH, discoverPagesReachable } from '../../../contract/discovery';
import { DISCOVER_COUNT_READ_FACTOR, DISCOVER_COUNT_STEP, discoverCountLimit, discoverTotals } from '../../../server/discovery/queries/people';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Discover's total on a table larger than one counting step: the count stops
// past the page asked for, says so, and still shows that a next page exists;
// and no page lies deeper than DISCOVER_MAX_DEPTH people.

const ADDED = DISCOVER_COUNT_STEP + 150;
const INSERT_BATCH = 500;

let testApp: TestApp;
let viewer: RegisteredUser;
let visibleAtStart: number;

function person(index: number): NewUserRow {
  return {
    username: `counted_${index}`,
    email: `counted_${index}@fixtures.example`,
    passwordHash: 'not-a-usable-hash',
    name: `Counted ${index}`,
    age: 20 + (index % 40),
    // Every hundredth person is female: a filter that leaves few, so its count is exact.
    gender: index % 100 === 0 ? 'female' : 'male',
    region: 'Mumbai',
    interests: ['Coffee'],
    lastSeenAt: new Date(Date.now() - index * 60_000),
  };
}

async function discover(query: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: bearer(viewer.token) });
  expect(response.statusCode).toBe(200);
  return discoverResponseSchema.parse(response.json());
}

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = await registerUser(testApp.app, { age: 30, gender: 'male' });
  visibleAtStart = (await discover('limit=50')).total;
  for (let from = 0; from < ADDED; from += INSERT_BATCH) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, ADDED - from) }, (_, offset) => person(from + offset));
    await testApp.db.insert(users).values(batch);
  }
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/users total', () => {
  it('stops counting one step in, says the total is a lower bound, and offers a next page', async () => {
    const first = await discover('limit=12&page=1');
    expect(visibleAtStart + ADDED).toBeGreaterThan(DISCOVER_COUNT_STEP);
    expect(first.total).toBe(DISCOVER_COUNT_STEP);
    expect(first.totalIsExact).toBe(false);
    expect(first.totalPages).toBe(Math.ceil((DISCOVER_COUNT_STEP + 1) / 12));
    expect(first.users).toHaveLength(12);
  });

  it('counts on past the step when the page asked for lies beyond it, exactly once the end is in reach', async () => {
    const everyone = visibleAtStart + ADDED;
    const lastKnown = Math.ceil((DISCOVER_COUNT_STEP + 1) / 12);
    const deep = await discover(`limit=12&page=${lastKnown}`);
    expect(deep.users).toHaveLength(12);
    expect(deep.total).toBe(everyone);
    expect(deep.totalIsExact).toBe(true);
    expect(deep.totalPages).toBe(Math.ceil(everyone / 12));
    const last = await discover(`limit=12&page=${deep.totalPages}`);
    expect(last.users).toHaveLength(everyone - (deep.totalPages - 1) * 12);
  });

  it('counts a narrow filter exactly', async () => {
    const women = await discover('gender=female&limit=12');
    expect(women.totalIsExact).toBe(true);
    expect(women.total).toBeGreaterThanOrEqual(Math.ceil(ADDED / 100));
    expect(women.total).toBeLessThan(DISCOVER_COUNT_STEP);
    expect(women.totalPages).toBe(Math.max(1, Math.ceil(women.total / 12)));
  });
});

describe('GET /api/users depth', () => {
  it('answers the last reachable page, and 400 with a reason one page deeper', async () => {
    const lastPage = discoverPagesReachable(12);
    expect((await discover(`limit=12&page=${lastPage}`)).users).toEqual([]);
    const tooDeep = await testApp.app.inject({ method: 'GET', url: `/api/users?limit=12&page=${lastPage + 1}`, headers: bearer(viewer.token) });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json<{ message: string }>().message).toBe('page: Discover lists the first 10,000 people; narrow the filters to see others');
    const deepWithLargePages = await testApp.app.inject({ method: 'GET', url: '/api/users?limit=50&page=1000', headers: bearer(viewer.token) });
    expect(deepWithLargePages.statusCode).toBe(400);
    // Past the depth whatever the page size: the page field's own bound is the one reason given.
    const pastTheBound = await testApp.app.inject({ method: 'GET', url: '/api/users?page=99999999', headers: bearer(viewer.token) });
    expect(pastTheBound.statusCode).toBe(400);
    expect(pastTheBound.json()).toEqual({
      success: false,
      message: 'page: page must be between 1 and 10000',
      errors: [{ field: 'page', message: 'page must be between 1 and 10000' }],
    });
  });

  it('never counts or pages past the reachable depth, however many people there are', () => {
    const lastPage = discoverPagesReachable(12);
    expect(discoverCountLimit({ page: 1, limit: 12 })).toBe(DISCOVER_COUNT_STEP);
    expect(discoverCountLimit({ page: 84, limit: 12 })).toBe(2 * DISCOVER_COUNT_STEP);
    expect(discoverCountLimit({ page: lastPage, limit: 12 })).toBe(DISCOVER_MAX_DEPTH);
    // A million people: the count stops one past the limit.
    expect(discoverTotals(DISCOVER_MAX_DEPTH + 1, DISCOVER_MAX_DEPTH, 12)).toEqual({ total: DISCOVER_MAX_DEPTH, totalPages: lastPage, totalIsExact: false });
    expect(discoverTotals(DISCOVER_COUNT_STEP + 1, DISCOVER_COUNT_STEP, 12)).toEqual({ total: DISCOVER_COUNT_STEP, totalPages: 84, totalIsExact: false });
    expect(discoverTotals(0, DISCOVER_COUNT_STEP, 12)).toEqual({ total: 0, totalPages: 1, totalIsExact: true });
  });

  it('makes a count that stopped reading a lower bound, offering one more page while pages are full', () => {
    // 30 found in what it read; page 1 full: 3 pages known, more may follow.
    expect(discoverTotals(30, DISCOVER_COUNT_STEP, 12, { page: 1, pageRows: 12 })).toEqual({ total: 30, totalPages: 3, totalIsExact: false });
    // Paging on past what was counted: the page itself is known, and the next one while this one is full.
    expect(discoverTotals(30, DISCOVER_COUNT_STEP, 12, { page: 5, pageRows: 12 })).toEqual({ total: 60, totalPages: 6, totalIsExact: false });
    expect(discoverTotals(30, DISCOVER_COUNT_STEP, 12, { page: 5, pageRows: 7 })).toEqual({ total: 55, totalPages: 5, totalIsExact: false });
    // Past the count limit it is the ordinary lower bound.
    expect(discoverTotals(DISCOVER_COUNT_STEP + 1, DISCOVER_COUNT_STEP, 12, { page: 1, pageRows: 12 })).toEqual({ total: DISCOVER_COUNT_STEP, totalPages: 84, totalIsExact: false });
  });
});

describe('GET /api/users total, when few of many people qualify', () => {
  const READ = DISCOVER_COUNT_READ_FACTOR * DISCOVER_COUNT_STEP;

  beforeAll(async () => {
    // Enough men, seen longer ago than everyone else, that the count stops reading before it reaches them all,
    // and one woman seen last of all, beyond where the count reads.
    const more = READ - ADDED + 200;
    for (let from = 0; from < more; from += INSERT_BATCH) {
      const batch = Array.from({ length: Math.min(INSERT_BATCH, more - from) }, (_, offset) => ({
        ...person(ADDED + from + offset),
        gender: 'male' as const,
        lastSeenAt: new Date(Date.now() - (ADDED + from + offset) * 60_000),
      }));
      await testApp.db.insert(users).values(batch);
    }
    await testApp.db.insert(users).values({ ...person(ADDED + more), gender: 'female', name: 'Seen last', lastSeenAt: new Date(0) });
  }, 60_000);

  it('counts the women among those it read, says the total is a lower bound, and still pages to the last of them', async () => {
    const women = Math.ceil(ADDED / 100);
    const first = await discover('gender=female&limit=5');
    expect(first.totalIsExact).toBe(false);
    expect(first.total).toBe(women);
    expect(first.totalPages).toBe(Math.ceil(women / 5));
    const pages = [];
    for (let page = 1; page <= Math.ceil((women + 1) / 5); page += 1) pages.push(await discover(`gender=female&limit=5&page=${page}`));
    const names = pages.flatMap((found) => found.users.map((user) => user.name));
    expect(names).toHaveLength(women + 1);
    expect(names.at(-1)).toBe('Seen last');
    const last = pages.at(-1);
    expect(last?.total).toBe(women + 1);
    expect(last?.totalPages).toBe(pages.length);
  });
});
