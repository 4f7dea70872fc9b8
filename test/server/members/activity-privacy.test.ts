import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discoverResponseSchema, matchesResponseSchema, radarResponseSchema } from '../../../contract/discovery';
import { conversationsResponseSchema } from '../../../contract/messaging';
import { meResponseSchema, publicUserResponseSchema } from '../../../contract/members/profile';
import { users } from '../../../server/db/schema';
import { createPresenceNews } from '../../../server/realtime/presence-news';
import type { PresenceEvent } from '../../../contract/realtime';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 37, finding 8: anyone signed in read another member's exact last
// activity, to the millisecond. Now others see a coarse bucket, and a member
// can hide it (and that they are online) altogether.

const SPOT = { latitude: -41.29, longitude: 174.78 };
const THREE_DAYS_MS = 3 * 24 * 3600_000;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

let testApp: TestApp;
let viewer: RegisteredUser;
let other: RegisteredUser;
let seenAt: Date;

const inject = (method: 'GET' | 'PATCH' | 'POST', url: string, token: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = await registerUser(testApp.app, { age: 30, gender: 'male' });
  other = await registerUser(testApp.app, { age: 31, gender: 'female' });
  for (const person of [viewer, other]) await inject('PATCH', '/api/user/me', person.token, { location: SPOT });
  seenAt = new Date(Date.now() - THREE_DAYS_MS);
  await testApp.db.update(users).set({ isOnline: false, lastSeenAt: seenAt }).where(eq(users.id, other.user._id));
});
afterAll(async () => {
  await testApp?.close();
});

async function setOther(values: { isOnline?: boolean; activityVisible?: boolean }) {
  await testApp.db.update(users).set(values).where(eq(users.id, other.user._id));
}

async function otherProfile() {
  const response = await inject('GET', `/api/user/${other.user._id}`, viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, user: publicUserResponseSchema.parse(response.json()).user };
}

async function otherCard() {
  const { users: people } = discoverResponseSchema.parse((await inject('GET', '/api/users?limit=50', viewer.token)).json());
  return people.find((person) => person.id === other.user._id);
}

describe("another member's activity", () => {
  it('reads as a coarse bucket on their profile, never as a time', async () => {
    const { body, user } = await otherProfile();
    expect(user.profile.lastActive).toBe('Active this week');
    expect(user.isOnline).toBe(false);
    expect(body).not.toContain('lastSeen');
    expect(body).not.toContain(seenAt.toISOString());
    expect(body).not.toMatch(ISO_TIME);
  });

  it('reads as the same bucket on their Discover card', async () => {
    const card = await otherCard();
    expect(card).toMatchObject({ isOnline: false, lastActive: 'Active this week' });
  });

  it("keeps the member's own exact times on their own account", async () => {
    const { user } = meResponseSchema.parse((await inject('GET', '/api/user/me', other.token)).json());
    expect(user.activityVisible).toBe(true);
    expect(user.profile.lastSeen).toEqual(expect.stringMatching(ISO_TIME));
  });
});

describe('"Show when I was active" off', () => {
  it('is saved from Settings, and refused when not true or false', async () => {
    const bad = await inject('PATCH', '/api/user/me', other.token, { activityVisible: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Show when I was active must be true or false');

    const off = await inject('PATCH', '/api/user/me', other.token, { activityVisible: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(meResponseSchema.parse(off.json()).user.activityVisible).toBe(false);
  });

  it('hides both the activity and being online, on the profile, the card, the radar, matches and conversations', async () => {
    await setOther({ activityVisible: false, isOnline: true });
    const { user } = await otherProfile();
    expect(user.profile.lastActive).toBe('');
    expect(user.isOnline).toBe(false);
    expect(await otherCard()).toMatchObject({ isOnline: false, lastActive: '' });

    const radar = radarResponseSchema.parse((await inject('GET', '/api/users/radar?radiusKm=10&limit=50', viewer.token)).json());
    expect(radar.users.find((person) => person._id === other.user._id)).toMatchObject({ isOnline: false });

    // Matched, they still read as offline to each other.
    for (const [from, to] of [[viewer, other], [other, viewer]] as const) {
      expect((await inject('POST', '/api/users/like', from.token, { targetId: to.user._id })).statusCode).toBe(200);
    }
    const matches = matchesResponseSchema.parse((await inject('GET', '/api/matches', viewer.token)).json());
    expect(matches.matches.find((match) => match.id === other.user._id)).toMatchObject({ isOnline: false, lastActive: '' });
    const conversations = conversationsResponseSchema.parse((await inject('GET', '/api/conversations', viewer.token)).json());
    expect(conversations.conversations.find((conversation) => conversation.userId === other.user._id)).toMatchObject({ isOnline: false });

    // Back on, the activity shows again.
    await setOther({ activityVisible: true });
    expect((await otherProfile()).user).toMatchObject({ isOnline: true, profile: { lastActive: 'Online now' } });
  });

  it("is never announced to their matches when they come online", async () => {
    // viewer and other matched in the test above.
    await setOther({ activityVisible: false });
    const told: Array<{ peerId: string; event: PresenceEvent }> = [];
    const news = createPresenceNews(testApp.db, (peerId, event) => told.push({ peerId, event }), (error) => { throw error; }, 5);
    news.announce(other.user._id, true);
    news.announce(viewer.user._id, true);
    // Both are news of one batch, and a batch tells everyone it tells at once: the first told is the whole batch.
    await vi.waitFor(() => expect(told.length).toBeGreaterThan(0), { timeout: 10_000 });
    news.stop();
    expect(told).toEqual([{ peerId: other.user._id, event: { userId: viewer.user._id, isOnline: true } }]);
  });
});
