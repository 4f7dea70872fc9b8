import { queryOptions } from '@tanstack/react-query';
import type { TestCheckoutAction, TestCheckoutResponse, TestCheckoutSettleOutcome } from '../../contract/store/test-checkout';
import { apiRequest } from './client';

// The local payment provider's own checkout page (PAYMENTS_PROVIDER=local, no
// money moves): the session as the provider holds it, and what the member
// does there. Only the member who started the checkout can read or act on it
// (anyone else gets 404 'Checkout not found').

export const testCheckoutKeys = {
  session: (sessionId: string) => ['store', 'test-checkout', sessionId] as const,
};

const sessionPath = (sessionId: string) => `/store/test-checkout/${encodeURIComponent(sessionId)}`;

export const testCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: testCheckoutKeys.session(sessionId),
    queryFn: async ({ signal }) =>
      (await apiRequest<TestCheckoutResponse>(sessionPath(sessionId), { fallbackMessage: 'Failed to load the checkout', signal })).session,
  });

/** Pay now, pay later (a bank transfer), or have the card declined. */
export const testCheckoutAction = (sessionId: string, action: TestCheckoutAction) =>
  apiRequest<TestCheckoutResponse>(`${sessionPath(sessionId)}/actions`, { method: 'POST', body: { action }, fallbackMessage: 'Failed to complete the payment' });

/** The bank's later answer to a payment made later. */
export const settleTestCheckout = (sessionId: string, outcome: TestCheckoutSettleOutcome) =>
  apiRequest<TestCheckoutResponse>(`${sessionPath(sessionId)}/settle`, { method: 'POST', body: { outcome }, fallbackMessage: "Failed to send the bank's answer" });
