import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResponseSchema, radarResponseSchema, spinResponseSchema } from '../../../contract/discovery';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../../server/db/schema';
import { defaultAvatarUrl } from '../../../server/members/views';
import { insertPerson, offsetPoint } from './people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A quiet spot far from any seeded person, so only this file's people are around.
const ORIGIN = { latitude: -33.9, longitude: 18.4 };

let testApp: TestApp;
let viewer: RegisteredUser;
let near: UserRow;
let middle: UserRow;
let far: UserRow;
let banned: UserRow;
let hidden: UserRow;
let outside: UserRow;

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  viewer = await registerUser(testApp.app, { age: 30, gender: 'male' });
  await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(viewer.token), payload: { location: ORIGIN } });
  near = await insertPerson(db, { ...offsetPoint(ORIGIN, 3, 0), name: 'Near', age: 25, gender: 'female', isOnline: true });
  middle = await insertPerson(db, { ...offsetPoint(ORIGIN, 0, 10), name: 'Middle', age: 40, gender: 'male' });
  far = await insertPerson(db, { ...offsetPoint(ORIGIN, -30, 0), name: 'Far', age: 33, gender: 'female' });
  banned = await insertPerson(db, { ...offsetPoint(ORIGIN, 1, 1), name: 'Banned', isBanned: true, banReason: 'spam' });
  hidden = await insertPerson(db, { ...offsetPoint(ORIGIN, 2, 2), name: 'Hidden', isHidden: true });
  outside = await insertPerson(db, { ...offsetPoint(ORIGIN, 0, 120), name: 'Outside' });
});
afterAll(async () => {
  await testApp?.close();
});

function radar(query: string, token = viewer.token) {
  return testApp.app.inject({ method: 'GET', url: `/api/users/radar?${query}`, headers: bearer(token) });
}

describe('GET /api/users/radar', () => {
  it("lists people around the caller's stored location, nearest first, with whole-kilometre distances and no coordinates", async () => {
    const response = await radar('radiusKm=50&limit=20');
    expect(response.statusCode).toBe(200);
    const { users } = radarResponseSchema.parse(response.json());
    expect(users.map((user) => user.name)).toEqual(['Near', 'Middle', 'Far']);
    expect(users.map((user) => user.distanceKm)).toEqual([3, 10, 30]);
    expect(users[0]).toEqual({
      _id: near.id,
      username: near.username,
      name: 'Near',
      age: 25,
      avatar: defaultAvatarUrl(near.username),
      region: 'Mumbai',
      isOnline: true,
      isDemo: false,
      distanceKm: 3,
    });
    expect(response.body).not.toMatch(/latitude|longitude|"lat"|"lon"|email|ban/i);
  });

  it('leaves out the caller, banned and hidden people, admins and anyone beyond the radius', async () => {
    const { users } = radarResponseSchema.parse((await radar('radiusKm=100')).json());
    const ids = users.map((user) => user._id);
    for (const excluded of [viewer.user._id, banned.id, hidden.id, outside.id]) expect(ids).not.toContain(excluded);
  });

  it('honours radiusKm and limit', async () => {
    const within15 = radarResponseSchema.parse((await radar('radiusKm=15')).json());
    expect(within15.users.map((user) => user.name)).toEqual(['Near', 'Middle']);
    const firstOnly = radarResponseSchema.parse((await radar('limit=1')).json());
    expect(firstOnly.users.map((user) => user.name)).toEqual(['Near']);
  });

  it('reports at least 1 km, even for someone in the same spot', async () => {
    const moveViewer = (location: { latitude: number; longitude: number }) =>
      testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(viewer.token), payload: { location } });
    expect((await moveViewer({ latitude: near.latitude ?? 0, longitude: near.longitude ?? 0 })).statusCode).toBe(200);
    try {
      const { users } = radarResponseSchema.parse((await radar('radiusKm=1')).json());
      expect(users).toEqual([expect.objectContaining({ _id: near.id, distanceKm: 1 })]);
    } finally {
      await moveViewer(ORIGIN);
    }
  });

  // Issue 37, finding 2: six radar requests from chosen points used to find anyone's 1 km cell.
  describe('never looks from a point the caller chooses', () => {
    let prober: RegisteredUser;
    beforeAll(async () => {
      prober = await registerUser(testApp.app, { age: 30, gender: 'male' });
      // About 500 km north of everyone in this file.
      const home = offsetPoint(ORIGIN, 500, 0);
      await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(prober.token), payload: { location: home } });
    });

    it('refuses a centre given as lat and lon, and shows nobody near that point', async () => {
      const response = await radar(`lat=${ORIGIN.latitude}&lon=${ORIGIN.longitude}&radiusKm=50&limit=20`, prober.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'lat: Unknown field; lon: Unknown field' });
      expect(response.body).not.toContain(near.id);
    });

    it("looks only around the caller's own stored location", async () => {
      const { users } = radarResponseSchema.parse((await radar('radiusKm=100&limit=50', prober.token)).json());
      for (const person of [near, middle, far]) expect(users.map((user) => user._id)).not.toContain(person.id);
    });

    it("looks around the Home radar's fixed point when asked, which is nowhere near the people here", async () => {
      const response = await radar('around=home-page&radiusKm=100&limit=50', prober.token);
      expect(response.statusCode).toBe(200);
      const ids = radarResponseSchema.parse(response.json()).users.map((user) => user._id);
      for (const person of [near, middle, far]) expect(ids).not.toContain(person.id);
    });

    it("looks around the Home radar's fixed point for a member with no stored location", async () => {
      const placeless = await registerUser(testApp.app, { age: 30, gender: 'male' });
      const own = radarResponseSchema.parse((await radar('radiusKm=50&limit=50', placeless.token)).json());
      const homePage = radarResponseSchema.parse((await radar('around=home-page&radiusKm=50&limit=50', placeless.token)).json());
      expect(own).toEqual(homePage);
      for (const person of [near, middle, far]) expect(own.users.map((user) => user._id)).not.toContain(person.id);
    });
  });

  it.each([
    ['radiusKm=101', 'radiusKm: radiusKm must be at most 100'],
    ['radiusKm=0', 'radiusKm: radiusKm must be more than 0'],
    ['limit=51', 'limit: limit must be between 1 and 50'],
    ['limit=2.5', 'limit: limit must be a whole number'],
    ['around=paris', 'around: around must be one of: me, home-page'],
    ['lat=10&lon=20', 'lat: Unknown field; lon: Unknown field'],
    ['lat=10', 'lat: Unknown field'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await radar(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
  });

  it('needs a signed-in account', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/users/radar' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Authentication required' });
  });
});

