import { queryOptions } from '@tanstack/react-query';
import type { ChangePlanBody, SubscriptionChangeResponse, SubscriptionResponse } from '../../contract/store/subscriptions';
import { apiRequest } from './client';
import { memberKeys } from './member-keys';

// The member's VIP subscription (issue 48): what it is, and cancel, resume or
// a plan change. Starting one is a checkout (./purchases.ts). It sits under
// ['me', …] with the account, so a 'subscription:updated' event (or any
// account refetch) refreshes it with the VIP status.

export const subscriptionKeys = {
  current: () => [...memberKeys.me(), 'subscription'] as const,
};

export const SUBSCRIPTION_MESSAGES = {
  load: 'Could not load your VIP subscription',
  cancel: 'Could not cancel your VIP',
  resume: 'Could not resume your VIP',
  changePlan: 'Could not change your plan',
  withdraw: 'Could not withdraw from your VIP',
} as const;

/** The signed-in member's subscription, or null. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.current(),
    queryFn: async ({ signal }) =>
      (await apiRequest<SubscriptionResponse>('/store/subscription', { fallbackMessage: SUBSCRIPTION_MESSAGES.load, signal })).subscription,
  });

export function cancelSubscription(): Promise<SubscriptionChangeResponse> {
  return apiRequest<SubscriptionChangeResponse>('/store/subscription/cancel', { method: 'POST', fallbackMessage: SUBSCRIPTION_MESSAGES.cancel });
}

export function resumeSubscription(): Promise<SubscriptionChangeResponse> {
  return apiRequest<SubscriptionChangeResponse>('/store/subscription/resume', { method: 'POST', fallbackMessage: SUBSCRIPTION_MESSAGES.resume });
}

export function changeSubscriptionPlan(body: ChangePlanBody): Promise<SubscriptionChangeResponse> {
  return apiRequest<SubscriptionChangeResponse>('/store/subscription/plan', { method: 'POST', body, fallbackMessage: SUBSCRIPTION_MESSAGES.changePlan });
}

/** Within 14 days of the first payment: the subscription ends now, refunded less the days used. */
export function withdrawFromSubscription(): Promise<SubscriptionChangeResponse> {
  return apiRequest<SubscriptionChangeResponse>('/store/subscription/withdraw', { method: 'POST', fallbackMessage: SUBSCRIPTION_MESSAGES.withdraw });
}
