import { queryOptions } from '@tanstack/react-query';
import type {
  CancelCheckoutResponse,
  PaymentsModeResponse,
  PurchaseResponse,
  RefundPurchaseResponse,
  StartCheckoutBody,
  StartCheckoutResponse,
} from '../../contract/store/purchases';
import { apiRequest } from './client';
import { memberKeys } from './member-keys';

// Buying coin packs with money (issue 48): checkout, the return from it, and
// which provider takes payments. The member's purchases sit under ['me', …]
// like their coins: a sign-in removes them, and a 'coins:balance' or
// 'purchase:updated' event refreshes them with the balance.

/** Everything of the member's purchases (their history: ./purchase-history.ts). */
export const purchaseKeys = {
  all: () => [...memberKeys.me(), 'purchases'] as const,
};

export const PURCHASE_MESSAGES = {
  checkout: 'Could not start checkout',
  confirm: 'Could not confirm your payment',
  cancel: 'Could not cancel checkout',
  refund: 'Could not refund this purchase',
  paymentsMode: 'Could not load how payments are taken',
} as const;

/** Which provider takes payments (public): the screens show a "Test payments" banner when no money moves. */
export const paymentsModeQueryOptions = () =>
  queryOptions({
    queryKey: ['store', 'payments'] as const,
    queryFn: ({ signal }) => apiRequest<PaymentsModeResponse>('/store/payments', { fallbackMessage: PURCHASE_MESSAGES.paymentsMode, signal }),
    // Set by the server's configuration: it does not change while a tab is open.
    staleTime: 60 * 60_000,
  });

/** Opens (or, with the same attemptId, finds again) the checkout of one coin pack. */
export function startCheckout(body: StartCheckoutBody): Promise<StartCheckoutResponse> {
  return apiRequest<StartCheckoutResponse>('/store/checkout', { method: 'POST', body, fallbackMessage: PURCHASE_MESSAGES.checkout });
}

/** Back from checkout: the server asks the provider how it ended, and grants the purchase if it was paid. */
export function confirmPurchase(purchaseId: string): Promise<PurchaseResponse> {
  return apiRequest<PurchaseResponse>(`/store/purchases/${encodeURIComponent(purchaseId)}/confirm`, {
    method: 'POST',
    fallbackMessage: PURCHASE_MESSAGES.confirm,
  });
}

/** The member left checkout without paying: the purchase is cancelled (409 when it was paid after all). */
export function cancelCheckout(purchaseId: string): Promise<CancelCheckoutResponse> {
  return apiRequest<CancelCheckoutResponse>(`/store/purchases/${encodeURIComponent(purchaseId)}/cancel`, {
    method: 'POST',
    fallbackMessage: PURCHASE_MESSAGES.cancel,
  });
}

/** Gives a coin pack back within its refund period: its coins leave the balance, the money goes back through the provider. */
export function refundPurchase(purchaseId: string): Promise<RefundPurchaseResponse> {
  return apiRequest<RefundPurchaseResponse>(`/store/purchases/${encodeURIComponent(purchaseId)}/refund`, {
    method: 'POST',
    fallbackMessage: PURCHASE_MESSAGES.refund,
  });
}
