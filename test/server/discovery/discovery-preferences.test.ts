import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResponseSchema, matchesResponseSchema, radarResponseSchema, spinResponseSchema, type Candidate } from '../../../contract/discovery';
import type { Preferences } from '../../../contract/members/preferences';
import { users, type NewUserRow, type UserRow } from '../../../server/db/schema';
import { insertPerson, offsetPoint } from './people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 35: preferences decide who is shown, both ways, on Discover, Spin and
// the radar; decisions are remembered; compatibility is one number.

// A quiet spot (Reykjavik) far from anyone the other tests place.
const ORIGIN = { latitude: 64.14, longitude: -21.94 };

let testApp: TestApp;
/** A woman of 30 who wants to meet men of 25 to 40 within 50 km. */
let wanda: RegisteredUser;
const people: Record<string, UserRow> = {};

/** Wanda's view of each fixture person, by name: shown on Discover, Spin and (when located and on the radar) the radar. */
const SHOWN_TO_WANDA = ['Match', 'Open to all', 'Nowhere', 'Limit fits', 'Off radar far'];
const ON_WANDAS_RADAR = ['Match', 'Open to all', 'Limit fits'];

async function patchMe(token: string, payload: object) {
  const response = await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(200);
}

async function setPreferences(member: RegisteredUser, preferences: Preferences) {
  await patchMe(member.token, { preferences });
}

/** A man of `age` who wants to meet women of 25 to 40, anywhere, `northKm` north of the origin; `changes` make him differ. */
function man(name: string, age: number | null, northKm: number | null, changes: Partial<NewUserRow> = {}): Partial<NewUserRow> {
  const place = northKm === null ? { latitude: null, longitude: null } : offsetPoint(ORIGIN, northKm, 0);
  return { name, age, gender: 'male', showMe: 'women', prefMinAge: 25, prefMaxAge: 40, ...place, ...changes };
}

beforeAll(async () => {
  testApp = await createTestApp();
  wanda = await registerUser(testApp.app, { age: 30, gender: 'female' });
  await patchMe(wanda.token, { location: ORIGIN, preferences: { showMe: 'men', minAge: 25, maxAge: 40, maxDistanceKm: 50 } });
  const fixtures: Partial<NewUserRow>[] = [
    man('Match', 32, 5),
    man('Open to all', 34, 8, { showMe: 'everyone', prefMinAge: 18, prefMaxAge: 99 }),
    man('Nowhere', 36, null),
    man('Limit fits', 33, 20, { prefMaxDistanceKm: 30 }),
    // Off the radar: his position decides nothing for anyone else, so 200 km away is anywhere.
    man('Off radar far', 35, 200, { isHidden: true }),
    { ...man('A woman', 30, 4), gender: 'female', showMe: 'men' },
    man('Too old', 45, 6, { prefMinAge: 18, prefMaxAge: 99 }),
    man('Age unknown', null, 6),
    man('Wants men', 33, 6, { showMe: 'men' }),
    man('Wants younger', 31, 6, { prefMinAge: 18, prefMaxAge: 25 }),
    man('Too far', 30, 70),
    man('Limit too short', 33, 20, { prefMaxDistanceKm: 10 }),
  ];
  for (const fixture of fixtures) people[fixture.name ?? ''] = await insertPerson(testApp.db, fixture);
});
afterAll(async () => {
  await testApp?.close();
});

async function get<T>(url: string, token: string, parse: (body: unknown) => T): Promise<T> {
  const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.json());
}

const discover = (token: string, query = '') => get(`/api/users?limit=50${query}`, token, (body) => discoverResponseSchema.parse(body));
const spin = (token: string, query = '') => get(`/api/users/spin?limit=50${query}`, token, (body) => spinResponseSchema.parse(body).users);
const radar = (token: string) => get('/api/users/radar?radiusKm=100&limit=50', token, (body) => radarResponseSchema.parse(body).users);
const names = (list: readonly { name: string }[]) => list.map((person) => person.name).sort();

