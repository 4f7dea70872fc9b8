import { eq } from 'drizzle-orm';
import type { PaymentProvider } from '../../../contract/store/purchases';
import { paymentCustomers } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

// Members' customers at the payment provider (Stripe's cus_…): one each.

export async function paymentCustomerOf(db: OrbitDatabase, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ customerId: paymentCustomers.customerId }).from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  return row?.customerId;
}

/**
 * Stores the member's customer unless one is stored already (two first
 * checkouts raced); answers the one stored, which both then use.
 */
export async function storePaymentCustomer(db: OrbitDatabase, userId: string, provider: PaymentProvider, customerId: string): Promise<string> {
  await db.insert(paymentCustomers).values({ userId, provider, customerId }).onConflictDoNothing({ target: paymentCustomers.userId });
  const stored = await paymentCustomerOf(db, userId);
  if (!stored) throw new Error(`payment customer of ${userId} vanished`);
  return stored;
}
