import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOST_MESSAGES, BOOST_MINUTES, boostStartResponseSchema, boostStatusResponseSchema } from '../../../contract/boost';
import { coinSpendResponseSchema } from '../../../contract/coins/spending';
import { errorBodySchema } from '../../../contract/common';
import { discoverResponseSchema, spinResponseSchema } from '../../../contract/discovery';
import { postCoinChangeAlone } from '../../../server/coins/ledger';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { boosts, users } from '../../../server/db/schema';
import { updatePerson } from '../discovery/people-fixtures';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 48, point 3: a boost puts the member's card first in others' Discover
// and Spin for 30 minutes; VIP has one a day, anyone may buy one with coins.

/** No one else in the test database is this old, so a filter on it lists only this test's people. */
const AGE = 77;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function member(): Promise<RegisteredUser> {
  return registerUser(testApp.app, { age: AGE, gender: 'female' });
}

async function vipMember(): Promise<RegisteredUser> {
  const vip = await member();
  await updatePerson(testApp.db, vip.user._id, { isVip: true, vipTier: 'Gold', vipUntil: new Date(Date.now() + 30 * 24 * 3600_000) });
  return vip;
}

/** People seen more recently than `than`, so without a boost they come before it. */
async function moreRecentlyActive(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const other = await member();
    await updatePerson(testApp.db, other.user._id, { lastSeenAt: new Date(Date.now() + 60_000), isOnline: true });
  }
}

const startDaily = (booster: RegisteredUser, attemptId: string = randomUUID()) => inject('POST', '/api/boost', booster.token, { attemptId });

async function status(booster: RegisteredUser) {
  const response = await inject('GET', '/api/boost', booster.token);
  expect(response.statusCode, response.body).toBe(200);
  return boostStatusResponseSchema.parse(response.json());
}

async function discoverIds(viewer: RegisteredUser, page = 1) {
  const response = await inject('GET', `/api/users?minAge=${AGE}&maxAge=${AGE}&limit=2&page=${page}`, viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return discoverResponseSchema.parse(response.json()).users.map((person) => person.id);
}

async function spinIds(viewer: RegisteredUser) {
  const response = await inject('GET', `/api/users/spin?minAge=${AGE}&maxAge=${AGE}&limit=2`, viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return spinResponseSchema.parse(response.json()).users.map((person) => person.id);
}

describe('a VIP member’s daily Boost', () => {
  it('puts their card first in others’ Discover and Spin, counts each viewer once, and lasts 30 minutes', async () => {
    const booster = await vipMember();
    await moreRecentlyActive(3);
    const viewer = await registerUser(testApp.app, { age: 40, gender: 'male' });
    const otherViewer = await registerUser(testApp.app, { age: 41, gender: 'male' });
    expect(await discoverIds(viewer)).not.toContain(booster.user._id);
    expect(await spinIds(viewer)).not.toContain(booster.user._id);
    expect((await status(booster)).dailyBoostAvailable).toBe(true);

    const started = await startDaily(booster);
    expect(started.statusCode, started.body).toBe(200);
    const { boost, message } = boostStartResponseSchema.parse(started.json());
    expect(message).toBe(BOOST_MESSAGES.started);
    expect(new Date(boost.endsAt).getTime() - new Date(boost.startedAt).getTime()).toBe(BOOST_MINUTES * 60_000);

    // First on Discover's first page, over and above its limit, and not again further on.
    const firstPage = await discoverIds(viewer);
    expect(firstPage).toHaveLength(3);
    expect(firstPage[0]).toBe(booster.user._id);
    expect(await discoverIds(viewer, 2)).not.toContain(booster.user._id);
    expect(await spinIds(viewer)).toEqual([booster.user._id, expect.any(String) as unknown]);
    await discoverIds(viewer);
    await discoverIds(otherViewer);

    const running = await status(booster);
    expect(running.running).toMatchObject({ source: 'vip-daily', views: 2 });
    expect(running.dailyBoostAvailable).toBe(false);

    // Over: back in its usual place, and the member sees what it brought.
    await testApp.db.update(boosts).set({ startedAt: new Date(Date.now() - 31 * 60_000), endsAt: new Date(Date.now() - 60_000) }).where(eq(boosts.userId, booster.user._id));
    expect((await discoverIds(viewer))[0]).not.toBe(booster.user._id);
    const ended = await status(booster);
    expect(ended.running).toBeNull();
    expect(ended.last).toMatchObject({ views: 2 });
  });

  it('is once a day: a second is refused, the same attempt again answers with the first', async () => {
    const booster = await vipMember();
    const attemptId = randomUUID();
    const [first, retry] = await Promise.all([startDaily(booster, attemptId), startDaily(booster, attemptId)]);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(boostStartResponseSchema.parse(retry.json()).boost.startedAt).toBe(boostStartResponseSchema.parse(first.json()).boost.startedAt);

    const whileRunning = await startDaily(booster);
    expect(whileRunning.statusCode).toBe(409);
    expect(errorBodySchema.parse(whileRunning.json()).message).toBe(BOOST_MESSAGES.running);
    await testApp.db.update(boosts).set({ startedAt: new Date(Date.now() - 31 * 60_000), endsAt: new Date(Date.now() - 60_000) }).where(eq(boosts.userId, booster.user._id));
    const second = await startDaily(booster);
    expect(second.statusCode).toBe(409);
    expect(errorBodySchema.parse(second.json()).message).toBe(BOOST_MESSAGES.usedToday);
  });

  it('is for VIP: a free member is told to buy one with coins', async () => {
    const free = await member();
    const response = await startDaily(free);
    expect(response.statusCode).toBe(403);
    expect(errorBodySchema.parse(response.json()).message).toBe(BOOST_MESSAGES.notVip);
    expect((await status(free)).dailyBoostAvailable).toBe(false);
  });

  it('wants an attempt id', async () => {
    const response = await inject('POST', '/api/boost', (await vipMember()).token, {});
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).message).toContain('attemptId');
  });
});