describe('preferences decide who is shown, both ways', () => {
  it('Discover shows only people Wanda wants to meet who want to meet her', async () => {
    const page = await discover(wanda.token);
    expect(names(page.users)).toEqual([...SHOWN_TO_WANDA].sort());
    expect(page.total).toBe(SHOWN_TO_WANDA.length);
  });

  it('Spin offers the same people', async () => {
    expect(names(await spin(wanda.token))).toEqual([...SHOWN_TO_WANDA].sort());
  });

  it('the radar shows those of them it may show (located, on the radar), within her distance', async () => {
    const nearby = await radar(wanda.token);
    expect(names(nearby)).toEqual([...ON_WANDAS_RADAR].sort());
    for (const person of nearby) expect(person.distanceKm).toBeLessThanOrEqual(50);
  });

  it("a query's filters narrow within the preferences, and a filter outside them finds nobody", async () => {
    expect(names((await discover(wanda.token, '&minAge=34')).users)).toEqual(['Nowhere', 'Off radar far', 'Open to all']);
    expect(names(await spin(wanda.token, '&gender=male&maxAge=33'))).toEqual(['Limit fits', 'Match']);
    const women = await discover(wanda.token, '&gender=female');
    expect(women).toMatchObject({ users: [], total: 0, totalPages: 1, totalIsExact: true });
    expect(await spin(wanda.token, '&gender=female')).toEqual([]);
    expect((await discover(wanda.token, '&maxAge=24')).users).toEqual([]);
  });

  it('works both ways between two members, and a change on either side shows at once', async () => {
    const mark = await registerUser(testApp.app, { age: 32, gender: 'male' });
    await patchMe(mark.token, { location: offsetPoint(ORIGIN, 3, 0), preferences: { showMe: 'women', minAge: 25, maxAge: 35, maxDistanceKm: null } });
    const sees = async (viewer: RegisteredUser, other: RegisteredUser) => {
      const seen = [(await discover(viewer.token)).users, await spin(viewer.token), await radar(viewer.token)].map((list) =>
        list.some((person) => ('id' in person ? person.id : person._id) === other.user._id),
      );
      // Discover, Spin and the radar always agree.
      expect(new Set(seen).size).toBe(1);
      return seen[0];
    };
    expect(await sees(wanda, mark)).toBe(true);
    expect(await sees(mark, wanda)).toBe(true);

    // Mark's range leaves Wanda (30) out: she no longer sees him, nor he her.
    await setPreferences(mark, { showMe: 'women', minAge: 18, maxAge: 28, maxDistanceKm: null });
    expect(await sees(wanda, mark)).toBe(false);
    expect(await sees(mark, wanda)).toBe(false);

    // Mark wants men now: the same.
    await setPreferences(mark, { showMe: 'men', minAge: 18, maxAge: 99, maxDistanceKm: null });
    expect(await sees(wanda, mark)).toBe(false);
    expect(await sees(mark, wanda)).toBe(false);

    // Everyone, any age, but only within 1 km: Wanda is 3 km away.
    await setPreferences(mark, { showMe: 'everyone', minAge: 18, maxAge: 99, maxDistanceKm: 1 });
    expect(await sees(wanda, mark)).toBe(false);
    expect(await sees(mark, wanda)).toBe(false);

    // Without a location on his side there is no distance to keep to.
    await patchMe(mark.token, { location: null });
    expect((await discover(wanda.token)).users.map((person) => person.id)).toContain(mark.user._id);
    expect((await discover(mark.token)).users.map((person) => person.id)).toContain(wanda.user._id);
  });

  it('shows a member of gender other only to people who want to meet everyone, and they see only such people', async () => {
    const olly = await registerUser(testApp.app, { age: 33, gender: 'other' });
    await patchMe(olly.token, { location: ORIGIN });
    const seen = names((await discover(olly.token)).users);
    expect(seen).toContain('Open to all');
    expect(seen).not.toContain('Match');
    expect(seen).not.toContain('A woman');
    expect(names((await discover(wanda.token)).users)).not.toContain(olly.user.username);
  });

  it('shows a member whose age is unknown only to people open to every age, and only such people to them', async () => {
    const ageless = await registerUser(testApp.app, { age: 34, gender: 'female' });
    await testApp.db.update(users).set({ age: null }).where(eq(users.id, ageless.user._id));
    await patchMe(ageless.token, { location: ORIGIN });
    const fixturesSeen = names((await discover(ageless.token, '&gender=male')).users).filter((name) => name in people);
    expect(fixturesSeen).toEqual(['Open to all', 'Too old']);
    // Wanda's range (25 to 40) is not every age: the ageless member is not shown to her either.
    await setPreferences(wanda, { showMe: 'everyone', minAge: 25, maxAge: 40, maxDistanceKm: 50 });
    try {
      expect((await discover(wanda.token)).users.map((person) => person.id)).not.toContain(ageless.user._id);
    } finally {
      await setPreferences(wanda, { showMe: 'men', minAge: 25, maxAge: 40, maxDistanceKm: 50 });
    }
  });

  it('lets an admin browse everyone: admins have no preferences to apply', async () => {
    const admin = await loginAdmin(testApp.app);
    const seen = names((await discover(admin)).users);
    for (const name of ['A woman', 'Too old', 'Wants men', 'Too far', 'Match']) expect(seen).toContain(name);
  });
});

