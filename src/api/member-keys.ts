import type { QueryClient } from '@tanstack/react-query';

/**
 * The members area's query keys, in a file of their own so notices and photos
 * can name them without loading the members API. What belongs
 * to the signed-in account sits under ['me', ...] (their photos and notices
 * too), so that one removal of ['me'] on sign-in takes all of it.
 */
export const memberKeys = {
  me: () => ['me'] as const,
  photos: () => ['me', 'photos'] as const,
  notices: () => ['me', 'notices'] as const,
  profile: (userId: string) => ['users', 'profile', userId] as const,
};

/**
 * Refetches what belongs to the account after a change the server made to
 * it (coins, purchases). A first fetch still under way when it changed would
 * otherwise count as the refetch: invalidation joins a fetch that has no data
 * yet rather than restarting it, and that fetch's older answer (a purchase
 * still "Not paid yet") then stays fresh for the whole staleTime.
 */
export async function refetchAccount(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: memberKeys.me() });
  await queryClient.invalidateQueries({ queryKey: memberKeys.me() });
}
