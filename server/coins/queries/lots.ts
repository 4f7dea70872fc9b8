import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CoinLotSource } from '../../../contract/coins/ledger';
import { coinLotDraws, coinLots, users } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

// The lots behind members' coins (see coinLots in the schema). Written only
// by the ledger, under the member's row lock, in the entry's transaction.

export type CoinLotRow = typeof coinLots.$inferSelect;

export async function insertLot(tx: OrbitDatabase, lot: { userId: string; source: CoinLotSource; purchaseId: string | null; entryId: string; coins: number }): Promise<void> {
  await tx.insert(coinLots).values({ ...lot, unspent: lot.coins });
}

/**
 * Draws a debit of `coins` from the member's lots, in the order debits draw:
 * earned and granted before bought, oldest first. One statement picks the
 * lots (only as many as it takes, however many small rewards a member has
 * collected), takes the coins out of them and records each draw for the
 * entry; answers how many coins it found.
 */
export async function drawInOrder(tx: OrbitDatabase, userId: string, entryId: string, coins: number): Promise<number> {
  const ordered = tx.$with('ordered').as(
    tx
      .select({
        id: coinLots.id,
        unspent: coinLots.unspent,
        before: sql<number>`sum(${coinLots.unspent}) over (order by ${coinLots.source} = 'purchased', ${coinLots.createdAt}, ${coinLots.id}) - ${coinLots.unspent}`.as('before'),
      })
      .from(coinLots)
      .where(and(eq(coinLots.userId, userId), sql`${coinLots.unspent} > 0`)),
  );
  const picked = tx.$with('picked').as(
    tx
      // Named unlike any column of coin_lots: drizzle names CTE columns unqualified, and the update below reads both.
      .select({ id: ordered.id, take: sql<number>`least(${ordered.unspent}, ${coins}::int - ${ordered.before})::int`.as('take') })
      .from(ordered)
      .where(sql`${ordered.before} < ${coins}::int`),
  );
  const drawn = tx.$with('drawn').as(
    tx
      .update(coinLots)
      .set({ unspent: sql`${coinLots.unspent} - ${picked.take}` })
      .from(picked)
      .where(eq(coinLots.id, picked.id))
      .returning({ lotId: coinLots.id, take: picked.take }),
  );
  const recorded = await tx
    .with(ordered, picked, drawn)
    .insert(coinLotDraws)
    .select(tx.select({ id: sql<string>`gen_random_uuid()`.as('id'), entryId: sql<string>`${entryId}::uuid`.as('entry_id'), lotId: drawn.lotId, coins: drawn.take }).from(drawn))
    .returning({ coins: coinLotDraws.coins });
  return recorded.reduce((sum, draw) => sum + draw.coins, 0);
}

export async function lotById(tx: OrbitDatabase, lotId: string): Promise<CoinLotRow | undefined> {
  const [row] = await tx.select().from(coinLots).where(eq(coinLots.id, lotId)).limit(1);
  return row;
}

export async function lotOfPurchase(db: OrbitDatabase, purchaseId: string): Promise<CoinLotRow | undefined> {
  const [row] = await db.select().from(coinLots).where(eq(coinLots.purchaseId, purchaseId)).limit(1);
  return row;
}

/** The unspent coins of each purchase's lot (a purchase without one is left out). */
export async function unspentOfPurchases(db: OrbitDatabase, purchaseIds: readonly string[]): Promise<Map<string, number>> {
  if (purchaseIds.length === 0) return new Map();
  const rows = await db.select({ purchaseId: coinLots.purchaseId, unspent: coinLots.unspent }).from(coinLots).where(inArray(coinLots.purchaseId, [...purchaseIds]));
  return new Map(rows.flatMap((row) => (row.purchaseId ? [[row.purchaseId, row.unspent] as const] : [])));
}

/** Takes coins out of lots for one entry, and records where they came from. */
export async function drawFromLots(tx: OrbitDatabase, entryId: string, draws: ReadonlyArray<{ lotId: string; coins: number }>): Promise<void> {
  if (draws.length === 0) return;
  for (const draw of draws) {
    await tx
      .update(coinLots)
      .set({ unspent: sql`${coinLots.unspent} - ${draw.coins}` })
      .where(eq(coinLots.id, draw.lotId));
  }
  await tx.insert(coinLotDraws).values(draws.map((draw) => ({ entryId, lotId: draw.lotId, coins: draw.coins })));
}

/** Puts coins back into the lot they were drawn from (a refund that did not happen). */
export async function returnToLot(tx: OrbitDatabase, lotId: string, coins: number): Promise<void> {
  await tx
    .update(coinLots)
    .set({ unspent: sql`${coinLots.unspent} + ${coins}` })
    .where(eq(coinLots.id, lotId));
}

/** Moves unspent coins of a lot out of the balance while the payment behind them is disputed. */
export async function holdInLot(tx: OrbitDatabase, lotId: string, coins: number): Promise<void> {
  await tx
    .update(coinLots)
    .set({ unspent: sql`${coinLots.unspent} - ${coins}`, held: sql`${coinLots.held} + ${coins}` })
    .where(eq(coinLots.id, lotId));
}

/** A dispute won: the held coins, and any the member settled for it meanwhile, are spendable again. */
export async function releaseFromLot(tx: OrbitDatabase, lotId: string, coins: number): Promise<void> {
  await tx
    .update(coinLots)
    .set({ unspent: sql`${coinLots.unspent} + ${coins}`, held: sql`greatest(0, ${coinLots.held} - ${coins})` })
    .where(eq(coinLots.id, lotId));
}

/** A dispute lost: the held coins went back with the money. */
export async function dropHeld(tx: OrbitDatabase, lotId: string): Promise<void> {
  await tx.update(coinLots).set({ held: 0 }).where(eq(coinLots.id, lotId));
}

/** Members whose lots' unspent coins do not add up to their balance (none, while the ledger is the only writer): for tests and reconciliation. */
export async function balancesOffTheLots(db: OrbitDatabase): Promise<Array<{ userId: string; coins: number; unspent: number }>> {
  return db
    .select({ userId: users.id, coins: users.coins, unspent: sql<number>`coalesce(sum(${coinLots.unspent}), 0)::int`.mapWith(Number) })
    .from(users)
    .leftJoin(coinLots, eq(coinLots.userId, users.id))
    .groupBy(users.id, users.coins)
    .having(sql`${users.coins} <> coalesce(sum(${coinLots.unspent}), 0)`);
}
