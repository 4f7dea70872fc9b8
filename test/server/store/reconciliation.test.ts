import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinPack } from '../../../contract/store/catalogue';
import { reconciliationRunsResponseSchema } from '../../../contract/store/reconciliation';
import { purchases, users } from '../../../server/db/schema';
import { previousUtcDay, reconcileDay } from '../../../server/store/reconciliation';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { firstCoinPack } from '../helpers/catalogue';
import { packBoughtOnTestProvider } from '../helpers/local-checkout';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The daily reconciliation: balances against the ledger, and each payment
// granted on the day against the provider's own record of it. It reports; it
// changes nothing.

let testApp: TestApp;
let pack: CoinPack;

beforeAll(async () => {
  testApp = await createTestApp();
  pack = await firstCoinPack(testApp.app);
});
afterAll(() => testApp?.close());

const purchaseOf = (member: RegisteredUser, pay: boolean) => packBoughtOnTestProvider(testApp.app, testApp.db, member, pack._id, pay);

/** Moves a purchase's payment to `day` (noon UTC), as if granted then. */
const grantedOn = (purchaseId: string, day: string) =>
  testApp.db.update(purchases).set({ status: 'paid', paidAt: new Date(`${day}T12:00:00.000Z`) }).where(eq(purchases.id, purchaseId));

describe('the daily reconciliation', () => {
  it('the day before is the last whole UTC day', () => {
    expect(previousUtcDay(new Date('2026-12-01T00:30:00Z'))).toBe('2026-11-30');
  });

  it('finds nothing to report when every balance is its ledger and every payment is paid at the provider, and runs each day once', async () => {
    const member = await registerUser(testApp.app);
    await grantedOn(await purchaseOf(member, true), '2001-01-03');
    const run = await reconcileDay(testApp.app, '2001-01-03');
    expect(run).toMatchObject({ paymentsChecked: 1, membersOffLedger: [], paymentMismatches: [] });
    expect(run?.finishedAt).toBeInstanceOf(Date);
    // Another process (or a second look) finds the day claimed.
    expect(await reconcileDay(testApp.app, '2001-01-03')).toBeNull();
  });

  it('reports a payment granted that the provider does not have as paid', async () => {
    const member = await registerUser(testApp.app);
    const unpaid = await purchaseOf(member, false);
    await grantedOn(unpaid, '2001-01-02');
    const run = await reconcileDay(testApp.app, '2001-01-02');
    expect(run?.paymentMismatches).toEqual([{ purchaseId: unpaid, reason: 'granted, but the provider says open' }]);
  });

  it('reports a balance written around the ledger, and the admin reads the runs', async () => {
    const member = await registerUser(testApp.app);
    await testApp.db.update(users).set({ coins: 777 }).where(eq(users.id, member.user._id));
    const run = await reconcileDay(testApp.app, '2001-01-01');
    expect(run?.membersOffLedger).toEqual([{ userId: member.user._id, balance: 777, ledgerSum: 0 }]);

    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers: bearer(await loginAdmin(testApp.app)) });
    const { runs } = reconciliationRunsResponseSchema.parse(response.json());
    expect(runs.map((each) => each.day)).toEqual(['2001-01-03', '2001-01-02', '2001-01-01']);
    expect(runs[2]?.membersOffLedger).toHaveLength(1);
  });
});
