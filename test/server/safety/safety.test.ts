import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCKED_MESSAGE,
  blockedListResponseSchema,
  REPORT_DETAILS_MAX,
  REPORTED_AND_BLOCKED_MESSAGE,
  safetyMessageResponseSchema,
  UNBLOCKED_MESSAGE,
} from '../../../contract/safety';
import { likes, matches, userBlocks, userReports, users } from '../../../server/db/schema';
import { orderedPair } from '../../../server/lib/member-pair';
import { insertPerson } from '../discovery/people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const RECEIVED = 'Thanks for telling us. Our team will review your report.';

let testApp: TestApp;
let adminId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const [admin] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username));
  adminId = admin?.id ?? '';
});
afterAll(async () => {
  await testApp?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
function call(method: Method, url: string, token: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
const block = (token: string, id: string) => call('POST', `/api/users/${id}/block`, token);
const unblock = (token: string, id: string) => call('DELETE', `/api/users/${id}/block`, token);
const report = (token: string, id: string, payload: object) => call('POST', `/api/users/${id}/report`, token, payload);

async function blockedIds(token: string): Promise<string[]> {
  const response = await call('GET', '/api/users/blocked', token);
  expect(response.statusCode, response.body).toBe(200);
  return blockedListResponseSchema.parse(response.json()).blocked.map((person) => person.id);
}

async function named(name: string): Promise<RegisteredUser> {
  const person = await registerUser(testApp.app);
  await testApp.db.update(users).set({ name }).where(eq(users.id, person.user._id));
  return person;
}

async function matchUp(first: RegisteredUser, second: RegisteredUser): Promise<void> {
  for (const [from, to] of [[first, second], [second, first]] as const) {
    const response = await call('POST', '/api/users/like', from.token, { targetId: to.user._id });
    expect(response.statusCode, response.body).toBe(200);
  }
  expect(await matchRows(first.user._id, second.user._id)).toHaveLength(1);
}

function matchRows(first: string, second: string) {
  const pair = orderedPair(first, second);
  return testApp.db.select().from(matches).where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)));
}

function reportsBetween(reporterId: string, reportedId: string) {
  return testApp.db.select().from(userReports).where(and(eq(userReports.reporterId, reporterId), eq(userReports.reportedId, reportedId)));
}

