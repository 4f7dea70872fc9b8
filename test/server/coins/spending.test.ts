import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common';
import { coinPricesResponseSchema, coinSpendResponseSchema } from '../../../contract/coins/spending';
import { LIKE_EARNING } from '../../../contract/constants';
import { FREE_DAILY_LIKES, likeResponseSchema } from '../../../contract/discovery';
import { NOT_ENOUGH_COINS_MESSAGE, postCoinChangeAlone } from '../../../server/coins/ledger';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { VIP_NEEDS_NO_EXTRA_LIKES } from '../../../server/coins/spending';
import { coinLedger, coinPacks, likeAllowanceDays, users } from '../../../server/db/schema';
import { insertPerson, updatePerson } from '../discovery/people-fixtures';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

async function memberWith(coins: number): Promise<RegisteredUser> {
  const member = await registerUser(testApp.app);
  if (coins > 0) await postCoinChangeAlone(testApp.db, { userId: member.user._id, amount: coins, kind: 'granted', reference: 'spending test', idempotencyKey: randomUUID() });
  return member;
}

function spend(member: RegisteredUser, attemptId: string = randomUUID(), item = 'extraLikes') {
  return testApp.app.inject({ method: 'POST', url: '/api/coins/spend', headers: bearer(member.token), payload: { item, attemptId } });
}

async function holdings(member: RegisteredUser) {
  const [row] = await testApp.db.select({ coins: users.coins, extraLikes: users.extraLikes }).from(users).where(eq(users.id, member.user._id));
  return row;
}

describe('GET /api/coins/prices', () => {
  it("prices each item in coins with its money value at the smallest pack's price per coin, rounded up", async () => {
    const member = await memberWith(0);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/coins/prices', headers: bearer(member.token) });
    expect(response.statusCode, response.body).toBe(200);
    // The seeded Starter Pack: 100 coins for $0.99.
    expect(coinPricesResponseSchema.parse(response.json())).toEqual({
      success: true,
      prices: [
        { item: 'extraLikes', title: '10 extra likes', coins: 100, value: { amountMinor: 99, currency: 'USD' } },
        { item: 'boost', title: 'A 30-minute Boost', coins: 200, value: { amountMinor: 198, currency: 'USD' } },
      ],
      extraLikes: 0,
    });
  });

  it('rounds a part of a cent up, and follows the smallest pack on sale', async () => {
    const member = await memberWith(0);
    const [cheap] = await testApp.db.insert(coinPacks).values({ name: 'Trial', coins: 30, priceMinor: 29, currency: 'USD', active: true }).returning();
    try {
      const prices = coinPricesResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/coins/prices', headers: bearer(member.token) })).json()).prices;
      // 100 coins at 29/30 of a cent each: 96.67 cents, so 97.
      expect(prices[0]?.value).toEqual({ amountMinor: 97, currency: 'USD' });
    } finally {
      await testApp.db.delete(coinPacks).where(eq(coinPacks.id, cheap?.id ?? ''));
    }
  });

  it('is for signed-in members only', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/coins/prices' })).statusCode).toBe(401);
  });
});