describe('a Boost bought with coins', () => {
  async function withCoins(coins: number) {
    const buyer = await member();
    await postCoinChangeAlone(testApp.db, { userId: buyer.user._id, amount: coins, kind: 'granted', reference: 'boost test', idempotencyKey: randomUUID() });
    return buyer;
  }
  const buy = (buyer: RegisteredUser, attemptId: string = randomUUID()) => inject('POST', '/api/coins/spend', buyer.token, { item: 'boost', attemptId });
  const coinsOf = async (buyer: RegisteredUser) => (await testApp.db.select({ coins: users.coins }).from(users).where(eq(users.id, buyer.user._id)))[0]?.coins;

  it('takes 200 coins and starts the boost in one go; a retry of the same attempt does neither again', async () => {
    const buyer = await withCoins(450);
    const attemptId = randomUUID();
    const first = await buy(buyer, attemptId);
    expect(first.statusCode, first.body).toBe(200);
    const answer = coinSpendResponseSchema.parse(first.json());
    expect(answer).toMatchObject({ message: BOOST_MESSAGES.started, balance: 250, boost: { source: 'coins', views: 0 }, entry: { amount: -200, reference: 'A 30-minute Boost' } });
    const retry = coinSpendResponseSchema.parse((await buy(buyer, attemptId)).json());
    expect(retry.boost?.startedAt).toBe(answer.boost?.startedAt);
    expect(await coinsOf(buyer)).toBe(250);
    expect((await status(buyer)).running).toMatchObject({ source: 'coins' });
  });

  it('takes nothing while a boost is running, or past the balance', async () => {
    const buyer = await withCoins(450);
    expect((await buy(buyer)).statusCode).toBe(200);
    const again = await buy(buyer);
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).message).toBe(BOOST_MESSAGES.running);
    expect(await coinsOf(buyer)).toBe(250);

    const poor = await withCoins(199);
    expect((await buy(poor)).statusCode).toBe(409);
    expect((await status(poor)).running).toBeNull();
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
  });

  it('is also open to VIP, after their daily one', async () => {
    const vip = await vipMember();
    await postCoinChangeAlone(testApp.db, { userId: vip.user._id, amount: 200, kind: 'granted', reference: 'boost test', idempotencyKey: randomUUID() });
    expect((await startDaily(vip)).statusCode).toBe(200);
    await testApp.db.update(boosts).set({ startedAt: new Date(Date.now() - 31 * 60_000), endsAt: new Date(Date.now() - 60_000) }).where(eq(boosts.userId, vip.user._id));
    expect((await buy(vip)).statusCode).toBe(200);
  });
});