describe('POST /api/users/:id/block', () => {
  it('blocks without naming anyone, ends their match and keeps the likes; blocking again is still fine', async () => {
    const alice = await registerUser(testApp.app);
    const bob = await named('Bob Blocked');
    await matchUp(alice, bob);

    const first = await block(alice.token, bob.user._id);
    expect(first.statusCode, first.body).toBe(200);
    expect(safetyMessageResponseSchema.parse(first.json())).toEqual({ success: true, message: BLOCKED_MESSAGE });
    expect(await matchRows(alice.user._id, bob.user._id)).toHaveLength(0);
    expect(await blockedIds(alice.token)).toEqual([bob.user._id]);
    const pairLikes = await testApp.db.select().from(likes).where(or(eq(likes.fromUserId, alice.user._id), eq(likes.fromUserId, bob.user._id)));
    expect(pairLikes.map((row) => row.type)).toEqual(['like', 'like']);

    const again = await block(alice.token, bob.user._id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: BLOCKED_MESSAGE });
    expect(await testApp.db.select().from(userBlocks).where(eq(userBlocks.blockerId, alice.user._id))).toHaveLength(1);
  });

  it('can block a banned member', async () => {
    const alice = await registerUser(testApp.app);
    const banned = await insertPerson(testApp.db, { name: '', isBanned: true, banReason: 'spam', bannedAt: new Date() });
    const response = await block(alice.token, banned.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: BLOCKED_MESSAGE });
    expect(await blockedIds(alice.token)).toEqual([banned.id]);
  });

  it('refuses oneself (400), and answers an unknown or admin account like a member, storing nothing', async () => {
    const alice = await registerUser(testApp.app);
    expect((await block(alice.token, alice.user._id)).json()).toEqual({ success: false, message: "You can't block yourself" });
    expect((await block(alice.token, alice.user._id)).statusCode).toBe(400);
    for (const id of [UNKNOWN_ID, adminId]) {
      const response = await block(alice.token, id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: BLOCKED_MESSAGE });
    }
    const malformed = await block(alice.token, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ success: boolean; message: string }>()).toMatchObject({ success: false, message: expect.any(String) as unknown });
    expect(await blockedIds(alice.token)).toEqual([]);
  });

  it('is for members only: 401 without a token, 403 for an admin', async () => {
    const bob = await registerUser(testApp.app);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/users/${bob.user._id}/block` })).statusCode).toBe(401);
    expect((await block(await loginAdmin(testApp.app), bob.user._id)).statusCode).toBe(403);
  });
});

describe('DELETE /api/users/:id/block and GET /api/users/blocked', () => {
  it('lists only the caller\'s own blocks, newest first, and unblocks idempotently', async () => {
    const alice = await registerUser(testApp.app);
    const bob = await registerUser(testApp.app);
    const carol = await named('Carol');
    const dave = await registerUser(testApp.app);
    await block(alice.token, bob.user._id);
    await block(alice.token, carol.user._id);
    await block(dave.token, alice.user._id);

    const listed = blockedListResponseSchema.parse((await call('GET', '/api/users/blocked', alice.token)).json());
    expect(listed.blocked.map((person) => person.id)).toEqual([carol.user._id, bob.user._id]);
    expect(listed.blocked[0]).toMatchObject({ username: carol.body.username, name: 'Carol', avatar: expect.any(String) as unknown });
    expect(Number.isNaN(Date.parse(listed.blocked[0]?.blockedAt ?? ''))).toBe(false);
    // Bob never blocked anyone; that Alice blocked him is not his to see, nor is Dave's block of Alice hers.
    expect(await blockedIds(bob.token)).toEqual([]);
    expect(await blockedIds(dave.token)).toEqual([alice.user._id]);

    for (let round = 0; round < 2; round += 1) {
      const response = await unblock(alice.token, carol.user._id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, message: UNBLOCKED_MESSAGE });
    }
    expect(await blockedIds(alice.token)).toEqual([bob.user._id]);
    // Unblocking someone Alice never blocked leaves Dave's block of her in place.
    expect((await unblock(alice.token, dave.user._id)).statusCode).toBe(200);
    expect(await blockedIds(dave.token)).toEqual([alice.user._id]);
  });

  it('answers an unknown account like anyone else, and 400 for oneself', async () => {
    const alice = await registerUser(testApp.app);
    expect((await unblock(alice.token, UNKNOWN_ID)).json()).toEqual({ success: true, message: UNBLOCKED_MESSAGE });
    expect((await unblock(alice.token, UNKNOWN_ID)).statusCode).toBe(200);
    expect((await unblock(alice.token, alice.user._id)).statusCode).toBe(400);
  });

  it('is a route of its own, not /users/:id with id "blocked"', async () => {
    const alice = await registerUser(testApp.app);
    const response = await call('GET', '/api/users/blocked', alice.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, blocked: [] });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/blocked' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/:id/report', () => {
  it('files a report and blocks by default (201), saying so without naming anyone', async () => {
    const alice = await registerUser(testApp.app);
    const bob = await named('Bob Reported');
    await matchUp(alice, bob);
    const response = await report(alice.token, bob.user._id, { reason: 'harassment', details: '  Kept messaging me  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ success: true, message: REPORTED_AND_BLOCKED_MESSAGE });

    const stored = await reportsBetween(alice.user._id, bob.user._id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reason: 'harassment', details: 'Kept messaging me', status: 'open', resolvedAt: null, resolvedBy: null });
    expect(await blockedIds(alice.token)).toEqual([bob.user._id]);
    expect(await matchRows(alice.user._id, bob.user._id)).toHaveLength(0);
  });

  it('files a report without blocking when block is false', async () => {
    const alice = await registerUser(testApp.app);
    const bob = await registerUser(testApp.app);
    await matchUp(alice, bob);
    const response = await report(alice.token, bob.user._id, { reason: 'scam', block: false });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ success: true, message: RECEIVED });
    expect((await reportsBetween(alice.user._id, bob.user._id))[0]).toMatchObject({ reason: 'scam', details: '' });
    expect(await blockedIds(alice.token)).toEqual([]);
    expect(await matchRows(alice.user._id, bob.user._id)).toHaveLength(1);
  });

  it('amends the reporter\'s open report about the same person instead of adding another, keeping its place in the queue', async () => {
    const alice = await registerUser(testApp.app);
    const bob = await registerUser(testApp.app);
    await report(alice.token, bob.user._id, { reason: 'fake_profile', details: 'first', block: false });
    const [first] = await reportsBetween(alice.user._id, bob.user._id);
    const again = await report(alice.token, bob.user._id, { reason: 'scam', details: 'second', block: false });
    expect(again.statusCode).toBe(201);
    const stored = await reportsBetween(alice.user._id, bob.user._id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: first?.id, reason: 'scam', details: 'second', createdAt: first?.createdAt });

    // Someone else's report is their own; and once resolved, a new report opens a new one.
    const carol = await registerUser(testApp.app);
    await report(carol.token, bob.user._id, { reason: 'other', block: false });
    expect(await reportsBetween(carol.user._id, bob.user._id)).toHaveLength(1);
    await testApp.db.update(userReports).set({ status: 'resolved', resolvedAt: new Date() }).where(eq(userReports.reporterId, alice.user._id));
    await report(alice.token, bob.user._id, { reason: 'harassment', block: false });
    expect((await reportsBetween(alice.user._id, bob.user._id)).map((row) => row.status).sort()).toEqual(['open', 'resolved']);
  });

  it('keeps one open report when the same two reports arrive at once', async () => {
    const alice = await registerUser(testApp.app);
    const bob = await registerUser(testApp.app);
    const answers = await Promise.all(Array.from({ length: 4 }, () => report(alice.token, bob.user._id, { reason: 'scam' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await reportsBetween(alice.user._id, bob.user._id)).toHaveLength(1);
  });

  it('refuses oneself and bad bodies, and answers unknown and admin accounts like members, storing nothing', async () => {
    const alice = await registerUser(testApp.app);
    const bob = await registerUser(testApp.app);
    const self = await report(alice.token, alice.user._id, { reason: 'other' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, message: "You can't report yourself" });
    for (const id of [UNKNOWN_ID, adminId]) {
      const response = await report(alice.token, id, { reason: 'other' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ success: true, message: REPORTED_AND_BLOCKED_MESSAGE });
      expect(await reportsBetween(alice.user._id, id)).toHaveLength(0);
    }

    const badReason = await report(alice.token, bob.user._id, { reason: 'rude' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json<{ message: string }>().message).toContain('Choose a reason for the report');
    const missingReason = await report(alice.token, bob.user._id, {});
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json<{ message: string }>().message).toContain('Choose a reason for the report');
    const longDetails = await report(alice.token, bob.user._id, { reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) });
    expect(longDetails.statusCode).toBe(400);
    expect(longDetails.json<{ message: string }>().message).toContain(`Details must be at most ${REPORT_DETAILS_MAX} characters`);
    const exactly = await report(alice.token, bob.user._id, { reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX), block: false });
    expect(exactly.statusCode).toBe(201);
    const extraField = await report(alice.token, bob.user._id, { reason: 'other', severity: 'high' });
    expect(extraField.statusCode).toBe(400);
    const badBlock = await report(alice.token, bob.user._id, { reason: 'other', block: 'yes' });
    expect(badBlock.statusCode).toBe(400);
    expect(badBlock.json<{ message: string }>().message).toContain('Block must be true or false');

    expect(await reportsBetween(alice.user._id, alice.user._id)).toHaveLength(0);
    expect((await reportsBetween(alice.user._id, bob.user._id)).map((row) => row.details)).toEqual(['x'.repeat(REPORT_DETAILS_MAX)]);
    expect(await blockedIds(alice.token)).toEqual([]);
  });
});

// Issue 37, finding 13: someone who blocked the caller is unknown to them everywhere else, so the
// safety actions must not answer differently for them than for an unknown id or any other member.
describe('blocking and reporting someone who blocked you', () => {
  type Answer = { statusCode: number; body: string; contentType: unknown };
  const answer = (response: Awaited<ReturnType<typeof block>>): Answer => ({
    statusCode: response.statusCode,
    body: response.body,
    contentType: response.headers['content-type'],
  });

  it('answers exactly as for an unknown id or a member who did not, and still stores the block and the report', async () => {
    const alice = await registerUser(testApp.app);
    const blockedAlice = await named('Has Blocked Alice');
    const member = await named('Plain Member');
    expect((await block(blockedAlice.token, alice.user._id)).statusCode).toBe(200);
    // Her profile reads as not found to Alice, like an unknown id.
    expect((await call('GET', `/api/users/${blockedAlice.user._id}`, alice.token)).statusCode).toBe(404);

    const targets = [blockedAlice.user._id, UNKNOWN_ID, member.user._id];
    for (const action of [
      (id: string) => block(alice.token, id),
      (id: string) => report(alice.token, id, { reason: 'harassment', block: false }),
      (id: string) => report(alice.token, id, { reason: 'harassment', details: 'again' }),
      (id: string) => unblock(alice.token, id),
    ]) {
      const [blockedYou, unknown, plain] = await Promise.all(targets.map(async (id) => answer(await action(id))));
      expect(blockedYou).toEqual(unknown);
      expect(plain).toEqual(unknown);
      expect(unknown?.body).not.toContain('Has Blocked Alice');
    }

    // The operators still see the report about someone who blocked the reporter.
    expect(await reportsBetween(alice.user._id, blockedAlice.user._id)).toHaveLength(1);
    expect(await reportsBetween(alice.user._id, UNKNOWN_ID)).toHaveLength(0);
    // Both blocks stand after Alice's block (the unblock above removed only her own, not the one against her).
    const aliceBlocks = await testApp.db.select().from(userBlocks).where(eq(userBlocks.blockerId, alice.user._id));
    expect(aliceBlocks.map((row) => row.blockedId)).toEqual([]);
    expect(await blockedIds(blockedAlice.token)).toEqual([alice.user._id]);
  });

  it('stores a block of someone who blocked you: a mutual block stays when they unblock', async () => {
    const alice = await registerUser(testApp.app);
    const bob = await registerUser(testApp.app);
    expect((await block(bob.token, alice.user._id)).statusCode).toBe(200);
    expect((await block(alice.token, bob.user._id)).statusCode).toBe(200);
    expect(await blockedIds(alice.token)).toEqual([bob.user._id]);
    expect((await unblock(bob.token, alice.user._id)).statusCode).toBe(200);
    expect(await blockedIds(alice.token)).toEqual([bob.user._id]);
  });
});

describe('report limit', () => {
  it('answers 429 past the per-account limit, leaving other accounts free', async () => {
    const limited = await createTestApp({ rateLimits: { report: { max: 2, windowMs: 60_000 } } });
    try {
      const target = await registerUser(limited.app);
      const reporter = await registerUser(limited.app);
      const send = (token: string) =>
        limited.app.inject({ method: 'POST', url: `/api/users/${target.user._id}/report`, headers: bearer(token), payload: { reason: 'scam', block: false } });
      expect((await send(reporter.token)).statusCode).toBe(201);
      expect((await send(reporter.token)).statusCode).toBe(201);
      const refused = await send(reporter.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests/) as unknown });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send((await registerUser(limited.app)).token)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
