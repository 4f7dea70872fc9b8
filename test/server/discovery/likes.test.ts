import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeResponseSchema } from '../../../contract/discovery';
import { loadConfig } from '../../../server/environment';
import { likes, matches } from '../../../server/db/schema';
import { orderedPair } from '../../../server/lib/member-pair';
import { insertPerson } from './people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let alice: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  alice = await registerUser(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

function like(token: string, payload: unknown, app = testApp.app) {
  return app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(token), payload: payload as object });
}

async function matchRows(first: string, second: string) {
  const pair = orderedPair(first, second);
  return testApp.db.select().from(matches).where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)));
}

describe('POST /api/users/like', () => {
  it('records a like (the default type) without a match when it is one-sided', async () => {
    const bob = await registerUser(testApp.app);
    const response = await like(alice.token, { targetId: bob.user._id });
    expect(response.statusCode).toBe(200);
    expect(likeResponseSchema.parse(response.json())).toEqual({ success: true, match: false, matchId: null, likesLeftToday: expect.any(Number) as unknown });
    const stored = await testApp.db.select().from(likes).where(and(eq(likes.fromUserId, alice.user._id), eq(likes.toUserId, bob.user._id)));
    expect(stored.map((row) => row.type)).toEqual(['like']);
  });

  it('keeps one decision per pair: a repeat updates it', async () => {
    const bob = await registerUser(testApp.app);
    for (const type of ['like', 'like', 'super', 'dislike']) expect((await like(alice.token, { targetId: bob.user._id, type })).statusCode).toBe(200);
    const stored = await testApp.db.select().from(likes).where(and(eq(likes.fromUserId, alice.user._id), eq(likes.toUserId, bob.user._id)));
    expect(stored.map((row) => row.type)).toEqual(['dislike']);
  });

  it('creates a match when a like answers a like or super like, and says so to the second liker', async () => {
    const bob = await registerUser(testApp.app);
    await like(bob.token, { targetId: alice.user._id, type: 'super' });
    const response = likeResponseSchema.parse((await like(alice.token, { targetId: bob.user._id })).json());
    const rows = await matchRows(alice.user._id, bob.user._id);
    expect(rows).toHaveLength(1);
    expect(response).toEqual({ success: true, match: true, matchId: rows[0]?.id, likesLeftToday: expect.any(Number) as unknown });

    // Repeating the like keeps the same single match.
    const again = likeResponseSchema.parse((await like(alice.token, { targetId: bob.user._id, type: 'super' })).json());
    expect(again.matchId).toBe(rows[0]?.id);
    expect(await matchRows(alice.user._id, bob.user._id)).toHaveLength(1);
  });

  it('makes no match after a dislike, and a later dislike ends an existing match', async () => {
    const bob = await registerUser(testApp.app);
    await like(bob.token, { targetId: alice.user._id, type: 'dislike' });
    expect(likeResponseSchema.parse((await like(alice.token, { targetId: bob.user._id })).json()).match).toBe(false);

    const carol = await registerUser(testApp.app);
    await like(carol.token, { targetId: alice.user._id });
    expect(likeResponseSchema.parse((await like(alice.token, { targetId: carol.user._id })).json()).match).toBe(true);
    await like(alice.token, { targetId: carol.user._id, type: 'dislike' });
    expect(await matchRows(alice.user._id, carol.user._id)).toHaveLength(0);
  });

  it('creates a match exactly once when both people like each other at the same moment', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, async () => [await registerUser(testApp.app), await registerUser(testApp.app)] as const));
    const answers = await Promise.all(
      pairs.map(([first, second]) =>
        Promise.all([like(first.token, { targetId: second.user._id }), like(second.token, { targetId: first.user._id, type: 'super' })]),
      ),
    );
    for (const [index, [first, second]] of pairs.entries()) {
      const rows = await matchRows(first.user._id, second.user._id);
      expect(rows).toHaveLength(1);
      const bodies = (answers[index] ?? []).map((response) => likeResponseSchema.parse(response.json()));
      const reported = bodies.filter((body) => body.match);
      expect(reported.length).toBeGreaterThanOrEqual(1);
      for (const body of reported) expect(body.matchId).toBe(rows[0]?.id);
    }
  });

  it.each([
    [{}, 'targetId', 'Invalid id'],
    [{ targetId: 'abc' }, 'targetId', 'Invalid id'],
    [{ targetId: '00000000-0000-4000-8000-000000000000', type: 'love' }, 'type', 'Type must be like, super or dislike'],
    [{ targetId: '00000000-0000-4000-8000-000000000000', coins: 5 }, 'coins', 'Unknown field'],
  ])('answers 400 for %j', async (payload, field, message) => {
    const response = await like(alice.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field, message }] });
  });

  it('refuses liking oneself (400) and unknown, banned or admin targets (404)', async () => {
    const self = await like(alice.token, { targetId: alice.user._id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, message: 'You cannot like yourself' });

    const banned = await insertPerson(testApp.db, { isBanned: true });
    for (const targetId of ['00000000-0000-4000-8000-000000000000', banned.id]) {
      const response = await like(alice.token, { targetId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'User not found' });
    }
  });

  it('is for user accounts: 401 signed out, 403 for an admin', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/users/like', payload: { targetId: alice.user._id } });
    expect(response.statusCode).toBe(401);
    expect((await like(await loginAdmin(testApp.app), { targetId: alice.user._id })).statusCode).toBe(403);
  });
});

