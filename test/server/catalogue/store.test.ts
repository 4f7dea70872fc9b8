import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coinPackListResponseSchema, vipPlanListResponseSchema } from '../../../contract/store/listings';
import { coinPacks, vipPlans } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function readCoinPacks(headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/store/coinpacks', headers });
  expect(response.statusCode, response.body).toBe(200);
  return { raw: response.json<{ coinPacks: Array<Record<string, unknown>> }>(), body: coinPackListResponseSchema.parse(response.json()) };
}

async function readVipPlans() {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/store/vipplans' });
  expect(response.statusCode, response.body).toBe(200);
  return { raw: response.json<{ vipPlans: Array<Record<string, unknown>> }>(), body: vipPlanListResponseSchema.parse(response.json()) };
}

describe('GET /api/store/coinpacks', () => {
  it("serves SPEC section 9's packs to a visitor, in display order, with Value Pack flagged popular", async () => {
    const { body } = await readCoinPacks();
    expect(body.success).toBe(true);
    expect(body.coinPacks.map(({ name, coins, price, popular }) => ({ name, coins, price, popular }))).toEqual([
      { name: 'Starter Pack', coins: 100, price: { amountMinor: 99, currency: 'USD' }, popular: false },
      { name: 'Value Pack', coins: 500, price: { amountMinor: 499, currency: 'USD' }, popular: true },
      { name: 'Premium Pack', coins: 1200, price: { amountMinor: 999, currency: 'USD' }, popular: false },
      { name: 'VIP Pack', coins: 2500, price: { amountMinor: 1999, currency: 'USD' }, popular: false },
    ]);
    for (const pack of body.coinPacks) expect(pack._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows only the public fields: no active flag, sort order or timestamps', async () => {
    const { raw } = await readCoinPacks();
    for (const pack of raw.coinPacks) expect(Object.keys(pack).sort()).toEqual(['_id', 'coins', 'name', 'popular', 'price']);
  });

  it('is the same for a signed-in user as for a visitor', async () => {
    const { token } = await registerUser(testApp.app);
    const signedIn = await readCoinPacks(bearer(token));
    const visitor = await readCoinPacks();
    expect(signedIn.body).toEqual(visitor.body);
  });

  it('leaves out a pack the admin made inactive and follows a changed display order', async () => {
    await testApp.db.update(coinPacks).set({ active: false }).where(eq(coinPacks.name, 'Starter Pack'));
    await testApp.db.update(coinPacks).set({ sortOrder: 0 }).where(eq(coinPacks.name, 'VIP Pack'));
    const { body } = await readCoinPacks();
    expect(body.coinPacks.map((pack) => pack.name)).toEqual(['VIP Pack', 'Value Pack', 'Premium Pack']);
    await testApp.db.update(coinPacks).set({ active: true }).where(eq(coinPacks.name, 'Starter Pack'));
    await testApp.db.update(coinPacks).set({ sortOrder: 4 }).where(eq(coinPacks.name, 'VIP Pack'));
  });

  it('shows a change saved through the admin catalogue at once', async () => {
    const adminToken = await loginAdmin(testApp.app);
    const before = (await readCoinPacks()).body.coinPacks.find((pack) => pack.name === 'Premium Pack');
    if (!before) throw new Error('Premium Pack is not seeded');
    const saved = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/coinpacks',
      headers: bearer(adminToken),
      payload: { coinPack: { _id: before._id, name: 'Premium Plus', coins: 1500, price: { amountMinor: 1149, currency: 'USD' }, popular: true } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await readCoinPacks()).body.coinPacks.find((pack) => pack._id === before._id);
    expect(after).toEqual({ _id: before._id, name: 'Premium Plus', coins: 1500, price: { amountMinor: 1149, currency: 'USD' }, popular: true });
  });

  it('answers an empty list, not an error, when nothing is on sale', async () => {
    await testApp.db.update(coinPacks).set({ active: false });
    const { body } = await readCoinPacks();
    expect(body.coinPacks).toEqual([]);
    await testApp.db.update(coinPacks).set({ active: true });
  });
});

describe('GET /api/store/vipplans', () => {
  it("serves SPEC section 9's plans to a visitor with durations in days and Platinum recommended", async () => {
    const { body } = await readVipPlans();
    expect(body.vipPlans.map(({ name, duration, price, popular }) => ({ name, duration, price, popular }))).toEqual([
      { name: 'Gold', duration: 30, price: { amountMinor: 999, currency: 'USD' }, popular: false },
      { name: 'Platinum', duration: 90, price: { amountMinor: 1999, currency: 'USD' }, popular: true },
      { name: 'Diamond', duration: 365, price: { amountMinor: 4999, currency: 'USD' }, popular: false },
    ]);
    for (const plan of body.vipPlans) expect(plan.features.length).toBeGreaterThan(0);
    expect(body.vipPlans[0]?.features).toContain('Unlimited Likes');
  });

  it('shows only the public fields', async () => {
    const { raw } = await readVipPlans();
    for (const plan of raw.vipPlans) expect(Object.keys(plan).sort()).toEqual(['_id', 'duration', 'features', 'name', 'popular', 'price']);
  });

  it('leaves out an inactive plan', async () => {
    await testApp.db.update(vipPlans).set({ active: false }).where(eq(vipPlans.name, 'Gold'));
    const { body } = await readVipPlans();
    expect(body.vipPlans.map((plan) => plan.name)).toEqual(['Platinum', 'Diamond']);
    await testApp.db.update(vipPlans).set({ active: true }).where(eq(vipPlans.name, 'Gold'));
  });

  it('shows a plan the admin changed through the admin catalogue', async () => {
    const adminToken = await loginAdmin(testApp.app);
    const gold = (await readVipPlans()).body.vipPlans.find((plan) => plan.name === 'Gold');
    if (!gold) throw new Error('Gold is not seeded');
    const saved = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/vipplans',
      headers: bearer(adminToken),
      payload: { vipPlan: { _id: gold._id, name: 'Gold', duration: 45, price: { amountMinor: 1250, currency: 'USD' }, popular: false, features: ['Unlimited Likes'] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await readVipPlans()).body.vipPlans.find((plan) => plan._id === gold._id);
    expect(after).toEqual({ _id: gold._id, name: 'Gold', duration: 45, price: { amountMinor: 1250, currency: 'USD' }, popular: false, features: ['Unlimited Likes'] });
  });
});
