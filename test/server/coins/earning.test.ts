import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIKE_EARNING, PROFILE_EARNING } from '../../../contract/constants';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { coinLedger, users } from '../../../server/db/schema';
import { insertPerson } from '../discovery/people-fixtures';
import { cameraJpeg, uploadPhoto } from '../photos/photo-fixtures';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

function like(member: RegisteredUser, targetId: string, type = 'like') {
  return testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(member.token), payload: { targetId, type } });
}

async function coinsOf(member: RegisteredUser): Promise<number> {
  const [row] = await testApp.db.select({ coins: users.coins }).from(users).where(eq(users.id, member.user._id));
  return row?.coins ?? Number.NaN;
}

async function earnedEntries(member: RegisteredUser) {
  return testApp.db.select().from(coinLedger).where(and(eq(coinLedger.userId, member.user._id), eq(coinLedger.kind, 'earned')));
}

describe('coins earned by liking', () => {
  it(`pays ${LIKE_EARNING.coins} coins a person liked, as 'earned' entries, up to ${LIKE_EARNING.perDay} a day`, async () => {
    const member = await registerUser(testApp.app);
    const perDay = LIKE_EARNING.perDay / LIKE_EARNING.coins;
    for (let index = 0; index < perDay + 3; index += 1) {
      const response = await like(member, (await insertPerson(testApp.db)).id, index % 2 ? 'super' : 'like');
      expect(response.statusCode, response.body).toBe(200);
      expect(await coinsOf(member)).toBe(Math.min(index + 1, perDay) * LIKE_EARNING.coins);
    }
    const entries = await earnedEntries(member);
    expect(entries).toHaveLength(perDay);
    expect(new Set(entries.map((entry) => entry.reference))).toEqual(new Set([LIKE_EARNING.reference]));
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  });

  it('pays once per person: liking again, or after taking the like back, earns nothing more', async () => {
    const member = await registerUser(testApp.app);
    const someone = (await insertPerson(testApp.db)).id;
    for (const type of ['like', 'super', 'dislike', 'like']) expect((await like(member, someone, type)).statusCode).toBe(200);
    expect(await coinsOf(member)).toBe(LIKE_EARNING.coins);
  });

  it('pays nothing for a pass, or for a like that was refused', async () => {
    const member = await registerUser(testApp.app);
    expect((await like(member, (await insertPerson(testApp.db)).id, 'dislike')).statusCode).toBe(200);
    expect((await like(member, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await coinsOf(member)).toBe(0);
  });

  it('keeps to the day\'s cap when likes arrive at the same moment', async () => {
    const member = await registerUser(testApp.app);
    const targets = await Promise.all(Array.from({ length: 16 }, async () => (await insertPerson(testApp.db)).id));
    const statuses = (await Promise.all(targets.map((targetId) => like(member, targetId)))).map((response) => response.statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await coinsOf(member)).toBe(LIKE_EARNING.perDay);
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  });
});

describe('coins earned by completing the profile', () => {
  const edit = (member: RegisteredUser, payload: object) => testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(member.token), payload });

  it(`pays ${PROFILE_EARNING.coins} coins once, when a photo, the about text and interests are all set, with the new balance in the answer`, async () => {
    const member = await registerUser(testApp.app);
    const withText = await edit(member, { bio: 'Coffee, books and long walks.', interests: ['Coffee'] });
    expect(withText.statusCode, withText.body).toBe(200);
    expect(await coinsOf(member)).toBe(0);

    const upload = await uploadPhoto(testApp.app, member.token, await cameraJpeg());
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json<{ user: { coins: number } }>().user.coins).toBe(PROFILE_EARNING.coins);
    expect((await earnedEntries(member)).map(({ amount, reference }) => ({ amount, reference }))).toEqual([{ amount: PROFILE_EARNING.coins, reference: PROFILE_EARNING.reference }]);

    // Emptying the about text and writing it again pays nothing more.
    expect((await edit(member, { bio: '' })).statusCode).toBe(200);
    const again = await edit(member, { bio: 'Back again.' });
    expect(again.json<{ user: { coins: number } }>().user.coins).toBe(PROFILE_EARNING.coins);
    expect(await earnedEntries(member)).toHaveLength(1);
  });

  it('pays when the last missing piece is the about text, in the answer to that edit', async () => {
    const member = await registerUser(testApp.app);
    expect((await uploadPhoto(testApp.app, member.token, await cameraJpeg())).statusCode).toBe(201);
    expect((await edit(member, { interests: ['Travel'] })).json<{ user: { coins: number } }>().user.coins).toBe(0);
    expect((await edit(member, { bio: 'Hello there.' })).json<{ user: { coins: number } }>().user.coins).toBe(PROFILE_EARNING.coins);
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  });
});
