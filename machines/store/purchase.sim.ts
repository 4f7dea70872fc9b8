import { fromPromise } from 'xstate';
import type { PurchaseItem, PurchaseReceipt } from './purchase.machine';

/**
 * SPEC sections 1 and 7: purchases are simulated on the client and only tell
 * the buyer that a real app would now redirect to payment. Nothing is
 * charged and no balance changes. A real checkout is another `purchase`
 * actor with the same input and output.
 */
export function simulatedCheckoutMessage(item: PurchaseItem): string {
  return `In a real app you would now be redirected to a secure payment page to pay ${item.priceLabel} for ${item.name}. No payment was taken.`;
}

export const simulatedPurchaseActors = {
  purchase: fromPromise<PurchaseReceipt, PurchaseItem>(({ input }) => Promise.resolve({ message: simulatedCheckoutMessage(input) })),
};
