import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentUser } from './auth';

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
