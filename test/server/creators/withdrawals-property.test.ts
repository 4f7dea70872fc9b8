import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_MIN_MINOR } from '../../../contract/creators';
import { decideWithdrawal } from '../../../server/admin/withdrawals';
import { insertEarningEntry } from '../../../server/creators/queries/withdrawals';
import { creatorStatus } from '../../../server/creators/service';
import { requestWithdrawal } from '../../../server/creators/withdrawals';
import { creatorEarnings, users, withdrawals } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/errors';
import { loginAdmin, registerUser } from '../helpers/accounts';
import { enrolCreator, expectNoEarningsAccountBelowZero, identityGiven } from '../helpers/creators';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The earnings ledger under random sequences of earning, requesting,
// approving, rejecting and returning (issue 49): whatever happens, no
// creator's account goes below zero, what is withdrawable is what was earned
// less what pending and paid withdrawals hold, and the ledger's sums equal
// the withdrawals' stored amounts.

const DAY_MS = 24 * 60 * 60_000;

let testApp: TestApp;
let adminId: string;
let adminToken: string;
beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  const [admin] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  adminId = admin?.id ?? '';
});
afterAll(() => testApp?.close());

type Step =
  | { kind: 'earn'; amountMinor: number }
  /** Asks for this share of what is withdrawable (above 1: more than there is), or the least amount when nothing is. */
  | { kind: 'request'; share: number }
  | { kind: 'approve' | 'reject' | 'returned'; pick: number };

// Weighted so that sequences often get as far as a paid withdrawal and its return.
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('earn' as const), amountMinor: fc.integer({ min: 500, max: 5000 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('request' as const), share: fc.integer({ min: 1, max: 130 }).map((percent) => percent / 100) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const, 'returned' as const), pick: fc.nat() }), weight: 4 },
);

/** An expected refusal (4xx) or null; anything else fails the run. */
async function refusal(work: Promise<unknown>): Promise<number | null> {
  try {
    await work;
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return error.statusCode;
    throw error;
  }
}

describe('the earnings ledger (property)', () => {
  it('never goes below zero, and withdrawable is earned less what withdrawals hold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const member = await registerUser(testApp.app);
        await enrolCreator(testApp.app, member);
        await identityGiven(testApp.app, member, adminToken);
        const creator = { id: member.user._id, isBanned: false };
        let earned = 0;
        const made: Array<{ id: string; amountMinor: number; status: 'pending' | 'approved' | 'rejected' | 'returned' }> = [];
        const held = () => made.filter((item) => item.status === 'pending' || item.status === 'approved').reduce((sum, item) => sum + item.amountMinor, 0);

        for (const next of steps) {
          const now = new Date();
          if (next.kind === 'earn') {
            const entry = { creatorId: creator.id, kind: 'gift' as const, amountMinor: next.amountMinor, currency: 'USD', test: false, idempotencyKey: randomUUID() };
            await insertEarningEntry(testApp.db, { ...entry, availableAt: new Date(now.getTime() - DAY_MS), createdAt: now });
            earned += next.amountMinor;
          } else if (next.kind === 'request') {
            const withdrawable = earned - held();
            const amountMinor = Math.max(1, Math.floor(withdrawable * next.share));
            const body = { requestId: randomUUID(), amountMinor, currency: 'USD' as const, test: false, method: 'paypal' as const, account: 'creator@example.com' };
            let id = '';
            const refused = await refusal(requestWithdrawal(testApp.db, creator, body, now).then((answer) => (id = answer.withdrawal._id)));
            const allowed = amountMinor >= WITHDRAWAL_MIN_MINOR && amountMinor <= withdrawable;
            expect(refused === null, `request of ${amountMinor} with ${withdrawable} withdrawable`).toBe(allowed);
            if (refused === null) made.push({ id, amountMinor, status: 'pending' });
          } else if (made.length > 0) {
            const target = made[next.pick % made.length];
            if (!target) continue;
            const decision =
              next.kind === 'approve' ? { kind: 'approve' as const, txnId: 'TXN-PROPERTY', feeMinor: 0 } : { kind: next.kind, reason: 'property' };
            const from = next.kind === 'returned' ? 'approved' : 'pending';
            const refused = await refusal(decideWithdrawal(testApp.db, adminId, target.id, decision, now));
            expect(refused === null, `${next.kind} of a ${target.status} withdrawal`).toBe(target.status === from);
            if (refused === null) target.status = next.kind === 'approve' ? 'approved' : next.kind === 'reject' ? 'rejected' : 'returned';
            else expect(refused).toBe(409);
          }
        }

        const status = await creatorStatus(testApp.db, creator, new Date());
        const balance = status.balances.find((item) => item.currency === 'USD' && !item.test);
        expect(balance?.withdrawableMinor ?? 0).toBe(earned - held());
        expect(balance?.owedMinor ?? 0).toBe(0);
        // The ledger's holds, net of releases, are the amounts the pending and paid withdrawals stored.
        const [ledger] = await testApp.db
          .select({ holds: sql<number>`coalesce(sum(${creatorEarnings.amountMinor}) filter (where ${creatorEarnings.kind} <> 'gift'), 0)`.mapWith(Number) })
          .from(creatorEarnings)
          .where(eq(creatorEarnings.creatorId, creator.id));
        const [stored] = await testApp.db
          .select({ total: sql<number>`coalesce(sum(${withdrawals.amountMinor}), 0)`.mapWith(Number) })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, creator.id), sql`${withdrawals.status} in ('pending', 'approved')`));
        expect((stored?.total ?? 0) + (ledger?.holds ?? 0)).toBe(0);
        await expectNoEarningsAccountBelowZero(testApp.db);
      }),
      { numRuns: 20 },
    );
  });
});
