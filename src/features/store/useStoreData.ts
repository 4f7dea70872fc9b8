import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../api/members';
import { coinPacksQueryOptions, vipPlansQueryOptions } from '../../api/store';
import { useAuth } from '../auth/AuthProvider';

export type LoadState = { status: 'loading' } | { status: 'error'; message: string; retry: () => void } | { status: 'ready' };

/**
 * One status for a screen that needs several calls (SPEC section 4: loading,
 * then loaded or error; Try Again reloads). The first failure's text is
 * shown; Try Again asks again only for what failed.
 */
export function combineLoads(queries: ReadonlyArray<UseQueryResult>, fallbackMessage: string): LoadState {
  const failed = queries.filter((query) => query.isError);
  const first = failed[0];
  if (first) {
    const message = first.error instanceof Error && first.error.message.trim() !== '' ? first.error.message : fallbackMessage;
    return { status: 'error', message, retry: () => failed.forEach((query) => void query.refetch()) };
  }
  if (queries.some((query) => query.isPending)) return { status: 'loading' };
  return { status: 'ready' };
}

/**
 * The signed-in account's balance and VIP status (from /user/me). Signed
 * out nothing is asked, and `queries` is empty so the screen does not wait
 * for it or show a stale failure (a 401 signs the browser out).
 */
export function useAccount() {
  const { isAuthenticated } = useAuth();
  const query = useQuery({ ...currentUserQueryOptions(), enabled: isAuthenticated });
  return {
    isAuthenticated,
    user: isAuthenticated ? query.data : undefined,
    queries: isAuthenticated ? [query] : [],
  };
}

export const useCoinPacks = () => useQuery(coinPacksQueryOptions());
export const useVipPlans = () => useQuery(vipPlansQueryOptions());
