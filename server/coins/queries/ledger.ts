import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { CoinEntryKind } from '../../../contract/coins/ledger';
import { coinLedger, coinLots, users } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

export type CoinEntryRow = typeof coinLedger.$inferSelect;

/**
 * The member's balance and coins owed, their row locked until the transaction ends: the one place two changes
 * of it are put in order. FOR NO KEY UPDATE, not FOR UPDATE: a foreign-key
 * check on the row (a like or message naming the member) passes, so transactions that each hold one member's
 * balance while storing rows that name another cannot deadlock in a circle; deleting the account (FOR UPDATE)
 * still waits for it.
 */
export async function lockBalance(tx: OrbitDatabase, userId: string): Promise<{ coins: number; owed: number } | undefined> {
  const [row] = await tx.select({ coins: users.coins, owed: users.coinsOwed }).from(users).where(eq(users.id, userId)).for('no key update').limit(1);
  return row;
}

export async function setCoinsOwed(tx: OrbitDatabase, userId: string, owed: number): Promise<void> {
  await tx.update(users).set({ coinsOwed: owed }).where(eq(users.id, userId));
}

export async function entryByIdempotencyKey(tx: OrbitDatabase, idempotencyKey: string): Promise<CoinEntryRow | undefined> {
  const [row] = await tx.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

/**
 * Appends the entry and sets the balance it leads to, in one statement of
 * the caller's transaction (a round trip less on every change of every
 * balance); undefined (and nothing changed) when its key is already in the
 * ledger. Checking the key by inserting saves a round trip on every new change.
 */
export async function appendEntry(
  tx: OrbitDatabase,
  entry: { userId: string; amount: number; kind: CoinEntryKind; reference: string; idempotencyKey: string; balanceAfter: number },
): Promise<CoinEntryRow | undefined> {
  const appended = tx.$with('appended').as(tx.insert(coinLedger).values(entry).onConflictDoNothing({ target: coinLedger.idempotencyKey }).returning());
  const [row] = await tx
    .with(appended)
    .update(users)
    .set({ coins: sql`${appended.balanceAfter}` })
    .from(appended)
    .where(eq(users.id, appended.userId))
    .returning({
      id: appended.id,
      userId: appended.userId,
      amount: appended.amount,
      kind: appended.kind,
      reference: appended.reference,
      idempotencyKey: appended.idempotencyKey,
      balanceAfter: appended.balanceAfter,
      createdAt: appended.createdAt,
    });
  return row;
}

/** Members whose balance is not the sum of their entries (none, while the ledger is the only writer): for tests and reconciliation. */
export async function balancesOffTheLedger(db: OrbitDatabase): Promise<Array<{ userId: string; coins: number; ledgerSum: number }>> {
  return db
    .select({ userId: users.id, coins: users.coins, ledgerSum: sql<number>`coalesce(sum(${coinLedger.amount}), 0)::int`.mapWith(Number) })
    .from(users)
    .leftJoin(coinLedger, eq(coinLedger.userId, users.id))
    .groupBy(users.id, users.coins)
    .having(sql`${users.coins} <> coalesce(sum(${coinLedger.amount}), 0)`);
}

/**
 * Grants many members coins in two statements (the demo seed's opening
 * balances): each balance raised and its entry appended, with its lot,
 * together; a key already in the ledger is skipped whole, balance included.
 */
export async function appendGrants(tx: OrbitDatabase, grants: ReadonlyArray<{ userId: string; amount: number; reference: string; idempotencyKey: string }>): Promise<void> {
  if (grants.length === 0) return;
  const rows = sql.join(
    grants.map((grant) => sql`(${grant.userId}::uuid, ${grant.amount}::int, ${grant.reference}::text, ${grant.idempotencyKey}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    with grant_rows (user_id, amount, reference, idempotency_key) as (values ${rows}),
    fresh as (select * from grant_rows where not exists (select 1 from ${coinLedger} where ${coinLedger.idempotencyKey} = grant_rows.idempotency_key)),
    raised as (update ${users} set coins = ${users.coins} + fresh.amount from fresh where ${users.id} = fresh.user_id returning ${users.id} as id, ${users.coins} as coins),
    entries as (
      insert into ${coinLedger} (user_id, amount, kind, reference, idempotency_key, balance_after)
      select fresh.user_id, fresh.amount, 'granted', fresh.reference, fresh.idempotency_key, raised.coins from fresh join raised on raised.id = fresh.user_id
      returning id, user_id, amount)
    insert into ${coinLots} (user_id, source, entry_id, coins, unspent)
    select user_id, 'granted', id, amount, amount from entries`);
}

/** Every entry of the member, newest first (their data export). */
export async function allEntriesOf(db: OrbitDatabase, userId: string): Promise<CoinEntryRow[]> {
  return db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(desc(coinLedger.createdAt), desc(coinLedger.id));
}

/** One page of the member's entries, newest first, and how many there are in all. */
export async function entriesOf(db: OrbitDatabase, userId: string, window: { offset: number; limit: number }): Promise<{ rows: CoinEntryRow[]; total: number }> {
  const rows = await db
    .select()
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId))
    .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
    .limit(window.limit)
    .offset(window.offset);
  const total = await db.$count(coinLedger, eq(coinLedger.userId, userId));
  return { rows, total };
}

/** What the member holds: coins, and likes bought with coins. */
export async function holdingsOf(db: OrbitDatabase, userId: string): Promise<{ coins: number; extraLikes: number } | undefined> {
  const [row] = await db.select({ coins: users.coins, extraLikes: users.extraLikes }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Coins the member earned under keys starting with `prefix` (one stream's capped rewards). */
export async function earnedUnderKeys(tx: OrbitDatabase, userId: string, prefix: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${coinLedger.amount}), 0)::int`.mapWith(Number) })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), eq(coinLedger.kind, 'earned'), sql`starts_with(${coinLedger.idempotencyKey}, ${prefix})`));
  return row?.total ?? 0;
}

/** Coins the member earned for one reason since `since` (a day's capped rewards). */
export async function earnedSince(tx: OrbitDatabase, userId: string, reference: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${coinLedger.amount}), 0)::int`.mapWith(Number) })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), eq(coinLedger.kind, 'earned'), eq(coinLedger.reference, reference), gte(coinLedger.createdAt, since)));
  return row?.total ?? 0;
}
