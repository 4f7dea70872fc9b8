import type { CoinEntry } from '../../contract/coins/ledger';
import type { Realtime } from '../realtime/plugin';
import type { CoinEntryRow } from './queries/ledger';

export function toCoinEntry(row: CoinEntryRow): CoinEntry {
  return { _id: row.id, amount: row.amount, kind: row.kind, reference: row.reference, balanceAfter: row.balanceAfter, createdAt: row.createdAt.toISOString() };
}

/** Tells the member's open tabs their new balance, with the entry that made it (`coins:balance`). */
export function announceBalance(realtime: Pick<Realtime, 'toMember'>, userId: string, entry: CoinEntryRow): void {
  realtime.toMember(userId, 'coins:balance', { balance: entry.balanceAfter, entry: toCoinEntry(entry) });
}
