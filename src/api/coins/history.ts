import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CoinHistoryResponse } from '../../../contract/coins/ledger';
import { apiRequest } from '../client';
import { memberKeys } from '../member-keys';

// The signed-in member's own coins (GET /coins/history). Kept under ['me', …]:
// a 'coins:balance' event refreshes the account and this together, and a
// sign-in removes both.

export const coinKeys = {
  history: (page: number) => [...memberKeys.me(), 'coins', page] as const,
};

export const coinHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: coinKeys.history(page),
    queryFn: ({ signal }) => apiRequest<CoinHistoryResponse>('/coins/history', { query: { page }, fallbackMessage: 'Failed to load your coin history', signal }),
    placeholderData: keepPreviousData,
  });
