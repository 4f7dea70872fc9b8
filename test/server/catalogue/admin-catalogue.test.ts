import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCoinPack, AdminVipPlan, Gift } from '../../../contract/store/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { auditEntries, expectAdminOnly, expectFieldError, UNKNOWN_ID } from '../admin/admin-fixtures';

let testApp: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  userToken = (await registerUser(testApp.app)).token;
});
afterAll(() => testApp.close());

function asAdmin(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return testApp.app.inject({ method, url, payload, headers: bearer(adminToken) });
}

describe('/api/admin/gifts', () => {
  it('lists the seeded gifts, creates, updates and deletes one, each in the audit log', async () => {
    const list = await asAdmin('GET', '/api/admin/gifts');
    expect(list.statusCode).toBe(200);
    const seeded = list.json<{ gifts: Gift[] }>().gifts;
    expect(seeded[0]).toEqual({ _id: expect.any(String) as string, name: 'Rose', icon: '🌹', price: 10, active: true });

    const created = await asAdmin('POST', '/api/admin/gifts', { gift: { name: ' Star ', icon: '⭐', price: 40 } });
    expect(created.statusCode, created.body).toBe(201);
    const gift = created.json<{ message: string; gift: Gift }>();
    expect(gift).toMatchObject({ message: 'Gift created successfully', gift: { name: 'Star', icon: '⭐', price: 40, active: true } });
    const afterCreate = (await asAdmin('GET', '/api/admin/gifts')).json<{ gifts: Gift[] }>().gifts;
    expect(afterCreate.at(-1)?._id).toBe(gift.gift._id);

    const updated = await asAdmin('POST', '/api/admin/gifts', { gift: { _id: gift.gift._id, name: 'Shooting Star', icon: '🌠', price: 45, active: false } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ gift: Gift }>().gift).toEqual({ _id: gift.gift._id, name: 'Shooting Star', icon: '🌠', price: 45, active: false });

    const deleted = await asAdmin('DELETE', `/api/admin/gifts/${gift.gift._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Gift "Shooting Star" deleted' });
    const remaining = (await asAdmin('GET', '/api/admin/gifts')).json<{ gifts: Gift[] }>().gifts;
    expect(remaining.map((item) => item._id)).not.toContain(gift.gift._id);

    const actions = (await auditEntries(testApp.db)).filter((entry) => entry.targetId === gift.gift._id).map((entry) => entry.action);
    expect(actions.sort()).toEqual(['create-gift', 'delete-gift', 'update-gift']);
  });

  it('explains what is wrong with a gift', async () => {
    const cases: Array<[object, string, string]> = [
      [{ name: '', icon: '⭐', price: 5 }, 'gift.name', 'Gift name is required'],
      [{ name: 'Star', icon: '', price: 5 }, 'gift.icon', 'Icon is required'],
      [{ name: 'Star', icon: '⭐', price: 0 }, 'gift.price', 'Price must be greater than 0'],
      [{ name: 'Star', icon: '⭐', price: 2.5 }, 'gift.price', 'Price must be a whole number of coins'],
      [{ name: 'Star', icon: '⭐', price: 5, colour: 'red' }, 'gift.colour', 'Unknown field'],
    ];
    for (const [gift, field, message] of cases) {
      const response = await asAdmin('POST', '/api/admin/gifts', { gift });
      expect(response.statusCode, JSON.stringify(gift)).toBe(400);
      expectFieldError(response.body, field, message);
    }
    const missing = await asAdmin('POST', '/api/admin/gifts', { name: 'Star' });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 404 for an unknown gift on update or delete', async () => {
    const update = await asAdmin('POST', '/api/admin/gifts', { gift: { _id: UNKNOWN_ID, name: 'Ghost', icon: '👻', price: 1 } });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ success: false, message: 'Gift not found' });
    const remove = await asAdmin('DELETE', `/api/admin/gifts/${UNKNOWN_ID}`);
    expect(remove.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: '/api/admin/gifts' }, userToken);
    await expectAdminOnly(testApp.app, { method: 'POST', url: '/api/admin/gifts', payload: { gift: { name: 'A', icon: 'B', price: 1 } } }, userToken);
    await expectAdminOnly(testApp.app, { method: 'DELETE', url: `/api/admin/gifts/${UNKNOWN_ID}` }, userToken);
  });
});

describe('/api/admin/coinpacks', () => {
  it('lists the SPEC packs, creates, updates and deletes one', async () => {
    const seeded = (await asAdmin('GET', '/api/admin/coinpacks')).json<{ coinPacks: AdminCoinPack[] }>().coinPacks;
    expect(seeded.map(({ name, coins, price, popular }) => ({ name, coins, price, popular }))).toEqual([
      { name: 'Starter Pack', coins: 100, price: { amountMinor: 99, currency: 'USD' }, popular: false },
      { name: 'Value Pack', coins: 500, price: { amountMinor: 499, currency: 'USD' }, popular: true },
      { name: 'Premium Pack', coins: 1200, price: { amountMinor: 999, currency: 'USD' }, popular: false },
      { name: 'VIP Pack', coins: 2500, price: { amountMinor: 1999, currency: 'USD' }, popular: false },
    ]);

    const created = await asAdmin('POST', '/api/admin/coinpacks', { coinPack: { name: 'Mega Pack', coins: 5000, price: { amountMinor: 3499, currency: 'USD' } } });
    expect(created.statusCode, created.body).toBe(201);
    const pack = created.json<{ coinPack: AdminCoinPack }>().coinPack;
    expect(pack).toMatchObject({ name: 'Mega Pack', coins: 5000, price: { amountMinor: 3499, currency: 'USD' }, popular: false, active: true });

    const updated = await asAdmin('POST', '/api/admin/coinpacks', { coinPack: { ...pack, price: { amountMinor: 2999, currency: 'USD' }, popular: true } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ message: string; coinPack: AdminCoinPack }>()).toMatchObject({
      message: 'Coin pack updated successfully',
      coinPack: { _id: pack._id, price: { amountMinor: 2999, currency: 'USD' }, popular: true },
    });

    const deleted = await asAdmin('DELETE', `/api/admin/coinpacks/${pack._id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Coin pack "Mega Pack" deleted' });
    expect((await asAdmin('DELETE', `/api/admin/coinpacks/${pack._id}`)).statusCode).toBe(404);
  });

  it('requires positive whole coins and a positive price in cents', async () => {
    const cases: Array<[object, string, string]> = [
      [{ name: 'X', coins: 0, price: { amountMinor: 100, currency: 'USD' } }, 'coinPack.coins', 'Coins must be a positive whole number'],
      [{ name: 'X', coins: 10.5, price: { amountMinor: 100, currency: 'USD' } }, 'coinPack.coins', 'Coins must be a whole number'],
      [{ name: 'X', coins: 10, price: { amountMinor: 0, currency: 'USD' } }, 'coinPack.price.amountMinor', 'Price must be greater than 0'],
      [{ name: 'X', coins: 10, price: { amountMinor: -300, currency: 'USD' } }, 'coinPack.price.amountMinor', 'Price must be greater than 0'],
      [{ name: 'X', coins: 10, price: { amountMinor: 199.9, currency: 'USD' } }, 'coinPack.price.amountMinor', 'Price must be a whole number of cents'],
      [{ name: 'X', coins: 10, price: { amountMinor: 1_000_001, currency: 'USD' } }, 'coinPack.price.amountMinor', 'Price must be at most 10,000'],
      [{ name: 'X', coins: 10, price: { amountMinor: '199', currency: 'USD' } }, 'coinPack.price.amountMinor', 'Price must be a number'],
      [{ name: 'X', coins: 10, price: { amountMinor: 199, currency: 'XTS' } }, 'coinPack.price.currency', 'Currency must be one of USD, EUR, GBP'],
      // A float of dollars, as the API took before prices were cents, is refused rather than read as 1.99 cents.
      [{ name: 'X', coins: 10, price: 1.99 }, 'coinPack.price', 'Price must be an amount in cents with a currency'],
      [{ name: '  ', coins: 10, price: { amountMinor: 100, currency: 'USD' } }, 'coinPack.name', 'Coin pack name is required'],
    ];
    for (const [coinPack, field, message] of cases) {
      const response = await asAdmin('POST', '/api/admin/coinpacks', { coinPack });
      expect(response.statusCode, JSON.stringify(coinPack)).toBe(400);
      expectFieldError(response.body, field, message);
    }
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: '/api/admin/coinpacks' }, userToken);
    await expectAdminOnly(testApp.app, { method: 'POST', url: '/api/admin/coinpacks', payload: { coinPack: { name: 'A', coins: 1, price: { amountMinor: 100, currency: 'USD' } } } }, userToken);
    await expectAdminOnly(testApp.app, { method: 'DELETE', url: `/api/admin/coinpacks/${UNKNOWN_ID}` }, userToken);
  });
});