describe('demo people liking back', () => {
  it('is configured by DEMO_LIKE_BACK_PROBABILITY and always off in production', () => {
    const env = { JWT_SECRET: 'a'.repeat(40), DATA_DIR: '/nonexistent' };
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).demoLikeBackProbability).toBe(0.35);
    expect(loadConfig({ ...env, NODE_ENV: 'test', DEMO_LIKE_BACK_PROBABILITY: '1' }).demoLikeBackProbability).toBe(1);
    expect(loadConfig({ ...env, NODE_ENV: 'production', PAYMENTS_ALLOW_LOCAL: '1', DEMO_LIKE_BACK_PROBABILITY: '1' }).demoLikeBackProbability).toBe(0);
    expect(() => loadConfig({ ...env, DEMO_LIKE_BACK_PROBABILITY: '2' })).toThrow(/DEMO_LIKE_BACK_PROBABILITY: must be 0 to 1/);
  });

  it('never happens with the default (off) policy', async () => {
    const demo = await insertPerson(testApp.db, { isDemo: true });
    expect(likeResponseSchema.parse((await like(alice.token, { targetId: demo.id })).json()).match).toBe(false);
  });

  it('answers a like on a demo person with a like (and a match) at the configured probability', async () => {
    const rolls = [0.2, 0.9];
    const likeBackApp = await createTestApp({ likeBack: { probability: 0.5, random: () => rolls.shift() ?? 1 } });
    try {
      const member = await registerUser(likeBackApp.app);
      const lucky = await insertPerson(likeBackApp.db, { isDemo: true });
      const unlucky = await insertPerson(likeBackApp.db, { isDemo: true });
      const realPerson = await registerUser(likeBackApp.app);

      expect(likeResponseSchema.parse((await like(member.token, { targetId: lucky.id }, likeBackApp.app)).json()).match).toBe(true);
      expect(likeResponseSchema.parse((await like(member.token, { targetId: unlucky.id }, likeBackApp.app)).json()).match).toBe(false);
      // Only demo people are simulated; a real person decides for themself.
      expect(likeResponseSchema.parse((await like(member.token, { targetId: realPerson.user._id }, likeBackApp.app)).json()).match).toBe(false);
      // A dislike never draws a like back.
      const another = await insertPerson(likeBackApp.db, { isDemo: true });
      rolls.push(0);
      await like(member.token, { targetId: another.id, type: 'dislike' }, likeBackApp.app);
      const theirs = await likeBackApp.db.select().from(likes).where(or(eq(likes.fromUserId, another.id), eq(likes.fromUserId, unlucky.id)));
      expect(theirs).toEqual([]);
    } finally {
      await likeBackApp.close();
    }
  });
});
