import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResponseSchema, radarResponseSchema, spinResponseSchema, type LikeType } from '../../../contract/discovery';
import { meResponseSchema, publicUserResponseSchema } from '../../../contract/members/profile';
import { updatePerson } from './people-fixtures';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 48, point 3: with Incognito on (and VIP running), only the people a
// member liked or super liked find them in Discover, Spin and the radar.

const SPOT = { latitude: 64.14, longitude: -21.94 };
const DAY_MS = 24 * 3600_000;

let testApp: TestApp;
/** The VIP who goes incognito. */
let vip: RegisteredUser;
/** Someone the VIP never liked: no distance limit (Discover and Spin read everyone in order). */
let stranger: RegisteredUser;
/** Someone the VIP never liked, with a distance limit (Discover and Spin read the people placed near). */
let nearbyStranger: RegisteredUser;
let liked: RegisteredUser;
let superLiked: RegisteredUser;
let passed: RegisteredUser;

const inject = (method: 'GET' | 'PATCH' | 'POST', url: string, token: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function decide(from: RegisteredUser, to: RegisteredUser, type: LikeType) {
  const response = await inject('POST', '/api/users/like', from.token, { targetId: to.user._id, type });
  expect(response.statusCode, response.body).toBe(200);
}

const setIncognito = (member: RegisteredUser, incognito: boolean) => inject('PATCH', '/api/user/me', member.token, { incognito });

/** Whether `viewer` finds the VIP in each list (and Discover's total counts exactly the people it lists). */
async function findsVip(viewer: RegisteredUser) {
  const discoverResponse = await inject('GET', '/api/users?limit=50', viewer.token);
  expect(discoverResponse.statusCode, discoverResponse.body).toBe(200);
  const discover = discoverResponseSchema.parse(discoverResponse.json());
  expect({ total: discover.total, exact: discover.totalIsExact }).toEqual({ total: discover.users.length, exact: true });
  const spin = spinResponseSchema.parse((await inject('GET', '/api/users/spin?limit=50', viewer.token)).json());
  const radar = radarResponseSchema.parse((await inject('GET', '/api/users/radar?radiusKm=50&limit=50', viewer.token)).json());
  const listed = (people: Array<{ id: string } | { _id: string }>) => people.some((person) => ('id' in person ? person.id : person._id) === vip.user._id);
  return { discover: listed(discover.users), spin: listed(spin.users), radar: listed(radar.users) };
}

const EVERYWHERE = { discover: true, spin: true, radar: true };
const NOWHERE = { discover: false, spin: false, radar: false };

beforeAll(async () => {
  testApp = await createTestApp();
  vip = await registerUser(testApp.app, { age: 30, gender: 'female' });
  stranger = await registerUser(testApp.app, { age: 31, gender: 'male' });
  nearbyStranger = await registerUser(testApp.app, { age: 32, gender: 'male' });
  liked = await registerUser(testApp.app, { age: 33, gender: 'male' });
  superLiked = await registerUser(testApp.app, { age: 34, gender: 'male' });
  passed = await registerUser(testApp.app, { age: 35, gender: 'male' });
  for (const member of [vip, stranger, nearbyStranger, liked, superLiked, passed]) {
    const placed = await inject('PATCH', '/api/user/me', member.token, { location: SPOT });
    expect(placed.statusCode, placed.body).toBe(200);
  }
  const limited = await inject('PATCH', '/api/user/me', nearbyStranger.token, { preferences: { showMe: 'everyone', minAge: 18, maxAge: 99, maxDistanceKm: 25 } });
  expect(limited.statusCode, limited.body).toBe(200);
  await decide(vip, liked, 'like');
  await decide(vip, superLiked, 'super');
  await decide(vip, passed, 'dislike');
});
afterAll(async () => {
  await testApp?.close();
});

describe('turning Incognito on and off (PATCH /api/user/me)', () => {
  it('is refused to a free member, with the reason, and nothing is saved', async () => {
    const response = await setIncognito(vip, true);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Incognito is a VIP feature' });
    const { user } = meResponseSchema.parse((await inject('GET', '/api/user/me', vip.token)).json());
    expect(user.incognito).toBe(false);
  });

  it('refuses anything but true or false', async () => {
    const response = await inject('PATCH', '/api/user/me', vip.token, { incognito: 'yes' });
    expect(response.statusCode).toBe(400);
  });

  it('is saved for a VIP and shown on their own account only', async () => {
    await updatePerson(testApp.db, vip.user._id, { isVip: true, vipUntil: new Date(Date.now() + 30 * DAY_MS) });
    const response = await setIncognito(vip, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(meResponseSchema.parse(response.json()).user.incognito).toBe(true);
    expect(meResponseSchema.parse((await inject('GET', '/api/user/me', vip.token)).json()).user.incognito).toBe(true);
    const profile = await inject('GET', `/api/user/${vip.user._id}`, stranger.token);
    expect(profile.body).not.toContain('incognito');
  });
});

describe('an incognito VIP', () => {
  it('is in none of the lists of people they did not like', async () => {
    expect(await findsVip(stranger)).toEqual(NOWHERE);
    expect(await findsVip(nearbyStranger)).toEqual(NOWHERE);
    expect(await findsVip(passed)).toEqual(NOWHERE);
  });

  it('is in every list of the people they liked or super liked', async () => {
    expect(await findsVip(liked)).toEqual(EVERYWHERE);
    expect(await findsVip(superLiked)).toEqual(EVERYWHERE);
  });

  it('keeps their profile page open to anyone who has the link', async () => {
    const response = await inject('GET', `/api/user/${vip.user._id}`, stranger.token);
    expect(response.statusCode).toBe(200);
    expect(publicUserResponseSchema.parse(response.json()).user._id).toBe(vip.user._id);
  });

  it('is found again once their VIP has lapsed, though the choice stays stored', async () => {
    await updatePerson(testApp.db, vip.user._id, { vipUntil: new Date(Date.now() - DAY_MS) });
    expect(await findsVip(stranger)).toEqual(EVERYWHERE);
    expect(await findsVip(nearbyStranger)).toEqual(EVERYWHERE);
    const { user } = meResponseSchema.parse((await inject('GET', '/api/user/me', vip.token)).json());
    expect(user).toMatchObject({ isVIP: false, incognito: true });
  });

  it('can turn it off after VIP lapsed, but not back on', async () => {
    expect((await setIncognito(vip, true)).statusCode).toBe(403);
    const off = await setIncognito(vip, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(meResponseSchema.parse(off.json()).user.incognito).toBe(false);
  });

  it('is hidden again with VIP renewed, and found by everyone once they turn it off', async () => {
    await updatePerson(testApp.db, vip.user._id, { vipUntil: null });
    expect((await setIncognito(vip, true)).statusCode).toBe(200);
    expect(await findsVip(stranger)).toEqual(NOWHERE);
    expect((await setIncognito(vip, false)).statusCode).toBe(200);
    expect(await findsVip(stranger)).toEqual(EVERYWHERE);
    expect(await findsVip(nearbyStranger)).toEqual(EVERYWHERE);
  });
});
