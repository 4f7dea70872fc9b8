import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PurchaseHistoryResponse } from '../../contract/store/purchases';
import { apiRequest } from './client';
import { memberKeys } from './member-keys';

// The signed-in member's purchases (GET /store/purchases), newest first, one
// page of PURCHASE_HISTORY_PAGE_SIZE at a time. Kept under ['me', …] as the
// coin history is: a sign-in removes it with the rest of the account, and a
// purchase that changes state refreshes it with one invalidation of
// purchaseHistoryKeys.all().

export const purchaseHistoryKeys = {
  all: () => [...memberKeys.me(), 'purchases', 'history'] as const,
  page: (page: number) => [...memberKeys.me(), 'purchases', 'history', page] as const,
};

export const purchaseHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: purchaseHistoryKeys.page(page),
    queryFn: ({ signal }) =>
      apiRequest<PurchaseHistoryResponse>('/store/purchases', { query: { page }, fallbackMessage: 'Failed to load your purchases', signal }),
    placeholderData: keepPreviousData,
  });
