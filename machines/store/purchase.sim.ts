import { fromPromise } from 'xstate';
import type { CheckoutRequest, CheckoutStart, PurchaseItem } from './purchase.machine';

/**
 * SPEC sections 1 and 7: a purchase only tells the buyer that a real app
 * would now redirect to payment. Coin packs have a real checkout now (issue
 * 48); VIP plans keep this until their subscriptions come: nothing is
 * charged and nothing changes. Also the `createCheckout` double of tests
 * that need no server.
 */
export function simulatedCheckoutMessage(item: PurchaseItem): string {
  return `In a real app you would now be redirected to a secure payment page to pay ${item.priceLabel} for ${item.name}. No payment was taken.`;
}

/** Checkout's simulated answer: the message, never a redirect. */
export function simulatedCheckoutStart(item: PurchaseItem): CheckoutStart {
  return { type: 'message', message: simulatedCheckoutMessage(item) };
}

export const simulatedPurchaseActors = {
  createCheckout: fromPromise<CheckoutStart, CheckoutRequest>(({ input }) => Promise.resolve(simulatedCheckoutStart(input.item))),
};
