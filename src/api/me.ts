import { queryOptions } from '@tanstack/react-query';
import type { DataExport } from '../../contract/data-export';
import { fetchCurrentUser } from './auth';
import { apiRequest } from './client';

/**
 * The signed-in account (balance, VIP status, profile). Kept under ['me']:
 * the auth provider removes that key on every sign-in, so one account's
 * data never shows for the next.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: async ({ signal }) => (await fetchCurrentUser(signal)).user,
  });

/** Everything Orbit keeps about the signed-in member (GET /user/me/export), for them to save. */
export function fetchMyDataExport() {
  return apiRequest<DataExport>('/user/me/export', { fallbackMessage: 'Failed to prepare your data' });
}
