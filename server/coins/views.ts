import type { CoinEntry } from '../../contract/coins/ledger';
import type { CoinEntryRow } from './queries/ledger';

export function toCoinEntry(row: CoinEntryRow): CoinEntry {
  return { _id: row.id, amount: row.amount, kind: row.kind, reference: row.reference, balanceAfter: row.balanceAfter, createdAt: row.createdAt.toISOString() };
}
