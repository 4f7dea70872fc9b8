import { sql } from 'drizzle-orm';
import type { OrbitDatabase } from '../db/types';
import { transactionsAreSerial } from '../db/serial-transactions';
import type { Transaction } from './transaction';

/** The matches table stores each pair once, smaller id first (a CHECK constraint insists). */
export function orderedPair(first: string, second: string): { userAId: string; userBId: string } {
  return first < second ? { userAId: first, userBId: second } : { userAId: second, userBId: first };
}

/**
 * Serialises everything that changes one pair's likes, match or blocks for
 * the rest of the transaction, so a like and a block racing cannot leave a
 * match between people who blocked each other. Where transactions already run
 * one at a time, there is nothing to serialise.
 */
export async function lockPair(db: OrbitDatabase, tx: Transaction, first: string, second: string): Promise<void> {
  if (transactionsAreSerial(db)) return;
  const pair = orderedPair(first, second);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`likes:${pair.userAId}:${pair.userBId}`}, 0))`);
}
