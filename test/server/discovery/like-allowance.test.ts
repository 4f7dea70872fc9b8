import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common';
import { FREE_DAILY_LIKES, likeResponseSchema } from '../../../contract/discovery';
import { likeAllowanceDays, likes } from '../../../server/db/schema';
import { LIKE_ALLOWANCE_USED_MESSAGE } from '../../../server/discovery/like-allowance';
import { insertPerson, updatePerson } from './people-fixtures';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

function like(member: RegisteredUser, targetId: string, type = 'like') {
  return testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(member.token), payload: { targetId, type } });
}

async function people(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await insertPerson(testApp.db)).id);
  return ids;
}

/** As if the member had already liked `used` people today. */
async function alreadyUsed(member: RegisteredUser, used: number, day = today()): Promise<void> {
  await testApp.db.insert(likeAllowanceDays).values({ userId: member.user._id, day, used });
}

async function likesGiven(member: RegisteredUser): Promise<number> {
  return (await testApp.db.select().from(likes).where(eq(likes.fromUserId, member.user._id))).length;
}

describe("a free member's daily likes", () => {
  it(`allows ${FREE_DAILY_LIKES} likes and super likes a day, counting down, then refuses with when more come`, async () => {
    const member = await registerUser(testApp.app);
    const targets = await people(FREE_DAILY_LIKES + 1);
    for (const [index, targetId] of targets.slice(0, FREE_DAILY_LIKES).entries()) {
      const response = await like(member, targetId, index % 5 === 0 ? 'super' : 'like');
      expect(response.statusCode, response.body).toBe(200);
      expect(likeResponseSchema.parse(response.json()).likesLeftToday).toBe(FREE_DAILY_LIKES - index - 1);
    }

    const refused = await like(member, targets[FREE_DAILY_LIKES] ?? '');
    expect(refused.statusCode).toBe(429);
    expect(errorBodySchema.parse(refused.json())).toEqual({ success: false, message: LIKE_ALLOWANCE_USED_MESSAGE, code: 'like-allowance-used' });
    expect(LIKE_ALLOWANCE_USED_MESSAGE).toBe("You've used today's 50 likes; more at 00:00 UTC, or go VIP");
    const untilMidnight = Number(refused.headers['retry-after']);
    expect(untilMidnight).toBeGreaterThan(0);
    expect(untilMidnight).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await likesGiven(member)).toBe(FREE_DAILY_LIKES);
  });

  it('still lets a member with no likes left pass on people, which uses none', async () => {
    const member = await registerUser(testApp.app);
    await alreadyUsed(member, FREE_DAILY_LIKES);
    const [someone] = await people(1);
    const pass = await like(member, someone ?? '', 'dislike');
    expect(pass.statusCode, pass.body).toBe(200);
    expect(likeResponseSchema.parse(pass.json()).likesLeftToday).toBeUndefined();
    expect((await like(member, someone ?? '', 'like')).statusCode).toBe(429);
  });

  it('gives nothing back when a like is taken back, and counts a failed like as none', async () => {
    const member = await registerUser(testApp.app);
    const [someone] = await people(1);
    expect(likeResponseSchema.parse((await like(member, someone ?? '')).json()).likesLeftToday).toBe(FREE_DAILY_LIKES - 1);
    expect((await like(member, someone ?? '', 'dislike')).statusCode).toBe(200);
    expect((await like(member, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(likeResponseSchema.parse((await like(member, someone ?? '')).json()).likesLeftToday).toBe(FREE_DAILY_LIKES - 2);
  });

  it('starts a new allowance on the next UTC day', async () => {
    const member = await registerUser(testApp.app);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await alreadyUsed(member, FREE_DAILY_LIKES, yesterday);
    const [someone] = await people(1);
    const response = await like(member, someone ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(likeResponseSchema.parse(response.json()).likesLeftToday).toBe(FREE_DAILY_LIKES - 1);
  });

  it('never goes past the allowance when likes arrive at the same moment', async () => {
    const member = await registerUser(testApp.app);
    await alreadyUsed(member, FREE_DAILY_LIKES - 3);
    const targets = await people(8);
    const statuses = (await Promise.all(targets.map((targetId) => like(member, targetId)))).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(await likesGiven(member)).toBe(3);
    const [day] = await testApp.db
      .select()
      .from(likeAllowanceDays)
      .where(and(eq(likeAllowanceDays.userId, member.user._id), eq(likeAllowanceDays.day, today())));
    expect(day?.used).toBe(FREE_DAILY_LIKES);
  });
});

describe("a VIP member's likes", () => {
  it('are not counted and never run out', async () => {
    const member = await registerUser(testApp.app);
    await alreadyUsed(member, FREE_DAILY_LIKES);
    await updatePerson(testApp.db, member.user._id, { isVip: true, vipTier: 'Gold', vipUntil: new Date(Date.now() + 60_000) });
    const [someone] = await people(1);
    const response = await like(member, someone ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(likeResponseSchema.parse(response.json()).likesLeftToday).toBeNull();
  });

  it('count again once VIP has run out', async () => {
    const member = await registerUser(testApp.app);
    await alreadyUsed(member, FREE_DAILY_LIKES);
    await updatePerson(testApp.db, member.user._id, { isVip: true, vipTier: 'Gold', vipUntil: new Date(Date.now() - 60_000) });
    const [someone] = await people(1);
    expect((await like(member, someone ?? '')).statusCode).toBe(429);
  });
});
