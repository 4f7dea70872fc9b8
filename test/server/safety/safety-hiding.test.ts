// A block hides the two people from each other wherever a member sees members,
// whoever blocked whom; blocking and reporting themselves: safety.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResponseSchema, matchesResponseSchema, radarResponseSchema, spinResponseSchema } from '../../../contract/discovery';
import { matches } from '../../../server/db/schema';
import { orderedPair } from '../../../server/lib/member-pair';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ORIGIN = { latitude: 19.07, longitude: 72.87 };

let testApp: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
let carol: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  alice = await registerUser(testApp.app);
  bob = await registerUser(testApp.app);
  carol = await registerUser(testApp.app);
  for (const person of [alice, bob, carol]) {
    const located = await send('PATCH', '/api/user/me', person.token, { location: ORIGIN });
    expect(located.statusCode, located.body).toBe(200);
  }
  // Alice and Bob match; Carol and Alice have not decided on each other, so each is in the other's Spin.
  for (const [from, to] of [[alice, bob], [bob, alice]] as const) expect((await like(from, to)).statusCode).toBe(200);
});
afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
function like(from: RegisteredUser, to: RegisteredUser, type = 'like') {
  return send('POST', '/api/users/like', from.token, { targetId: to.user._id, type });
}

async function read<T>(url: string, token: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const response = await send('GET', url, token);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return schema.parse(response.json());
}

/** Where `viewer` can see `other`: each list a member reads other members from, and the profile. */
async function whereVisible(viewer: RegisteredUser, other: RegisteredUser): Promise<string[]> {
  const id = other.user._id;
  const places: string[] = [];
  if ((await read('/api/users?limit=50', viewer.token, discoverResponseSchema)).users.some((user) => user.id === id)) places.push('discover');
  if ((await read('/api/users/spin?limit=50', viewer.token, spinResponseSchema)).users.some((user) => user.id === id)) places.push('spin');
  if ((await read('/api/users/radar?radiusKm=50&limit=50', viewer.token, radarResponseSchema)).users.some((user) => user._id === id)) places.push('radar');
  if ((await read('/api/matches', viewer.token, matchesResponseSchema)).matches.some((match) => match.id === id)) places.push('matches');
  const profile = await send('GET', `/api/user/${id}`, viewer.token);
  if (profile.statusCode === 200) places.push('profile');
  else expect(profile.json()).toEqual({ success: false, message: 'User not found' });
  return places;
}

/** A block deletes the match; putting the row back shows Matches filters on blocks itself. */
async function restoreMatch(first: RegisteredUser, second: RegisteredUser): Promise<void> {
  await testApp.db.insert(matches).values(orderedPair(first.user._id, second.user._id)).onConflictDoNothing();
}

describe('before any block', () => {
  it('shows the people to each other everywhere they belong', async () => {
    expect(await whereVisible(alice, carol)).toEqual(['discover', 'spin', 'radar', 'profile']);
    expect(await whereVisible(carol, alice)).toEqual(['discover', 'spin', 'radar', 'profile']);
    // Matched people are decided on: Discover and Spin leave them out, Matches lists them.
    expect(await whereVisible(alice, bob)).toEqual(['radar', 'matches', 'profile']);
    expect(await whereVisible(bob, alice)).toEqual(['radar', 'matches', 'profile']);
  });
});

describe('after a block', () => {
  beforeAll(async () => {
    expect((await send('POST', `/api/users/${carol.user._id}/block`, alice.token)).statusCode).toBe(200);
    expect((await send('POST', `/api/users/${alice.user._id}/block`, bob.token)).statusCode).toBe(200);
    await restoreMatch(alice, bob);
  });

  it('hides the blocked person from the blocker', async () => {
    expect(await whereVisible(alice, carol)).toEqual([]);
    expect(await whereVisible(bob, alice)).toEqual([]);
  });

  it('hides the blocker from the blocked person', async () => {
    expect(await whereVisible(carol, alice)).toEqual([]);
    expect(await whereVisible(alice, bob)).toEqual([]);
  });

  it('answers likes and dislikes between them, either way, as not found, and makes no match', async () => {
    for (const [from, to] of [[alice, carol], [carol, alice], [alice, bob], [bob, alice]] as const) {
      for (const type of ['like', 'super', 'dislike']) {
        const response = await like(from, to, type);
        expect(response.statusCode, `${type}: ${response.body}`).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'User not found' });
      }
    }
  });

  it('leaves everyone else\'s view alone, and admins still see both', async () => {
    expect(await whereVisible(bob, carol)).toEqual(['discover', 'spin', 'radar', 'profile']);
    const adminToken = await loginAdmin(testApp.app);
    for (const person of [alice, bob, carol]) expect((await send('GET', `/api/admin/user/${person.user._id}`, adminToken)).statusCode).toBe(200);
  });
});

describe('after unblocking', () => {
  it('shows the people to each other again', async () => {
    expect((await send('DELETE', `/api/users/${carol.user._id}/block`, alice.token)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/users/${alice.user._id}/block`, bob.token)).statusCode).toBe(200);
    expect(await whereVisible(alice, carol)).toEqual(['discover', 'spin', 'radar', 'profile']);
    expect(await whereVisible(carol, alice)).toEqual(['discover', 'spin', 'radar', 'profile']);
    // The restored match row shows again: the filter, not only the deleted row, hid it.
    expect(await whereVisible(bob, alice)).toEqual(['radar', 'matches', 'profile']);
    expect((await like(carol, alice)).statusCode).toBe(200);
  });
});
