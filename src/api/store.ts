import { queryOptions } from '@tanstack/react-query';
import type { CoinPackListResponse, VipPlanListResponse } from '../../contract/store/listings';
import { apiRequest } from './client';

/** SPEC section 8: what a failed load reads when the server sent no message. */
export const STORE_LOAD_MESSAGES = {
  coins: 'Failed to load coin data',
  vip: 'Failed to load VIP data',
} as const;

/**
 * Every store query sits under ['store'], so a screen that changes the
 * catalogue (the admin's) can refresh the public screens with one
 * invalidation.
 */
export const storeKeys = {
  all: ['store'] as const,
  coinPacks: () => ['store', 'coinPacks'] as const,
  vipPlans: () => ['store', 'vipPlans'] as const,
};

/** The active coin packs in display order (public). */
export const coinPacksQueryOptions = () =>
  queryOptions({
    queryKey: storeKeys.coinPacks(),
    queryFn: async ({ signal }) =>
      (await apiRequest<CoinPackListResponse>('/store/coinpacks', { fallbackMessage: STORE_LOAD_MESSAGES.coins, signal }))
        .coinPacks,
  });

/** The active VIP plans in display order (public). */
export const vipPlansQueryOptions = () =>
  queryOptions({
    queryKey: storeKeys.vipPlans(),
    queryFn: async ({ signal }) =>
      (await apiRequest<VipPlanListResponse>('/store/vipplans', { fallbackMessage: STORE_LOAD_MESSAGES.vip, signal }))
        .vipPlans,
  });
