import type { OrbitDatabase } from '../db/types';
import { drawFromLots, drawInOrder, holdInLot, insertLot, lotById, releaseFromLot, returnToLot } from './queries/lots';

// What each ledger change does to the lots behind a balance: a credit opens a
// lot, a debit draws from lots (earned and granted first, then bought, oldest
// first), a refund or dispute works on the one lot of its purchase.

/** What the change does to lots: a purchase's credit names it; a refund, a dispute's hold and what undoes them name the purchase's lot. */
export type LotEffect =
  | { kind: 'purchased'; purchaseId: string }
  | { kind: 'earned' | 'granted' | 'spent' | 'taken' | 'settled' }
  | { kind: 'refunded' | 'restored' | 'held' | 'released'; lotId: string };

const DEBITS = new Set(['spent', 'taken', 'refunded', 'held', 'settled']);

export async function moveLots(tx: OrbitDatabase, change: LotEffect & { userId: string; amount: number }, entryId: string): Promise<void> {
  const coins = Math.abs(change.amount);
  const wrongSign = DEBITS.has(change.kind) ? change.amount > 0 : change.amount < 0;
  if (wrongSign) throw new Error(`a ${change.kind} coin change cannot be ${change.amount}`);
  switch (change.kind) {
    case 'purchased':
      return insertLot(tx, { userId: change.userId, source: 'purchased', purchaseId: change.purchaseId, entryId, coins });
    case 'earned':
    case 'granted':
      return insertLot(tx, { userId: change.userId, source: change.kind, purchaseId: null, entryId, coins });
    case 'spent':
    case 'taken':
    case 'settled': {
      const found = await drawInOrder(tx, change.userId, entryId, coins);
      // The balance, checked before, holds them: lots short of it would mean a lot written outside the ledger.
      if (found !== coins) throw new Error(`the lots hold ${found} of the ${coins} coins the balance holds`);
      return;
    }
    case 'refunded': {
      const lot = await lotById(tx, change.lotId);
      if (lot?.userId !== change.userId || lot.unspent < coins) throw new Error(`lot ${change.lotId} does not hold ${coins} coins of ${change.userId}`);
      return drawFromLots(tx, entryId, [{ lotId: lot.id, coins }]);
    }
    case 'restored':
      return returnToLot(tx, change.lotId, coins);
    case 'held':
      return holdInLot(tx, change.lotId, coins);
    case 'released':
      return releaseFromLot(tx, change.lotId, coins);
  }
}
