import { eq, lt } from 'drizzle-orm';
import { spentSecondStepTickets } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

/**
 * Marks a second-step ticket spent; false when it was spent before. One
 * insert decides between two requests racing with the same ticket. Tickets
 * past their expiry are dropped on the way: they are refused anyway.
 */
export async function spendTicket(db: OrbitDatabase, ticketId: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.delete(spentSecondStepTickets).where(lt(spentSecondStepTickets.expiresAt, now));
  const spent = await db.insert(spentSecondStepTickets).values({ id: ticketId, expiresAt }).onConflictDoNothing().returning({ id: spentSecondStepTickets.id });
  return spent.length > 0;
}

/** A ticket spent by a request whose code was wrong: usable again. */
export async function unspendTicket(db: OrbitDatabase, ticketId: string): Promise<void> {
  await db.delete(spentSecondStepTickets).where(eq(spentSecondStepTickets.id, ticketId));
}
