import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { purchases, users, type NewPurchaseRow } from '../../../server/db/schema';
import type { AdminStatsResponse } from '../../../contract/admin/console';
import type { Money } from '../../../contract/store/money';
import { readAdminStats, revenuePeriods } from '../../../server/admin/stats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { expectAdminOnly } from './admin-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

let testApp: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  userToken = (await registerUser(testApp.app)).token;
});
afterAll(() => testApp.close());

describe('revenue periods', () => {
  it('start at UTC midnight, on Monday and on the 1st, even when the week began last month', () => {
    // Wednesday 1 April 2026.
    const periods = revenuePeriods(new Date('2026-04-01T10:00:00Z'));
    expect(periods.today.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(periods.week.toISOString()).toBe('2026-03-30T00:00:00.000Z');
    expect(periods.month.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    // A Sunday belongs to the week that started six days before.
    expect(revenuePeriods(new Date('2026-04-05T23:59:00Z')).week.toISOString()).toBe('2026-03-30T00:00:00.000Z');
  });
});

type PaidPurchase = Pick<NewPurchaseRow, 'kind' | 'itemName' | 'amountMinor' | 'currency'> & { createdAt: Date };
const paidWhenMade = (rows: PaidPurchase[]): NewPurchaseRow[] => rows.map((row) => ({ ...row, status: 'paid', provider: 'seed', paidAt: row.createdAt }));

describe('readAdminStats', () => {
  it('sums purchases per period and counts member accounts by standing', async () => {
    const { db, app } = testApp;
    const now = new Date('2026-04-01T10:00:00Z');
    await db.insert(purchases).values([
      // Paid when made.
      ...paidWhenMade([
        { kind: 'coins', itemName: 'Starter Pack', amountMinor: 99, createdAt: new Date('2026-04-01T09:00:00Z') },
        { kind: 'vip', itemName: 'Gold', amountMinor: 999, createdAt: new Date('2026-04-01T00:00:00Z') },
        { kind: 'coins', itemName: 'Value Pack', amountMinor: 499, createdAt: new Date('2026-03-31T23:59:00Z') },
        { kind: 'coins', itemName: 'VIP Pack', amountMinor: 1999, createdAt: new Date('2026-03-30T00:00:00Z') },
        { kind: 'coins', itemName: 'Starter Pack', amountMinor: 89, currency: 'EUR', createdAt: new Date('2026-03-31T12:00:00Z') },
        // Before this week and this month: counted nowhere.
        { kind: 'vip', itemName: 'Diamond', amountMinor: 4999, createdAt: new Date('2026-03-29T23:59:59Z') },
      ]),
      // Not revenue: a checkout not paid, one that failed, and the local test provider's payment (no money moved).
      { kind: 'coins', itemName: 'Value Pack', amountMinor: 499, status: 'pending', provider: 'stripe', createdAt: new Date('2026-04-01T09:30:00Z') },
      { kind: 'coins', itemName: 'Value Pack', amountMinor: 499, status: 'failed', provider: 'stripe', createdAt: new Date('2026-04-01T09:30:00Z') },
      { kind: 'coins', itemName: 'Value Pack', amountMinor: 499, status: 'paid', provider: 'local', paidAt: new Date('2026-04-01T09:30:00Z'), createdAt: new Date('2026-04-01T09:30:00Z') },
      // Started yesterday, paid today: today's revenue.
      { kind: 'coins', itemName: 'Starter Pack', amountMinor: 1, status: 'paid', provider: 'stripe', paidAt: new Date('2026-04-01T08:00:00Z'), createdAt: new Date('2026-03-31T23:50:00Z') },
      // A VIP payment today, withdrawn from: only what was kept (999 less 866 refunded) is revenue.
      { kind: 'vip', itemName: 'Gold', amountMinor: 999, refundedMinor: 866, status: 'paid', provider: 'stripe', paidAt: new Date('2026-04-01T07:00:00Z'), createdAt: new Date('2026-04-01T07:00:00Z') },
      // Disputed today: lost is no revenue (the bank took it back); won is.
      { kind: 'coins', itemName: 'Value Pack', amountMinor: 499, disputeStatus: 'lost', status: 'paid', provider: 'stripe', paidAt: new Date('2026-04-01T06:00:00Z'), createdAt: new Date('2026-04-01T06:00:00Z') },
      { kind: 'coins', itemName: 'Starter Pack', amountMinor: 5, disputeStatus: 'won', status: 'paid', provider: 'stripe', paidAt: new Date('2026-04-01T06:00:00Z'), createdAt: new Date('2026-04-01T06:00:00Z') },
    ]);

    const [active, vip, expiredVip, banned] = await Promise.all([registerUser(app), registerUser(app), registerUser(app), registerUser(app)]);
    // Registration signs in; set every member's last visit relative to the fixed clock.
    await db.update(users).set({ lastSeenAt: new Date(now.getTime() - 8 * DAY_MS) }).where(eq(users.role, 'user'));
    await db.update(users).set({ lastSeenAt: new Date(now.getTime() - 6 * DAY_MS) }).where(eq(users.id, active.user._id));
    await db.update(users).set({ isVip: true, vipUntil: new Date(now.getTime() + DAY_MS) }).where(eq(users.id, vip.user._id));
    await db.update(users).set({ isVip: true, vipUntil: new Date(now.getTime() - DAY_MS) }).where(eq(users.id, expiredVip.user._id));
    await db.update(users).set({ isBanned: true, banReason: 'spam' }).where(eq(users.id, banned.user._id));

    const stats = await readAdminStats(db, now);
    // Four here and the one from beforeAll; the admin account is not a member.
    expect(stats.users).toEqual({ total: 5, active: 1, vip: 1, banned: 1 });
    // Each currency summed apart, in whole cents; a currency nobody paid in during a period is not listed for it.
    expect(stats.revenue).toEqual({
      today: [{ amountMinor: 1237, currency: 'USD' }],
      thisWeek: [
        { amountMinor: 89, currency: 'EUR' },
        { amountMinor: 3735, currency: 'USD' },
      ],
      thisMonth: [{ amountMinor: 1237, currency: 'USD' }],
    });
  });
});

describe('GET /api/admin/stats', () => {
  it('answers the admin with user counts and revenue, and counts a purchase made now', async () => {
    const before = await testApp.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(adminToken) });
    expect(before.statusCode, before.body).toBe(200);
    const body = before.json<AdminStatsResponse>();
    expect(body.success).toBe(true);
    expect(Object.keys(body.users).sort()).toEqual(['active', 'banned', 'total', 'vip']);
    expect(Object.keys(body.revenue).sort()).toEqual(['thisMonth', 'thisWeek', 'today']);

    const paidAt = new Date(Date.now() - 1000);
    await testApp.db.insert(purchases).values({ kind: 'coins', itemName: 'Premium Pack', amountMinor: 999, currency: 'GBP', status: 'paid', provider: 'stripe', paidAt, createdAt: paidAt });
    const after = (await testApp.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(adminToken) })).json<typeof body>();
    const poundsIn = (amounts: Money[]) => amounts.find((amount) => amount.currency === 'GBP')?.amountMinor ?? 0;
    for (const period of ['today', 'thisWeek', 'thisMonth'] as const) expect(poundsIn(after.revenue[period])).toBe(poundsIn(body.revenue[period]) + 999);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(testApp.app, { method: 'GET', url: '/api/admin/stats' }, userToken);
  });
});