describe('POST /api/coins/spend', () => {
  it('takes the coins as a spent entry and adds the extra likes, in one go; the balance and the ledger agree', async () => {
    const member = await memberWith(250);
    const response = await spend(member);
    expect(response.statusCode, response.body).toBe(200);
    const answer = coinSpendResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ message: '10 extra likes added', balance: 150, extraLikes: 10, entry: { amount: -100, kind: 'spent', reference: '10 extra likes', balanceAfter: 150 } });
    expect(await holdings(member)).toEqual({ coins: 150, extraLikes: 10 });
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  });

  it('spends once for the same attempt (a double click or a retry) and answers the same', async () => {
    const member = await memberWith(300);
    const attemptId = randomUUID();
    const [first, second] = await Promise.all([spend(member, attemptId), spend(member, attemptId)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(coinSpendResponseSchema.parse(second.json()).entry._id).toBe(coinSpendResponseSchema.parse(first.json()).entry._id);
    expect(await holdings(member)).toEqual({ coins: 200, extraLikes: 10 });
  });

  it('refuses a spend past the balance with "Not enough coins", taking nothing', async () => {
    const member = await memberWith(99);
    const response = await spend(member);
    expect(response.statusCode).toBe(409);
    expect(errorBodySchema.parse(response.json()).message).toBe(NOT_ENOUGH_COINS_MESSAGE);
    expect(await holdings(member)).toEqual({ coins: 99, extraLikes: 0 });
  });

  it('never goes below zero under 100 spends racing, 25 at once, and every accepted spend is in the ledger', async () => {
    const member = await memberWith(1_050);
    // More at once than the pool's 10 connections, so they queue and race for the balance; not 100 at once, whose
    // last ones could wait past the pool's 5 s for a connection on a starved CI machine (a 503, not a ledger fault).
    const statuses: number[] = [];
    for (let wave = 0; wave < 4; wave += 1) {
      statuses.push(...(await Promise.all(Array.from({ length: 25 }, () => spend(member)))).map((response) => response.statusCode));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(90);
    expect(await holdings(member)).toEqual({ coins: 50, extraLikes: 100 });
    const spends = await testApp.db.select().from(coinLedger).where(eq(coinLedger.userId, member.user._id));
    expect(spends.filter((entry) => entry.kind === 'spent')).toHaveLength(10);
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  });

  it('says which items there are and wants an attempt id', async () => {
    const member = await memberWith(500);
    const unknown = await spend(member, randomUUID(), 'superPower');
    expect(unknown.statusCode).toBe(400);
    expect(errorBodySchema.parse(unknown.json()).message).toContain('Item must be one of: extraLikes, boost');
    const noAttempt = await testApp.app.inject({ method: 'POST', url: '/api/coins/spend', headers: bearer(member.token), payload: { item: 'extraLikes' } });
    expect(noAttempt.statusCode).toBe(400);
    expect(await holdings(member)).toEqual({ coins: 500, extraLikes: 0 });
  });

  it('sells no extra likes to VIP, whose likes have no limit', async () => {
    const member = await memberWith(500);
    await updatePerson(testApp.db, member.user._id, { isVip: true, vipTier: 'Gold', vipUntil: null });
    const response = await spend(member);
    expect(response.statusCode).toBe(409);
    expect(errorBodySchema.parse(response.json()).message).toBe(VIP_NEEDS_NO_EXTRA_LIKES);
  });
});

describe('extra likes', () => {
  it("are used once the day's free likes are gone, one per like, and then the allowance message comes back", async () => {
    const member = await memberWith(100);
    await testApp.db.insert(likeAllowanceDays).values({ userId: member.user._id, day: new Date().toISOString().slice(0, 10), used: FREE_DAILY_LIKES });
    expect((await spend(member)).statusCode).toBe(200);
    const like = async () => testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(member.token), payload: { targetId: (await insertPerson(testApp.db)).id } });
    for (let left = 9; left >= 0; left -= 1) {
      const response = await like();
      expect(response.statusCode, response.body).toBe(200);
      expect(likeResponseSchema.parse(response.json()).likesLeftToday).toBe(left);
    }
    const refused = await like();
    expect(refused.statusCode).toBe(429);
    expect(errorBodySchema.parse(refused.json()).code).toBe('like-allowance-used');
  });

  it('wait while free likes are left, and are counted in what is left', async () => {
    const member = await memberWith(100);
    expect((await spend(member)).statusCode).toBe(200);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(member.token), payload: { targetId: (await insertPerson(testApp.db)).id } });
    expect(likeResponseSchema.parse(response.json()).likesLeftToday).toBe(FREE_DAILY_LIKES - 1 + 10);
    // The like itself earned its coins (coins/earning.ts).
    expect(await holdings(member)).toEqual({ coins: LIKE_EARNING.coins, extraLikes: 10 });
  });
});
