import { queryOptions } from '@tanstack/react-query';
import type { CoinItem, CoinPricesResponse, CoinSpendResponse } from '../../../contract/coins/spending';
import { apiRequest } from '../client';
import { memberKeys } from '../member-keys';

// What the member's coins buy (GET /coins/prices, POST /coins/spend). Under
// ['me', …]: a spend's 'coins:balance' event refreshes the account, the
// history and what the member holds together.

export const coinSpendingKeys = {
  prices: () => [...memberKeys.me(), 'coins', 'prices'] as const,
};

export const coinPricesQueryOptions = () =>
  queryOptions({
    queryKey: coinSpendingKeys.prices(),
    queryFn: ({ signal }) => apiRequest<CoinPricesResponse>('/coins/prices', { fallbackMessage: 'Failed to load what coins buy', signal }),
  });

/** The same attemptId again (a retry, a double click) spends once. */
export const spendCoins = (item: CoinItem, attemptId: string) =>
  apiRequest<CoinSpendResponse>('/coins/spend', { method: 'POST', body: { item, attemptId }, fallbackMessage: 'Failed to spend coins' });
