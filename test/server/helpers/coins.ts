import { eq } from 'drizzle-orm';
import type { CoinHistoryResponse } from '../../../contract/coins/ledger';
import type { OrbitApp } from '../../../server/app';
import { users } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import { bearer, type RegisteredUser } from './accounts';

/** The member's balance and ledger, as their Coins page reads it. */
export async function coinHistoryOf(app: OrbitApp, member: RegisteredUser): Promise<CoinHistoryResponse> {
  return (await app.inject({ method: 'GET', url: '/api/coins/history', headers: bearer(member.token) })).json<CoinHistoryResponse>();
}

/** Coins the member owes for a reversed payment (stored; the API shows it to admins and on the balance card). */
export async function coinsOwedBy(db: OrbitDatabase, member: RegisteredUser): Promise<number> {
  const [row] = await db.select({ owed: users.coinsOwed }).from(users).where(eq(users.id, member.user._id));
  return row?.owed ?? Number.NaN;
}
