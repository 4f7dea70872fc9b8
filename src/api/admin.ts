import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  activityResponseSchema,
  adminStatsResponseSchema,
  adminUserActionResponseSchema,
  adminUserListResponseSchema,
  messageResponseSchema,
  withdrawalActionResponseSchema,
  withdrawalListResponseSchema,
  type AdminUserFilter,
  type MakeVipBody,
  type WithdrawalStatus,
} from '../../contract/admin';
import {
  adminCoinPackListResponseSchema,
  adminVipPlanListResponseSchema,
  giftListResponseSchema,
  savedCoinPackResponseSchema,
  savedGiftResponseSchema,
  savedVipPlanResponseSchema,
  type CoinPackInput,
  type GiftInput,
  type VipPlanInput,
} from '../../contract/catalogue';
import { apiRequest } from './client';

// The admin API (SPEC section 7 "Admin"); fallbacks are SPEC section 8's texts.

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  activity: (limit: number) => ['admin', 'activity', limit] as const,
  users: (params: AdminUsersParams) => ['admin', 'users', params] as const,
  usersAll: () => ['admin', 'users'] as const,
  withdrawals: (params: WithdrawalsParams) => ['admin', 'withdrawals', params] as const,
  withdrawalsAll: () => ['admin', 'withdrawals'] as const,
  gifts: () => ['admin', 'gifts'] as const,
  coinPacks: () => ['admin', 'coinPacks'] as const,
  vipPlans: () => ['admin', 'vipPlans'] as const,
};

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => apiRequest('/admin/stats', { schema: adminStatsResponseSchema, fallbackMessage: 'Failed to fetch dashboard stats', signal }),
  });

export const adminActivityQueryOptions = (limit = 10) =>
  queryOptions({
    queryKey: adminKeys.activity(limit),
    queryFn: async ({ signal }) =>
      (await apiRequest('/admin/activity', { query: { limit }, schema: activityResponseSchema, fallbackMessage: 'Failed to fetch recent activity', signal }))
        .activity,
  });

export interface AdminUsersParams {
  page: number;
  search?: string;
  filter: AdminUserFilter;
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) =>
      apiRequest('/admin/users', {
        query: { page: params.page, search: params.search, filter: params.filter === 'all' ? undefined : params.filter },
        schema: adminUserListResponseSchema,
        fallbackMessage: 'Failed to fetch users',
        signal,
      }),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });

const userAction = (path: string, fallbackMessage: string, body?: unknown) =>
  apiRequest(path, { method: 'POST', body, schema: adminUserActionResponseSchema, fallbackMessage });

export const banUser = (id: string, reason: string) => userAction(`/admin/user/${id}/ban`, 'Failed to ban user', { reason });
export const unbanUser = (id: string) => userAction(`/admin/user/${id}/unban`, 'Failed to unban user');
export const makeUserVip = (id: string, grant: MakeVipBody = {}) => userAction(`/admin/user/${id}/make-vip`, 'Failed to make user VIP', grant);
export const removeUserVip = (id: string) => userAction(`/admin/user/${id}/remove-vip`, 'Failed to remove VIP status');

export interface WithdrawalsParams {
  page: number;
  status?: WithdrawalStatus;
}

export const adminWithdrawalsQueryOptions = (params: WithdrawalsParams) =>
  queryOptions({
    queryKey: adminKeys.withdrawals(params),
    queryFn: ({ signal }) =>
      apiRequest('/admin/withdrawals/all', {
        query: { page: params.page, status: params.status },
        schema: withdrawalListResponseSchema,
        fallbackMessage: 'Failed to fetch withdrawals',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const approveWithdrawal = (id: string, txnId: string) =>
  apiRequest(`/admin/withdrawals/approve/${id}`, {
    method: 'POST',
    body: { txnId },
    schema: withdrawalActionResponseSchema,
    fallbackMessage: 'Failed to approve withdrawal',
  });

export const rejectWithdrawal = (id: string, reason: string) =>
  apiRequest(`/admin/withdrawals/reject/${id}`, {
    method: 'POST',
    body: { reason },
    schema: withdrawalActionResponseSchema,
    fallbackMessage: 'Failed to reject withdrawal',
  });

// --- Catalogue ------------------------------------------------------------------

export const adminGiftsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.gifts(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/admin/gifts', { schema: giftListResponseSchema, fallbackMessage: 'Failed to fetch gifts', signal })).gifts,
  });

export const adminCoinPacksQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.coinPacks(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/admin/coinpacks', { schema: adminCoinPackListResponseSchema, fallbackMessage: 'Failed to fetch coin packs', signal }))
        .coinPacks,
  });

export const adminVipPlansQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.vipPlans(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/admin/vipplans', { schema: adminVipPlanListResponseSchema, fallbackMessage: 'Failed to fetch VIP plans', signal }))
        .vipPlans,
  });

export const saveGift = (gift: GiftInput) =>
  apiRequest('/admin/gifts', { method: 'POST', body: { gift }, schema: savedGiftResponseSchema, fallbackMessage: 'Failed to save gift' });
export const deleteGift = (id: string) =>
  apiRequest(`/admin/gifts/${id}`, { method: 'DELETE', schema: messageResponseSchema, fallbackMessage: 'Failed to delete gift' });

export const saveCoinPack = (coinPack: CoinPackInput) =>
  apiRequest('/admin/coinpacks', { method: 'POST', body: { coinPack }, schema: savedCoinPackResponseSchema, fallbackMessage: 'Failed to save coin pack' });
export const deleteCoinPack = (id: string) =>
  apiRequest(`/admin/coinpacks/${id}`, { method: 'DELETE', schema: messageResponseSchema, fallbackMessage: 'Failed to delete coin pack' });

export const saveVipPlan = (vipPlan: VipPlanInput) =>
  apiRequest('/admin/vipplans', { method: 'POST', body: { vipPlan }, schema: savedVipPlanResponseSchema, fallbackMessage: 'Failed to save VIP plan' });
export const deleteVipPlan = (id: string) =>
  apiRequest(`/admin/vipplans/${id}`, { method: 'DELETE', schema: messageResponseSchema, fallbackMessage: 'Failed to delete VIP plan' });
