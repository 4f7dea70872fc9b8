import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResponseSchema, matchesResponseSchema, spinResponseSchema } from '../../../contract/discovery';
import { meResponseSchema, publicUserResponseSchema } from '../../../contract/members/profile';
import { updatePerson } from '../discovery/people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 48, point 3: the VIP badge shows from the real status. Wherever a
// member appears (their own account, their profile, Discover, Spin, Matches),
// it is there while VIP runs and gone the moment it has run out, with no job
// needed to clear a flag.

/** No one else in the test database is this old. */
const AGE = 76;

let testApp: TestApp;
let adminToken: string;
beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
});
afterAll(() => testApp?.close());

const get = async (url: string, member: RegisteredUser) => {
  const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(member.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
};

/** What each place says of the member's VIP. */
async function badgesOf(member: RegisteredUser, viewer: RegisteredUser, matched: RegisteredUser) {
  const id = member.user._id;
  const own = meResponseSchema.parse(await get('/api/user/me', member)).user;
  const profile = publicUserResponseSchema.parse(await get(`/api/user/${id}`, viewer)).user;
  const discover = discoverResponseSchema.parse(await get(`/api/users?minAge=${AGE}&maxAge=${AGE}`, viewer)).users.find((person) => person.id === id);
  const spin = spinResponseSchema.parse(await get(`/api/users/spin?minAge=${AGE}&maxAge=${AGE}&limit=50`, viewer)).users.find((person) => person.id === id);
  const match = matchesResponseSchema.parse(await get('/api/matches', matched)).matches.find((person) => person.id === id);
  return {
    own: own.isVIP,
    ownProfile: own.profile.isVIP,
    profile: profile.isVIP,
    discover: discover?.isVIP,
    spin: spin?.isVIP,
    match: match?.isVIP,
  };
}

const everywhere = (isVip: boolean) => ({ own: isVip, ownProfile: isVip, profile: isVip, discover: isVip, spin: isVip, match: isVip });

describe('the VIP badge', () => {
  it('shows while VIP runs and is gone everywhere once it has run out', async () => {
    const member = await registerUser(testApp.app, { age: AGE, gender: 'female' });
    const viewer = await registerUser(testApp.app, { age: 40, gender: 'male' });
    const matched = await registerUser(testApp.app, { age: 41, gender: 'male' });
    for (const [from, to] of [
      [member, matched],
      [matched, member],
    ] as const) {
      const liked = await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });
      expect(liked.statusCode, liked.body).toBe(200);
    }
    expect(await badgesOf(member, viewer, matched)).toEqual(everywhere(false));

    const granted = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${member.user._id}/make-vip`, headers: bearer(adminToken), payload: {} });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await badgesOf(member, viewer, matched)).toEqual(everywhere(true));

    // The stored flag stays set; only the date has passed.
    await updatePerson(testApp.db, member.user._id, { vipUntil: new Date(Date.now() - 1000) });
    expect(await badgesOf(member, viewer, matched)).toEqual(everywhere(false));
  });
});
