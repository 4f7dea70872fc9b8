import type { CoinEntryKind } from '../../contract/coins/ledger';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { appendEntry, appendGrants, entryByIdempotencyKey, lockBalance, type CoinEntryRow } from './queries';

// The only writer of a member's coin balance. Each change is one ledger entry
// written in the same transaction as the balance, under the member's row lock,
// and keyed by the caller: a retried request, a webhook delivered twice or a
// double click changes the balance once.

export const NOT_ENOUGH_COINS_MESSAGE = 'Not enough coins';

export interface CoinChange {
  userId: string;
  /** Coins in (positive) or out (negative); never zero. */
  amount: number;
  kind: CoinEntryKind;
  reference: string;
  idempotencyKey: string;
}

export interface PostedCoinChange {
  entry: CoinEntryRow;
  /** True when the key had already been posted: nothing changed this time. */
  replayed: boolean;
}

/**
 * Posts one change inside the caller's transaction (so what the coins pay for
 * commits or rolls back with them). Refuses with 409 "Not enough coins" a
 * change that would take the balance below zero, and with 409 a key already
 * used for a different change.
 */
export async function postCoinChange(tx: OrbitDatabase, change: CoinChange): Promise<PostedCoinChange> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) throw new Error(`a coin change must be a whole, non-zero amount (got ${change.amount})`);
  const balance = await lockBalance(tx, change.userId);
  if (balance === undefined) throw new HttpError(404, 'User not found');
  const balanceAfter = balance + change.amount;
  // A replay answers as the first post did, even when the balance could no longer pay for it.
  if (balanceAfter < 0) return replayOf(tx, change, () => new HttpError(409, NOT_ENOUGH_COINS_MESSAGE));
  // Under the lock: a concurrent post of the same key has committed by now, or waits for this one.
  const entry = await appendEntry(tx, { ...change, balanceAfter });
  if (entry) return { entry, replayed: false };
  return replayOf(tx, change, () => new Error(`coin ledger key ${change.idempotencyKey} vanished`));
}

/** The earlier post of the change's key, when it was this same change; a different change under the key is 409. */
async function replayOf(tx: OrbitDatabase, change: CoinChange, otherwise: () => Error): Promise<PostedCoinChange> {
  const earlier = await entryByIdempotencyKey(tx, change.idempotencyKey);
  if (!earlier) throw otherwise();
  if (earlier.userId !== change.userId || earlier.amount !== change.amount || earlier.kind !== change.kind) {
    throw new HttpError(409, 'This request key was already used for a different change');
  }
  return { entry: earlier, replayed: true };
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