describe('/api/admin/vipplans', () => {
  it('lists the SPEC plans, creates, updates and deletes one', async () => {
    const seeded = (await asAdmin('GET', '/api/admin/vipplans')).json<{ vipPlans: AdminVipPlan[] }>().vipPlans;
    expect(seeded.map(({ name, duration, price, popular }) => ({ name, duration, price, popular }))).toEqual([
      { name: 'Gold', duration: 30, price: { amountMinor: 999, currency: 'USD' }, popular: false },
      { name: 'Platinum', duration: 90, price: { amountMinor: 1999, currency: 'USD' }, popular: true },
      { name: 'Diamond', duration: 365, price: { amountMinor: 4999, currency: 'USD' }, popular: false },
    ]);

    const created = await asAdmin('POST', '/api/admin/vipplans', {
      vipPlan: { name: 'Weekend', duration: 3, price: { amountMinor: 249, currency: 'USD' }, features: [' Unlimited Likes ', '', 'Incognito Mode'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<{ vipPlan: AdminVipPlan }>().vipPlan;
    expect(plan).toMatchObject({ name: 'Weekend', duration: 3, price: { amountMinor: 249, currency: 'USD' }, popular: false, active: true, features: ['Unlimited Likes', 'Incognito Mode'] });

    const updated = await asAdmin('POST', '/api/admin/vipplans', { vipPlan: { ...plan, duration: 7, active: false } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ vipPlan: AdminVipPlan }>().vipPlan).toMatchObject({ _id: plan._id, duration: 7, active: false });

    const deleted = await asAdmin('DELETE', `/api/admin/vipplans/${plan._id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'VIP plan "Weekend" deleted' });
  });

  it('keeps the duration within 1 to 3650 days and the price positive', async () => {
    const cases: Array<[object, string, string]> = [
      [{ name: 'X', duration: 0, price: { amountMinor: 100, currency: 'USD' } }, 'vipPlan.duration', 'Duration must be between 1 and 3650 days'],
      [{ name: 'X', duration: 3651, price: { amountMinor: 100, currency: 'USD' } }, 'vipPlan.duration', 'Duration must be between 1 and 3650 days'],
      [{ name: 'X', duration: 1.5, price: { amountMinor: 100, currency: 'USD' } }, 'vipPlan.duration', 'Duration must be a whole number of days'],
      [{ name: 'X', duration: 30, price: { amountMinor: 0, currency: 'EUR' } }, 'vipPlan.price.amountMinor', 'Price must be greater than 0'],
      [{ name: 'X', duration: 30, price: { amountMinor: 100, currency: 'USD' }, features: 'Unlimited Likes' }, 'vipPlan.features', 'Features must be a list of text'],
    ];
    for (const [vipPlan, field, message] of cases) {
      const response = await asAdmin('POST', '/api/admin/vipplans', { vipPlan });
      expect(response.statusCode, JSON.stringify(vipPlan)).toBe(400);
      expectFieldError(response.body, field, message);
    }
    const unknown = await asAdmin('POST', '/api/admin/vipplans', { vipPlan: { _id: UNKNOWN_ID, name: 'X', duration: 30, price: { amountMinor: 100, currency: 'USD' } } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'VIP plan not found' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: '/api/admin/vipplans' }, userToken);
    await expectAdminOnly(testApp.app, { method: 'POST', url: '/api/admin/vipplans', payload: { vipPlan: { name: 'A', duration: 1, price: { amountMinor: 100, currency: 'USD' } } } }, userToken);
    await expectAdminOnly(testApp.app, { method: 'DELETE', url: `/api/admin/vipplans/${UNKNOWN_ID}` }, userToken);
  });
});
