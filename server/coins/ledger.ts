import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { moveLots, type LotEffect } from './lots';
import { appendEntry, appendGrants, entryByIdempotencyKey, lockBalance, setCoinsOwed, type CoinEntryRow } from './queries/ledger';

// The only writer of a member's coin balance. Each change is one ledger entry
// written in the same transaction as the balance, under the member's row lock,
// and keyed by the caller: a retried request, a webhook delivered twice or a
// double click changes the balance once. Each credit opens a lot and each
// debit draws from lots (queries/lots.ts), so the money behind every coin is
// known when a purchase is refunded or disputed (lots.ts). Coins a lost
// dispute took back after they were spent are owed: new coins settle them
// first, and spending waits until nothing is owed.

export const NOT_ENOUGH_COINS_MESSAGE = 'Not enough coins';

export const coinsOwedMessage = (owed: number) =>
  `Spending is paused: ${owed.toLocaleString('en-US')} coins from a reversed payment are owed first, and new coins settle them.`;

export type CoinChange = LotEffect & {
  userId: string;
  /** Coins in (positive) or out (negative); never zero. */
  amount: number;
  reference: string;
  idempotencyKey: string;
};

export interface PostedCoinChange {
  entry: CoinEntryRow;
  /** True when the key had already been posted: nothing changed this time. */
  replayed: boolean;
  /** The balance after this change and any settling of owed coins it led to. */
  balance: number;
}

/**
 * Posts one change inside the caller's transaction (so what the coins pay for
 * commits or rolls back with them). Refuses with 409 "Not enough coins" a
 * change that would take the balance below zero, and with 409 a key already
 * used for a different change.
 */
export async function postCoinChange(tx: OrbitDatabase, change: CoinChange): Promise<PostedCoinChange> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) throw new Error(`a coin change must be a whole, non-zero amount (got ${change.amount})`);
  const holder = await lockBalance(tx, change.userId);
  if (holder === undefined) throw new HttpError(404, 'User not found');
  const balanceAfter = holder.coins + change.amount;
  // A replay answers as the first post did, even when the balance could no longer pay for it.
  if (change.kind === 'spent' && holder.owed > 0) return replayOf(tx, change, () => new HttpError(409, coinsOwedMessage(holder.owed)));
  if (balanceAfter < 0) return replayOf(tx, change, () => new HttpError(409, NOT_ENOUGH_COINS_MESSAGE));
  // Under the lock: a concurrent post of the same key has committed by now, or waits for this one.
  const entry = await appendEntry(tx, { userId: change.userId, amount: change.amount, kind: change.kind, reference: change.reference, idempotencyKey: change.idempotencyKey, balanceAfter });
  if (!entry) return replayOf(tx, change, () => new Error(`coin ledger key ${change.idempotencyKey} vanished`));
  await moveLots(tx, change, entry.id);
  const settled = change.amount > 0 ? await settleOwed(tx, change.userId, { coins: balanceAfter, owed: holder.owed }, `${change.idempotencyKey}:settles`) : null;
  return { entry, replayed: false, balance: settled?.balanceAfter ?? balanceAfter };
}

/**
 * Takes what the member owes out of what they hold, as far as it goes (a
 * 'settled' entry drawn like a spend); null when nothing was owed or held.
 * Called under the member's row lock.
 */
async function settleOwed(tx: OrbitDatabase, userId: string, holder: { coins: number; owed: number }, idempotencyKey: string): Promise<CoinEntryRow | null> {
  const coins = Math.min(holder.owed, holder.coins);
  if (coins === 0) return null;
  const entry = await appendEntry(tx, { userId, amount: -coins, kind: 'settled', reference: 'Owed for a reversed payment', idempotencyKey, balanceAfter: holder.coins - coins });
  if (!entry) return null;
  await moveLots(tx, { userId, amount: -coins, kind: 'settled' }, entry.id);
  await setCoinsOwed(tx, userId, holder.owed - coins);
  return entry;
}

export interface OwedChange {
  /** Owed before the change. */
  owedBefore: number;
  /** The entry that settled some of it from the balance at once, if any. */
  settled: CoinEntryRow | null;
  balance: number;
}

/**
 * Adds (or, with a negative number, forgives) coins the member owes for a
 * disputed payment, and settles what it can from the balance at once. In the
 * caller's transaction, under the member's row lock.
 */
export async function changeCoinsOwed(tx: OrbitDatabase, userId: string, by: number, idempotencyKey: string): Promise<OwedChange> {
  const holder = await lockBalance(tx, userId);
  if (holder === undefined) throw new HttpError(404, 'User not found');
  const owed = Math.max(0, holder.owed + by);
  await setCoinsOwed(tx, userId, owed);
  const settled = await settleOwed(tx, userId, { coins: holder.coins, owed }, idempotencyKey);
  return { owedBefore: holder.owed, settled, balance: settled?.balanceAfter ?? holder.coins };
}

/** The earlier post of the change's key, when it was this same change; a different change under the key is 409. */
async function replayOf(tx: OrbitDatabase, change: CoinChange, otherwise: () => Error): Promise<PostedCoinChange> {
  const earlier = await entryByIdempotencyKey(tx, change.idempotencyKey);
  if (!earlier) throw otherwise();
  if (earlier.userId !== change.userId || earlier.amount !== change.amount || earlier.kind !== change.kind) {
    throw new HttpError(409, 'This request key was already used for a different change');
  }
  return { entry: earlier, replayed: true, balance: (await lockBalance(tx, change.userId))?.coins ?? earlier.balanceAfter };
}

/** postCoinChange in a transaction of its own. */
export function postCoinChangeAlone(db: OrbitDatabase, change: CoinChange): Promise<PostedCoinChange> {
  return db.transaction((tx) => postCoinChange(tx, change));
}

/** Opening balances for many members at once (the demo seed): 'granted' entries, each key posted once. */
export async function grantOpeningBalances(tx: OrbitDatabase, grants: ReadonlyArray<{ userId: string; amount: number }>, reference: string, keyPrefix: string): Promise<void> {
  const positive = grants.filter((grant) => grant.amount > 0);
  await appendGrants(tx, positive.map((grant) => ({ ...grant, reference, idempotencyKey: `${keyPrefix}:${grant.userId}` })));
}
