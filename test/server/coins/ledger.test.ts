import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ENOUGH_COINS_MESSAGE, postCoinChangeAlone, type CoinChange } from '../../../server/coins/ledger';
import { balancesOffTheLots } from '../../../server/coins/queries/lots';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { coinLedger, coinLotDraws, coinLots, purchases, users } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/errors';
import { registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

async function newMember(): Promise<string> {
  return (await registerUser(testApp.app)).user._id;
}

async function balanceOf(userId: string): Promise<number> {
  const [row] = await testApp.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return row?.coins ?? Number.NaN;
}

const change = (userId: string, amount: number, kind: 'granted' | 'earned' | 'spent' | 'taken' = amount > 0 ? 'granted' : 'spent'): CoinChange => ({
  userId,
  amount,
  kind,
  reference: 'ledger test',
  idempotencyKey: randomUUID(),
});

/** The error a post was refused with, or null when it was accepted. */
async function refusal(post: Promise<unknown>): Promise<{ status: number; message: string } | null> {
  try {
    await post;
    return null;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}

describe('the coin ledger', () => {
  it('credits and spends, each change an entry with the balance after it; a spend past the balance takes nothing', async () => {
    const member = await newMember();
    await postCoinChangeAlone(testApp.db, change(member, 120));
    await postCoinChangeAlone(testApp.db, change(member, -45));
    expect(await refusal(postCoinChangeAlone(testApp.db, change(member, -76)))).toEqual({ status: 409, message: NOT_ENOUGH_COINS_MESSAGE });
    expect(await balanceOf(member)).toBe(75);
    const entries = await testApp.db.select().from(coinLedger).where(eq(coinLedger.userId, member)).orderBy(coinLedger.createdAt);
    expect(entries.map(({ amount, balanceAfter }) => ({ amount, balanceAfter }))).toEqual([
      { amount: 120, balanceAfter: 120 },
      { amount: -45, balanceAfter: 75 },
    ]);
  });

  it('posts a key once: the same change again is a replay, a different change under it is refused', async () => {
    const member = await newMember();
    const grant = change(member, 30);
    const first = await postCoinChangeAlone(testApp.db, grant);
    const again = await postCoinChangeAlone(testApp.db, grant);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ entry: first.entry, replayed: true, balance: 30 });
    expect(await refusal(postCoinChangeAlone(testApp.db, { ...grant, amount: 31 }))).toMatchObject({ status: 409 });
    // The same key posted by many at once still counts once.
    const racing = change(member, 5);
    await Promise.all(Array.from({ length: 10 }, () => postCoinChangeAlone(testApp.db, racing)));
    expect(await balanceOf(member)).toBe(35);
  });

  it('100 spends racing for one balance, 10 at once: never below zero, every accepted spend in the ledger', async () => {
    const member = await newMember();
    await postCoinChangeAlone(testApp.db, change(member, 500));
    // 10 at once, the pool's size: each wave races for the row, not for a connection. More at once also raced the
    // pool's 5 s wait for a connection, which a starved CI machine passed (a 503 in production, not a ledger fault).
    const outcomes: Array<{ status: number; message: string } | null> = [];
    for (let wave = 0; wave < 10; wave += 1) {
      outcomes.push(...(await Promise.all(Array.from({ length: 10 }, () => refusal(postCoinChangeAlone(testApp.db, change(member, -7)))))));
    }
    const accepted = outcomes.filter((outcome) => outcome === null).length;
    expect(accepted).toBe(Math.floor(500 / 7));
    expect(outcomes.filter((outcome) => outcome !== null)).toEqual(Array.from({ length: 100 - accepted }, () => ({ status: 409, message: NOT_ENOUGH_COINS_MESSAGE })));
    expect(await balanceOf(member)).toBe(500 - 7 * accepted);
    expect(await testApp.db.$count(coinLedger, eq(coinLedger.userId, member))).toBe(1 + accepted);
    expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
    expect(await balancesOffTheLots(testApp.db)).toEqual([]);
  });

  it('keeps the balance equal to the sum of the entries, whatever the changes (property)', async () => {
    const member = await newMember();
    let expected = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: -300, max: 300 }).filter((amount) => amount !== 0), { maxLength: 12 }), async (amounts) => {
        for (const amount of amounts) {
          const outcome = await refusal(postCoinChangeAlone(testApp.db, change(member, amount)));
          if (outcome === null) expected += amount;
          else expect(expected + amount).toBeLessThan(0);
        }
        expect(await balanceOf(member)).toBe(expected);
        expect(await balancesOffTheLedger(testApp.db)).toEqual([]);
        expect(await balancesOffTheLots(testApp.db)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });

  it('draws a debit from earned and granted coins first, then bought ones oldest first; a refund takes one lot and a failed one puts it back', async () => {
    const member = await newMember();
    const bought = async (coins: number) => {
      const [purchase] = await testApp.db
        .insert(purchases)
        .values({ userId: member, kind: 'coins', itemName: 'Pack', coins, amountMinor: 99, status: 'paid', provider: 'local', paidAt: new Date() })
        .returning();
      const id = purchase?.id ?? '';
      await postCoinChangeAlone(testApp.db, { userId: member, amount: coins, kind: 'purchased', purchaseId: id, reference: 'Pack', idempotencyKey: `purchase:${id}` });
      return id;
    };
    const older = await bought(300);
    await postCoinChangeAlone(testApp.db, change(member, 50, 'granted'));
    const newer = await bought(200);
    await postCoinChangeAlone(testApp.db, change(member, 20, 'earned'));
    const { entry } = await postCoinChangeAlone(testApp.db, change(member, -100));

    const lots = await testApp.db.select().from(coinLots).where(eq(coinLots.userId, member)).orderBy(coinLots.createdAt);
    expect(lots.map(({ source, coins, unspent }) => ({ source, coins, unspent }))).toEqual([
      { source: 'purchased', coins: 300, unspent: 270 },
      { source: 'granted', coins: 50, unspent: 0 },
      { source: 'purchased', coins: 200, unspent: 200 },
      { source: 'earned', coins: 20, unspent: 0 },
    ]);
    const draws = await testApp.db.select({ coins: coinLotDraws.coins }).from(coinLotDraws).where(eq(coinLotDraws.entryId, entry.id));
    expect(draws.map((draw) => draw.coins).sort((a, b) => a - b)).toEqual([20, 30, 50]);

    const newerLot = lots.find((lot) => lot.purchaseId === newer);
    const lotId = newerLot?.id ?? '';
    await postCoinChangeAlone(testApp.db, { userId: member, amount: -200, kind: 'refunded', lotId, reference: 'Refund', idempotencyKey: randomUUID() });
    // A refund takes only from its own lot: the older purchase's coins are not its.
    await expect(postCoinChangeAlone(testApp.db, { userId: member, amount: -1, kind: 'refunded', lotId, reference: 'Refund', idempotencyKey: randomUUID() })).rejects.toThrow(/does not hold/);
    await postCoinChangeAlone(testApp.db, { userId: member, amount: 200, kind: 'restored', lotId, reference: 'Refund failed', idempotencyKey: randomUUID() });
    const [afterRestore] = await testApp.db.select().from(coinLots).where(eq(coinLots.id, lotId));
    expect(afterRestore?.unspent).toBe(200);
    expect(await balanceOf(member)).toBe(470);
    expect(lots.find((lot) => lot.purchaseId === older)?.unspent).toBe(270);
    expect(await balancesOffTheLots(testApp.db)).toEqual([]);
  });

  it("keeps a deleted member's entries, without the member", async () => {
    const member = await newMember();
    const { entry } = await postCoinChangeAlone(testApp.db, change(member, 10));
    await testApp.db.delete(users).where(eq(users.id, member));
    const [kept] = await testApp.db.select().from(coinLedger).where(eq(coinLedger.id, entry.id));
    expect(kept).toMatchObject({ userId: null, amount: 10, balanceAfter: 10 });
  });

  it('refuses a balance below zero even from a write that bypasses the ledger', async () => {
    const member = await newMember();
    await expect(testApp.db.update(users).set({ coins: -1 }).where(eq(users.id, member))).rejects.toThrow();
  });
});
