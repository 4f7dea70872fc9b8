import { queryOptions } from '@tanstack/react-query';
import type { BoostStartResponse, BoostStatusResponse } from '../../contract/boost';
import { apiRequest } from './client';
import { memberKeys } from './member-keys';

// The member's Boost (GET /boost, POST /boost). Under ['me', …]: a boost
// bought with coins refreshes it with the balance.

export const boostKeys = {
  status: () => [...memberKeys.me(), 'boost'] as const,
};

/** While a boost runs, its views are read again now and then: they come from other people's screens. */
export const BOOST_VIEWS_REFRESH_MS = 30_000;

export const boostStatusQueryOptions = () =>
  queryOptions({
    queryKey: boostKeys.status(),
    queryFn: ({ signal }) => apiRequest<BoostStatusResponse>('/boost', { fallbackMessage: 'Failed to load your Boost', signal }),
    refetchInterval: (query) => (query.state.data?.running ? BOOST_VIEWS_REFRESH_MS : false),
  });

/** Today's VIP Boost. The same attemptId again (a retry, a double click) starts one. */
export const startDailyBoost = (attemptId: string) =>
  apiRequest<BoostStartResponse>('/boost', { method: 'POST', body: { attemptId }, fallbackMessage: 'Could not start your Boost' });
