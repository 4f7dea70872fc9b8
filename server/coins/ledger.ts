import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { drawFromLots, insertLot, lotById, lotsToDrawFrom, returnToLot } from './queries/lots';
import { appendEntry, appendGrants, entryByIdempotencyKey, lockBalance, type CoinEntryRow } from './queries/ledger';

// The only writer of a member's coin balance. Each change is one ledger entry
// written in the same transaction as the balance, under the member's row lock,
// and keyed by the caller: a retried request, a webhook delivered twice or a
// double click changes the balance once. Each credit opens a lot and each
// debit draws from lots (lot-queries.ts), so the money behind every coin is
// known when a purchase is refunded.

export const NOT_ENOUGH_COINS_MESSAGE = 'Not enough coins';

/** What the change does to lots: a purchase's credit names it; a refund takes from, and a failed one returns to, one lot. */
type LotEffect = { kind: 'purchased'; purchaseId: string } | { kind: 'earned' | 'granted' | 'spent' | 'taken' } | { kind: 'refunded' | 'restored'; lotId: string };

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
  const entry = await appendEntry(tx, { userId: change.userId, amount: change.amount, kind: change.kind, reference: change.reference, idempotencyKey: change.idempotencyKey, balanceAfter });
  if (!entry) return replayOf(tx, change, () => new Error(`coin ledger key ${change.idempotencyKey} vanished`));
  await moveLots(tx, change, entry.id);
  return { entry, replayed: false };
}

async function moveLots(tx: OrbitDatabase, change: CoinChange, entryId: string): Promise<void> {
  const coins = Math.abs(change.amount);
  const wrongSign = change.kind === 'spent' || change.kind === 'taken' || change.kind === 'refunded' ? change.amount > 0 : change.amount < 0;
  if (wrongSign) throw new Error(`a ${change.kind} coin change cannot be ${change.amount}`);
  switch (change.kind) {
    case 'purchased':
      return insertLot(tx, { userId: change.userId, source: 'purchased', purchaseId: change.purchaseId, entryId, coins });
    case 'earned':
    case 'granted':
      return insertLot(tx, { userId: change.userId, source: change.kind, purchaseId: null, entryId, coins });
    case 'spent':
    case 'taken':
      return drawFromLots(tx, entryId, planDraws(await lotsToDrawFrom(tx, change.userId, coins), coins));
    case 'refunded': {
      const lot = await lotById(tx, change.lotId);
      if (lot?.userId !== change.userId || lot.unspent < coins) throw new Error(`lot ${change.lotId} does not hold ${coins} coins of ${change.userId}`);
      return drawFromLots(tx, entryId, [{ lotId: lot.id, coins }]);
    }
    case 'restored':
      return returnToLot(tx, change.lotId, coins);
  }
}

/** How many coins each lot gives, in the order given, until `coins` are found (the balance, checked above, holds them). */
function planDraws(lots: ReadonlyArray<{ id: string; unspent: number }>, coins: number): Array<{ lotId: string; coins: number }> {
  const draws: Array<{ lotId: string; coins: number }> = [];
  let wanted = coins;
  for (const lot of lots) {
    if (wanted === 0) break;
    const taken = Math.min(lot.unspent, wanted);
    draws.push({ lotId: lot.id, coins: taken });
    wanted -= taken;
  }
  if (wanted > 0) throw new Error(`the lots hold ${coins - wanted} of the ${coins} coins the balance holds`);
  return draws;
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
