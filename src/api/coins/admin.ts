import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdjustCoinsBody, AdjustCoinsResponse } from '../../../contract/coins/admin';
import type { CoinHistoryResponse } from '../../../contract/coins/ledger';
import { apiRequest } from '../client';

// Operators and members' coins (contract/coins/ledger.ts): the balance and ledger, and a grant or take with a reason.

export const adminCoinKeys = {
  memberAll: (userId: string) => ['admin', 'memberCoins', userId] as const,
  member: (userId: string, page: number) => ['admin', 'memberCoins', userId, page] as const,
};

const memberCoinsPath = (userId: string) => `/admin/user/${encodeURIComponent(userId)}/coins`;

/** GET /admin/user/:id/coins: the balance and one page of the ledger, newest first. */
export const adminMemberCoinsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: adminCoinKeys.member(userId, page),
    queryFn: ({ signal }) => apiRequest<CoinHistoryResponse>(memberCoinsPath(userId), { query: { page }, fallbackMessage: 'Failed to fetch coins', signal }),
    placeholderData: keepPreviousData,
  });

/** POST /admin/user/:id/coins: grants (amount > 0) or takes coins; the same requestId sent again changes nothing. */
export const adjustMemberCoins = (userId: string, body: AdjustCoinsBody) =>
  apiRequest<AdjustCoinsResponse>(memberCoinsPath(userId), { method: 'POST', body, fallbackMessage: 'Failed to change coins' });