describe('GET /api/users/spin', () => {
  async function spin(query = '', token = viewer.token) {
    return testApp.app.inject({ method: 'GET', url: `/api/users/spin${query ? `?${query}` : ''}`, headers: bearer(token) });
  }

  it('offers candidates with card fields and compatibility, never the caller, banned people or private data', async () => {
    const response = await spin('limit=50');
    expect(response.statusCode).toBe(200);
    const { users } = spinResponseSchema.parse(response.json());
    const ids = users.map((user) => user.id);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(viewer.user._id);
    expect(ids).not.toContain(banned.id);
    const nearCard = users.find((user) => user.id === near.id);
    expect(nearCard).toMatchObject({ name: 'Near', age: 25, isOnline: true, isVIP: false, lastActive: 'Online now', interests: ['Coffee', 'Travel'] });
    expect(nearCard?.compatibility).toBeGreaterThanOrEqual(40);
    expect(response.body).not.toMatch(/latitude|longitude|email|ban_?reason|password/i);
  });

  it('drops people once the caller decided on them, and puts people who liked the caller first', async () => {
    const chooser = await registerUser(testApp.app);
    const admirer = await registerUser(testApp.app);
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(admirer.token), payload: { targetId: chooser.user._id } });
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(chooser.token), payload: { targetId: far.id, type: 'dislike' } });

    const { users } = spinResponseSchema.parse((await spin('limit=50', chooser.token)).json());
    expect(users[0]?.id).toBe(admirer.user._id);
    expect(users.map((user) => user.id)).not.toContain(far.id);
  });

  it('fills a page with admirers first, then the most recently active, each person once', async () => {
    const chooser = await registerUser(testApp.app);
    const [olderAdmirer, newerAdmirer, disliker] = [await registerUser(testApp.app), await registerUser(testApp.app), await registerUser(testApp.app)];
    const seenAt = (user: RegisteredUser, iso: string) =>
      testApp.db.update(users).set({ lastSeenAt: new Date(iso) }).where(eq(users.id, user.user._id));
    await seenAt(olderAdmirer, '2026-01-01T00:00:00Z');
    await seenAt(newerAdmirer, '2026-02-01T00:00:00Z');
    // The most recently seen of the three, but a dislike is not a reason to come first.
    await seenAt(disliker, '2099-01-01T00:00:00Z');
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(olderAdmirer.token), payload: { targetId: chooser.user._id } });
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(newerAdmirer.token), payload: { targetId: chooser.user._id, type: 'super' } });
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(disliker.token), payload: { targetId: chooser.user._id, type: 'dislike' } });

    const twoCards = spinResponseSchema.parse((await spin('limit=2', chooser.token)).json()).users;
    expect(twoCards.map((user) => user.id)).toEqual([newerAdmirer.user._id, olderAdmirer.user._id]);

    const ids = spinResponseSchema.parse((await spin('limit=50', chooser.token)).json()).users.map((user) => user.id);
    expect(ids.slice(0, 3)).toEqual([newerAdmirer.user._id, olderAdmirer.user._id, disliker.user._id]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('applies gender and age filters and the limit', async () => {
    const women = spinResponseSchema.parse((await spin('gender=female&minAge=20&maxAge=29&limit=50')).json()).users;
    expect(women.length).toBeGreaterThan(0);
    for (const user of women) {
      expect(user.gender).toBe('female');
      expect(user.age).toBeGreaterThanOrEqual(20);
      expect(user.age).toBeLessThanOrEqual(29);
    }
    expect(spinResponseSchema.parse((await spin('limit=1')).json()).users).toHaveLength(1);
  });

  it('applies each filter alone and in any company (each set of filters is a statement of its own)', async () => {
    const filterSets = ['gender=male', 'minAge=30', 'maxAge=26', 'gender=female&maxAge=40', 'minAge=22&maxAge=35', 'gender=female&minAge=20', ''];
    // Twice round, so every statement is asked again after the others were prepared.
    for (const filters of [...filterSets, ...filterSets]) {
      const response = await spin(`${filters}${filters ? '&' : ''}limit=50`);
      expect(response.statusCode, filters).toBe(200);
      const params = new URLSearchParams(filters);
      const { users: found } = spinResponseSchema.parse(response.json());
      expect(found.length, filters).toBeGreaterThan(0);
      for (const user of found) {
        if (params.has('gender')) expect(user.gender, filters).toBe(params.get('gender'));
        if (params.has('minAge')) expect(user.age, filters).toBeGreaterThanOrEqual(Number(params.get('minAge')));
        if (params.has('maxAge')) expect(user.age, filters).toBeLessThanOrEqual(Number(params.get('maxAge')));
      }
    }
  });

  it.each([
    ['gender=robot', 'gender: Gender must be male, female or other'],
    ['minAge=17', 'minAge: minAge must be between 18 and 99'],
    ['minAge=40&maxAge=30', 'minAge: minAge must not be more than maxAge'],
    ['limit=0', 'limit: limit must be between 1 and 50'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await spin(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('is for user accounts: 401 signed out, 403 for an admin', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/spin' })).statusCode).toBe(401);
    const admin = await spin('', await loginAdmin(testApp.app));
    expect(admin.statusCode).toBe(403);
  });
});

describe('GET /api/users', () => {
  function discover(query = '', token = viewer.token) {
    return testApp.app.inject({ method: 'GET', url: `/api/users${query ? `?${query}` : ''}`, headers: bearer(token) });
  }

  it('pages through visible people with totals', async () => {
    const first = discoverResponseSchema.parse((await discover('limit=2&page=1')).json());
    const second = discoverResponseSchema.parse((await discover('limit=2&page=2')).json());
    expect(first.users).toHaveLength(2);
    expect(first.page).toBe(1);
    expect(first.totalPages).toBe(Math.ceil(first.total / 2));
    expect(second.users.map((user) => user.id)).not.toEqual(expect.arrayContaining(first.users.map((user) => user.id)));
    const everyone = discoverResponseSchema.parse((await discover('limit=50')).json());
    const ids = everyone.users.map((user) => user.id);
    expect(ids).not.toContain(viewer.user._id);
    expect(ids).not.toContain(banned.id);
    expect(everyone.users[0]?.isOnline).toBe(true);
  });

  it('applies the gender and age filters on the server', async () => {
    const { users } = discoverResponseSchema.parse((await discover('gender=male&minAge=35&maxAge=45&limit=50')).json());
    expect(users.map((user) => user.id)).toEqual([middle.id]);
  });

  it('counts and pages by each filter alone and in any company (each set of filters is a statement of its own)', async () => {
    const filterSets = ['gender=male', 'minAge=30', 'maxAge=26', 'gender=female&maxAge=40', 'minAge=22&maxAge=45', 'gender=male&minAge=35', ''];
    for (const filters of [...filterSets, ...filterSets]) {
      const response = await discover(`${filters}${filters ? '&' : ''}limit=50`);
      expect(response.statusCode, filters).toBe(200);
      const page = discoverResponseSchema.parse(response.json());
      expect(page.users.length, filters).toBeGreaterThan(0);
      // Every match fits on this one page, so the count is the page's.
      expect(page.total, filters).toBe(page.users.length);
      const params = new URLSearchParams(filters);
      for (const user of page.users) {
        if (params.has('gender')) expect(user.gender, filters).toBe(params.get('gender'));
        if (params.has('minAge')) expect(user.age, filters).toBeGreaterThanOrEqual(Number(params.get('minAge')));
        if (params.has('maxAge')) expect(user.age, filters).toBeLessThanOrEqual(Number(params.get('maxAge')));
      }
    }
  });

  it('answers an empty page past the end, and 400 for bad filters', async () => {
    const past = discoverResponseSchema.parse((await discover('page=800')).json());
    expect(past.users).toEqual([]);
    const bad = await discover('maxAge=100');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'maxAge: maxAge must be between 18 and 99' });
  });

  it('needs a signed-in account', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});
