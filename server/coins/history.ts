import type { CoinHistoryResponse } from '../../contract/coins/ledger';
import { pageWindow, totalPagesFor } from '../admin/paging';
import type { OrbitDatabase } from '../db/types';
import { entriesOf } from './queries/ledger';
import { toCoinEntry } from './views';

/** A member's balance and one page of the ledger entries behind it, newest first. */
export async function coinHistoryOf(db: OrbitDatabase, member: { id: string; coins: number }, page: number, limit: number): Promise<Omit<CoinHistoryResponse, 'success'>> {
  const { rows, total } = await entriesOf(db, member.id, pageWindow(page, limit));
  return { balance: member.coins, entries: rows.map(toCoinEntry), currentPage: page, totalPages: totalPagesFor(total, limit), total };
}