describe('decisions are remembered', () => {
  it('Discover leaves out people the caller liked, super liked, passed or matched, and keeps the rest', async () => {
    const dana = await registerUser(testApp.app, { age: 29, gender: 'female' });
    const [liked, superLiked, passed, matched, untouched] = await Promise.all(
      ['Liked', 'Super liked', 'Passed', 'Matched', 'Untouched'].map((name) => insertPerson(testApp.db, { name, gender: 'male', showMe: 'everyone' })),
    );
    if (!liked || !superLiked || !passed || !matched || !untouched) throw new Error('fixtures missing');
    const before = await discover(dana.token);
    const decide = async (targetId: string, type: 'like' | 'super' | 'dislike') => {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(dana.token), payload: { targetId, type } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ match: boolean }>();
    };
    await decide(liked.id, 'like');
    await decide(superLiked.id, 'super');
    await decide(passed.id, 'dislike');
    // He liked her first, so her like is a match.
    const admirer = await registerUser(testApp.app, { age: 30, gender: 'male' });
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(admirer.token), payload: { targetId: dana.user._id } });
    expect((await decide(admirer.user._id, 'like')).match).toBe(true);

    const after = await discover(dana.token);
    const ids = after.users.map((person) => person.id);
    for (const decided of [liked.id, superLiked.id, passed.id, admirer.user._id]) expect(ids).not.toContain(decided);
    expect(ids).toContain(untouched.id);
    expect(after.total).toBe(before.total - 3);
    // Spin agrees.
    const spun = (await spin(dana.token)).map((person) => person.id);
    for (const decided of [liked.id, superLiked.id, passed.id, admirer.user._id]) expect(spun).not.toContain(decided);
  });
});

describe('compatibility is one number', () => {
  it('the same pair shows the same figure on Discover, Spin and Matches, whichever of the two looks', async () => {
    const ana = await registerUser(testApp.app, { age: 26, gender: 'female' });
    const ben = await registerUser(testApp.app, { age: 31, gender: 'male' });
    await patchMe(ana.token, { interests: ['Coffee', 'Hiking', 'Jazz', 'Books'] });
    await patchMe(ben.token, { interests: ['coffee', 'Books', 'Football'] });
    const figureFor = (list: readonly Candidate[], id: string) => list.find((person) => person.id === id)?.compatibility;

    const figures = [
      figureFor((await discover(ana.token)).users, ben.user._id),
      figureFor(await spin(ana.token), ben.user._id),
      figureFor((await discover(ben.token)).users, ana.user._id),
      figureFor(await spin(ben.token), ana.user._id),
    ];
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(ben.token), payload: { targetId: ana.user._id } });
    // Ben is an admirer now: first on Ana's Spin, with the same figure.
    const anasSpin = await spin(ana.token);
    expect(anasSpin[0]?.id).toBe(ben.user._id);
    figures.push(anasSpin[0]?.compatibility);
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(ana.token), payload: { targetId: ben.user._id } });
    const matchesOf = (token: string) => get('/api/matches', token, (body) => matchesResponseSchema.parse(body).matches);
    figures.push((await matchesOf(ana.token))[0]?.compatibility, (await matchesOf(ben.token))[0]?.compatibility);

    // 40 + 40 * 2/3 shared of Ben's three + 20 * (1 - 5/15) years apart.
    expect(figures).toEqual(Array.from({ length: 7 }, () => 80));
  });
});

