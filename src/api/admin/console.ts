import type { z } from 'zod';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ActivityResponse,
  AdminStatsResponse,
  AdminUserActionResponse,
  AdminUserListResponse,
  MessageResponse,
  WithdrawalActionResponse,
  WithdrawalListResponse,
  AdminUserFilter,
  MakeVipBody,
  WithdrawalStatus,
} from '../../../contract/admin/console';
import type {
  adminCoinPackListResponseSchema,
  adminVipPlanListResponseSchema,
  giftListResponseSchema,
  savedCoinPackResponseSchema,
  savedGiftResponseSchema,
  savedVipPlanResponseSchema,
  CoinPackInput,
  GiftInput,
  VipPlanInput,
} from '../../../contract/store/catalogue';
import type { ReconciliationRunsResponse } from '../../../contract/store/reconciliation';
import type { CreatorIdentity } from '../../../contract/creators';
import { apiRequest } from '../client';

// The admin API (SPEC section 7 "Admin"); fallbacks are SPEC section 8's texts.

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  activityAll: () => ['admin', 'activity'] as const,
  activity: (limit: number) => ['admin', 'activity', limit] as const,
  users: (params: AdminUsersParams) => ['admin', 'users', params] as const,
  usersAll: () => ['admin', 'users'] as const,
  withdrawals: (params: WithdrawalsParams) => ['admin', 'withdrawals', params] as const,
  withdrawalsAll: () => ['admin', 'withdrawals'] as const,
  gifts: () => ['admin', 'gifts'] as const,
  coinPacks: () => ['admin', 'coinPacks'] as const,
  vipPlans: () => ['admin', 'vipPlans'] as const,
  reconciliation: () => ['admin', 'reconciliation'] as const,
};

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => apiRequest<AdminStatsResponse>('/admin/stats', { fallbackMessage: 'Failed to fetch dashboard stats', signal }),
  });

/** The daily reconciliation's recent runs, newest first. */
export const adminReconciliationQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.reconciliation(),
    queryFn: async ({ signal }) =>
      (await apiRequest<ReconciliationRunsResponse>('/admin/reconciliation', { fallbackMessage: 'Failed to fetch the reconciliation', signal })).runs,
  });

export const adminActivityQueryOptions = (limit = 10) =>
  queryOptions({
    queryKey: adminKeys.activity(limit),
    queryFn: async ({ signal }) =>
      (await apiRequest<ActivityResponse>('/admin/activity', { query: { limit }, fallbackMessage: 'Failed to fetch recent activity', signal }))
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
      apiRequest<AdminUserListResponse>('/admin/users', {
        query: { page: params.page, search: params.search, filter: params.filter === 'all' ? undefined : params.filter },
        fallbackMessage: 'Failed to fetch users',
        signal,
      }),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });

const userAction = (path: string, fallbackMessage: string, body?: unknown) =>
  apiRequest<AdminUserActionResponse>(path, { method: 'POST', body, fallbackMessage });

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
      apiRequest<WithdrawalListResponse>('/admin/withdrawals/all', {
        query: { page: params.page, status: params.status },
        fallbackMessage: 'Failed to fetch withdrawals',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const approveWithdrawal = (id: string, txnId: string, feeMinor = 0) =>
  apiRequest<WithdrawalActionResponse>(`/admin/withdrawals/approve/${id}`, {
    method: 'POST',
    body: { txnId, feeMinor },
    fallbackMessage: 'Failed to approve withdrawal',
  });

export const rejectWithdrawal = (id: string, reason: string) =>
  apiRequest<WithdrawalActionResponse>(`/admin/withdrawals/reject/${id}`, {
    method: 'POST',
    body: { reason },
    fallbackMessage: 'Failed to reject withdrawal',
  });

export const markWithdrawalReturned = (id: string, reason: string) =>
  apiRequest<WithdrawalActionResponse>(`/admin/withdrawals/returned/${id}`, {
    method: 'POST',
    body: { reason },
    fallbackMessage: 'Failed to mark the payout returned',
  });

// --- Catalogue ------------------------------------------------------------------

export const adminGiftsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.gifts(),
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof giftListResponseSchema>>('/admin/gifts', { fallbackMessage: 'Failed to fetch gifts', signal })).gifts,
  });

export const adminCoinPacksQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.coinPacks(),
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof adminCoinPackListResponseSchema>>('/admin/coinpacks', { fallbackMessage: 'Failed to fetch coin packs', signal }))
        .coinPacks,
  });

export const adminVipPlansQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.vipPlans(),
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof adminVipPlanListResponseSchema>>('/admin/vipplans', { fallbackMessage: 'Failed to fetch VIP plans', signal }))
        .vipPlans,
  });

export const saveGift = (gift: GiftInput) =>
  apiRequest<z.infer<typeof savedGiftResponseSchema>>('/admin/gifts', { method: 'POST', body: { gift }, fallbackMessage: 'Failed to save gift' });
export const deleteGift = (id: string) =>
  apiRequest<MessageResponse>(`/admin/gifts/${id}`, { method: 'DELETE', fallbackMessage: 'Failed to delete gift' });

export const saveCoinPack = (coinPack: CoinPackInput) =>
  apiRequest<z.infer<typeof savedCoinPackResponseSchema>>('/admin/coinpacks', { method: 'POST', body: { coinPack }, fallbackMessage: 'Failed to save coin pack' });
export const deleteCoinPack = (id: string) =>
  apiRequest<MessageResponse>(`/admin/coinpacks/${id}`, { method: 'DELETE', fallbackMessage: 'Failed to delete coin pack' });

export const saveVipPlan = (vipPlan: VipPlanInput) =>
  apiRequest<z.infer<typeof savedVipPlanResponseSchema>>('/admin/vipplans', { method: 'POST', body: { vipPlan }, fallbackMessage: 'Failed to save VIP plan' });
export const deleteVipPlan = (id: string) =>
  apiRequest<MessageResponse>(`/admin/vipplans/${id}`, { method: 'DELETE', fallbackMessage: 'Failed to delete VIP plan' });

/** Records a creator's identity as checked against documents and screened against sanctions lists. */
export const recordIdentityChecked = (userId: string) =>
  apiRequest<{ success: true; identity: CreatorIdentity }>(`/admin/creators/${userId}/identity-check`, {
    method: 'POST',
    body: { sanctionsScreened: true },
    fallbackMessage: "Failed to record the creator's identity as checked",
  });
