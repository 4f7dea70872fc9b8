import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesResponseSchema } from '../../../contract/discovery';
import { matches, users } from '../../../server/db/schema';
import { orderedPair } from '../../../server/lib/member-pair';
import { insertPerson } from './people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let member: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  member = await registerUser(testApp.app, { age: 30 });
});
afterAll(async () => {
  await testApp?.close();
});

function getMatches(token = member.token) {
  return testApp.app.inject({ method: 'GET', url: '/api/matches', headers: bearer(token) });
}

async function matchWith(otherId: string, createdAt: Date): Promise<string> {
  const [row] = await testApp.db.insert(matches).values({ ...orderedPair(member.user._id, otherId), createdAt }).returning();
  if (!row) throw new Error('no match row');
  return row.id;
}

describe('GET /api/matches', () => {
  it('is empty for someone without matches', async () => {
    const response = await getMatches();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ matches: [] });
  });

  it('lists matches newest first with card fields, compatibility and last active text, and nothing private', async () => {
    const older = await insertPerson(testApp.db, {
      name: 'Older Match',
      age: 30,
      interests: ['Coffee'],
      isOnline: false,
      lastSeenAt: new Date(Date.now() - 3 * 3600_000),
      latitude: 19.2,
      longitude: 72.9,
    });
    const newer = await insertPerson(testApp.db, { name: 'Newer Match', isOnline: true, isVip: true, vipTier: 'Platinum' });
    const olderMatchId = await matchWith(older.id, new Date(Date.now() - 86_400_000));
    const newerMatchId = await matchWith(newer.id, new Date());

    const response = await getMatches();
    const body = matchesResponseSchema.parse(response.json());
    expect(body.matches.map((match) => [match.name, match.matchId])).toEqual([
      ['Newer Match', newerMatchId],
      ['Older Match', olderMatchId],
    ]);
    expect(body.matches[0]).toMatchObject({ id: newer.id, isOnline: true, isVIP: true, lastActive: 'Online now' });
    expect(body.matches[1]).toMatchObject({ id: older.id, age: 30, region: 'Mumbai', lastActive: 'Active today', interests: ['Coffee'] });
    expect(body.matches[1]?.compatibility).toBeGreaterThan(40);
    // Coordinates are matched as JSON numbers: a timestamp such as "08:43:19.172Z" must not count as a leak.
    expect(response.body).not.toMatch(/latitude|longitude|[:,[]19\.2\d*[,\]}]|email|password|ban/i);
  });

  it('shows the match to both people, and hides a banned one', async () => {
    const other = await registerUser(testApp.app);
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(other.token), payload: { targetId: member.user._id } });
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(member.token), payload: { targetId: other.user._id } });
    const theirs = matchesResponseSchema.parse((await getMatches(other.token)).json());
    expect(theirs.matches.map((match) => match.id)).toEqual([member.user._id]);
    expect(matchesResponseSchema.parse((await getMatches()).json()).matches[0]?.id).toBe(other.user._id);

    await testApp.db.update(users).set({ isBanned: true }).where(eq(users.id, other.user._id));
    const mine = matchesResponseSchema.parse((await getMatches()).json());
    expect(mine.matches.map((match) => match.id)).not.toContain(other.user._id);
  });

  it('is for user accounts: 401 signed out, 403 for an admin', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/matches' })).statusCode).toBe(401);
    expect((await getMatches(await loginAdmin(testApp.app))).statusCode).toBe(403);
  });
});