describe('a member with a distance limit', () => {
  // Another quiet spot (Hobart), so only these people are within 20 km of it.
  const HOBART = { latitude: -42.88, longitude: 147.33 };

  it('pages through the same people in the same order, whichever read serves a page', async () => {
    const zed = await registerUser(testApp.app, { age: 35, gender: 'male' });
    await patchMe(zed.token, { location: HOBART, preferences: { showMe: 'women', minAge: 18, maxAge: 99, maxDistanceKm: 20 } });
    // Seen later than anyone else in this file, so they come first in both orders.
    const base = Date.now() + 86_400_000;
    const woman = (index: number, place: { latitude: number | null; longitude: number | null }) =>
      insertPerson(testApp.db, { name: `Hobart ${index}`, gender: 'female', showMe: 'men', isOnline: index % 4 === 0, lastSeenAt: new Date(base - index * 60_000), ...place });
    const expected: string[] = [];
    for (let index = 0; index < 30; index += 1) expected.push((await woman(index, offsetPoint(HOBART, (index % 10) - 5, Math.floor(index / 10) * 3))).id);
    // Without a location: anywhere, so within anyone's distance.
    for (let index = 30; index < 33; index += 1) expected.push((await woman(index, { latitude: null, longitude: null })).id);
    for (let index = 33; index < 38; index += 1) await woman(index, offsetPoint(HOBART, 40 + index, 0));

    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(await get(`/api/users?limit=12&page=${page}`, zed.token, (body) => discoverResponseSchema.parse(body)));
    const seen = pages.flatMap((page) => page.users);
    expect(new Set(seen.map((person) => person.id)).size).toBe(seen.length);
    // Women this file registered earlier have no location either: anywhere, so here too, after the Hobart women.
    const hobart = seen.filter((person) => person.name.startsWith('Hobart'));
    expect(hobart.map((person) => person.id).sort()).toEqual([...expected].sort());
    for (const other of seen.filter((person) => !person.name.startsWith('Hobart'))) expect(other.gender).toBe('female');
    // Online first, then the most recently active: Hobart 0, 4, 8, ... then 1, 2, 3, 5, ...
    const byOrder = Array.from({ length: 33 }, (_, index) => index).sort((a, b) => Number(b % 4 === 0) - Number(a % 4 === 0) || a - b);
    expect(hobart.map((person) => person.name)).toEqual(byOrder.map((index) => `Hobart ${index}`));
    expect(pages.slice(0, 2).map((page) => page.users.length)).toEqual([12, 12]);
    expect(pages.at(-1)).toMatchObject({ total: seen.length, totalIsExact: true });

    // Spin: the most recently active first, the same people.
    const spun = await get('/api/users/spin?limit=10', zed.token, (body) => spinResponseSchema.parse(body).users);
    expect(spun.map((person) => person.name)).toEqual(Array.from({ length: 10 }, (_, index) => `Hobart ${index}`));
    const all = await get('/api/users/spin?limit=50', zed.token, (body) => spinResponseSchema.parse(body).users);
    expect(all.filter((person) => person.name.startsWith('Hobart')).map((person) => person.name)).toEqual(Array.from({ length: 33 }, (_, index) => `Hobart ${index}`));
    expect(all.map((person) => person.id).sort()).toEqual(seen.map((person) => person.id).sort());
  });
});
