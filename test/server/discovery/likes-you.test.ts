import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likesYouResponseSchema, type LikesYouResponse } from '../../../contract/likes-you';
import type { LikeType } from '../../../contract/discovery';
import { likes, type UserRow } from '../../../server/db/schema';
import { insertPerson, updatePerson } from './people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let adminToken: string;

beforeAll(async () => {
  testApp = await createTestApp({ logger: { level: 'error' } });
  adminToken = await loginAdmin(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

async function likesYou(token: string, query = ''): Promise<LikesYouResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/users/likes-you${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return likesYouResponseSchema.parse(response.json());
}

async function vipPage(token: string, query = '') {
  const answer = await likesYou(token, query);
  if (answer.access !== 'vip') throw new Error(`expected the VIP answer, got ${JSON.stringify(answer)}`);
  return answer;
}

/** A member, made VIP the way an admin does it (Gold, 30 days). */
async function vipMember(): Promise<RegisteredUser> {
  const member = await registerUser(testApp.app);
  const granted = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${member.user._id}/make-vip`, headers: bearer(adminToken), payload: {} });
  expect(granted.statusCode, granted.body).toBe(200);
  return member;
}

/** `from` liked `to` at `at` (stored directly, so times and ties are the test's). */
async function liked(from: UserRow, to: RegisteredUser, at: Date, type: LikeType = 'like'): Promise<void> {
  await testApp.db.insert(likes).values({ fromUserId: from.id, toUserId: to.user._id, type, createdAt: at, updatedAt: at });
}

function decide(member: RegisteredUser, targetId: string, type: LikeType) {
  return testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(member.token), payload: { targetId, type } });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /api/users/likes-you', () => {
  it('tells a free member only how many, with nothing that identifies anyone', async () => {
    const member = await registerUser(testApp.app);
    const ann = await insertPerson(testApp.db, { name: 'Ann Admirer', avatar: '/api/media/avatar/ann-secret' });
    const bea = await insertPerson(testApp.db, { name: 'Bea Admirer' });
    await liked(ann, member, minutesAgo(2));
    await liked(bea, member, minutesAgo(1), 'super');

    const response = await testApp.app.inject({ method: 'GET', url: '/api/users/likes-you', headers: bearer(member.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access: 'locked', count: 2 });
    for (const secret of [ann.id, ann.username, 'Ann Admirer', 'ann-secret', bea.id, bea.username]) expect(response.body).not.toContain(secret);
  });

  it('locks again once VIP has run out', async () => {
    const member = await vipMember();
    await liked(await insertPerson(testApp.db), member, minutesAgo(1));
    expect((await likesYou(member.token)).access).toBe('vip');
    await updatePerson(testApp.db, member.user._id, { vipUntil: minutesAgo(1) });
    expect(await likesYou(member.token)).toEqual({ access: 'locked', count: 1 });
  });

  it('shows a VIP member the people, newest like first, with their cards and which were super likes', async () => {
    const member = await vipMember();
    const older = await insertPerson(testApp.db, { name: 'Older Liker', age: 33, region: 'Pune', interests: ['Chess'] });
    const newer = await insertPerson(testApp.db, { name: 'Newer Liker' });
    const olderAt = minutesAgo(10);
    await liked(older, member, olderAt);
    await liked(newer, member, minutesAgo(1), 'super');

    const page = await vipPage(member.token);
    expect(page.count).toBe(2);
    expect(page.next).toBeNull();
    expect(page.people.map((person) => [person.name, person.superLike])).toEqual([
      ['Newer Liker', true],
      ['Older Liker', false],
    ]);
    expect(page.people[1]).toMatchObject({ id: older.id, username: older.username, age: 33, region: 'Pune', interests: ['Chess'], isVIP: false });
    expect(page.people[1]?.likedAt).toBe(olderAt.toISOString());
    expect(JSON.stringify(page)).not.toMatch(/email|password|latitude/i);
  });

  it('leaves out passes the others made, and takes off whoever the member liked back or passed', async () => {
    const member = await vipMember();
    const passedOnMember = await insertPerson(testApp.db);
    await liked(passedOnMember, member, minutesAgo(5), 'dislike');
    const likedBack = await insertPerson(testApp.db, { name: 'Liked Back' });
    const passed = await insertPerson(testApp.db, { name: 'Passed' });
    const waiting = await insertPerson(testApp.db, { name: 'Waiting' });
    for (const [index, person] of [likedBack, passed, waiting].entries()) await liked(person, member, minutesAgo(3 - index));
    expect((await vipPage(member.token)).count).toBe(3);

    const likeBack = await decide(member, likedBack.id, 'like');
    expect(likeBack.json()).toMatchObject({ match: true });
    expect((await decide(member, passed.id, 'dislike')).statusCode).toBe(200);

    const page = await vipPage(member.token);
    expect(page.people.map((person) => person.name)).toEqual(['Waiting']);
    expect(page.count).toBe(1);
  });

  it('leaves out banned people, admins and anyone blocked either way', async () => {
    const member = await vipMember();
    const banned = await insertPerson(testApp.db, { name: 'Banned Liker' });
    const blockedByMember = await insertPerson(testApp.db, { name: 'Blocked By Member' });
    const blocker = await registerUser(testApp.app);
    const admin = await insertPerson(testApp.db, { name: 'Admin Liker', role: 'admin' });
    const kept = await insertPerson(testApp.db, { name: 'Kept' });
    for (const person of [banned, blockedByMember, admin, kept]) await liked(person, member, minutesAgo(1));
    expect((await decide(blocker, member.user._id, 'super')).statusCode).toBe(200);
    // The admin's like never counted.
    expect((await vipPage(member.token)).count).toBe(4);

    await updatePerson(testApp.db, banned.id, { isBanned: true, banReason: 'spam' });
    const block = (token: string, id: string) => testApp.app.inject({ method: 'POST', url: `/api/users/${id}/block`, headers: bearer(token) });
    expect((await block(member.token, blockedByMember.id)).statusCode).toBe(200);
    expect((await block(blocker.token, member.user._id)).statusCode).toBe(200);

    const page = await vipPage(member.token);
    expect(page.people.map((person) => person.name)).toEqual(['Kept']);
    expect(page.count).toBe(1);
  });

  it('pages by cursor without skipping or repeating anyone, ties in time included', async () => {
    const member = await vipMember();
    const sameMoment = minutesAgo(30);
    const people = await Promise.all(Array.from({ length: 5 }, () => insertPerson(testApp.db)));
    for (const [index, person] of people.entries()) await liked(person, member, index < 3 ? sameMoment : minutesAgo(index));

    const first = await vipPage(member.token, '?limit=2');
    expect(first.people).toHaveLength(2);
    expect(first.count).toBe(5);
    expect(first.next).not.toBeNull();
    const second = await vipPage(member.token, `?limit=2&cursor=${encodeURIComponent(first.next ?? '')}`);
    const third = await vipPage(member.token, `?limit=2&cursor=${encodeURIComponent(second.next ?? '')}`);
    expect(third.people).toHaveLength(1);
    expect(third.next).toBeNull();

    const seen = [...first.people, ...second.people, ...third.people].map((person) => person.id);
    expect(new Set(seen).size).toBe(5);
    expect(seen.slice(0, 2)).toEqual([people[3]?.id, people[4]?.id]);
    expect(seen.slice(2).sort()).toEqual(people.slice(0, 3).map((person) => person.id).sort());
  });

  it('refuses a bad limit or cursor with a clear message', async () => {
    const member = await registerUser(testApp.app);
    for (const query of ['?limit=0', '?limit=51', '?cursor=nonsense', '?page=2']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/users/likes-you${query}`, headers: bearer(member.token) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ success: boolean }>().success).toBe(false);
    }
  });

  it('is for signed-in members: 401 signed out, 403 for an admin', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/likes-you' })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/likes-you', headers: bearer(adminToken) })).statusCode).toBe(403);
  });
});
