import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Admirer, LikesYouResponse } from '../../contract/likes-you';
import { apiRequest } from './client';
import { discoveryKeys } from './discovery';

/** GET /users/likes-you: one page of the people who liked the member (VIP), or only how many (free). */
export function fetchLikesYou(cursor: string | null, signal?: AbortSignal): Promise<LikesYouResponse> {
  return apiRequest<LikesYouResponse>('/users/likes-you', { query: { cursor: cursor ?? undefined }, fallbackMessage: 'Failed to load who liked you', signal });
}

export type LikesYouData = InfiniteData<LikesYouResponse, string | null>;
/** What the helpers read of the held pages, however the cache was asked for them. */
type HeldPages = Pick<LikesYouData, 'pages'>;

/** Likes you: the newest page first, older ones after it on Show more. A decision takes its card off the cache (forgetAdmirer). */
export const likesYouQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: discoveryKeys.likesYou(),
    queryFn: ({ pageParam, signal }) => fetchLikesYou(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LikesYouResponse) => (last.access === 'vip' ? last.next : null),
    staleTime: 15_000,
    retry: false,
  });

export function useLikesYou() {
  return useInfiniteQuery(likesYouQueryOptions());
}

/** How many people wait for the member's answer, as the newest answer says; undefined before it. */
export function likesYouCount(data: HeldPages | undefined): number | undefined {
  return data?.pages[0]?.count;
}

/** Everyone the held pages list (none for a free member). */
export function heldAdmirers(data: HeldPages | undefined): Admirer[] {
  return data?.pages.flatMap((page) => (page.access === 'vip' ? page.people : [])) ?? [];
}

/** After the member liked back or passed: the person leaves the list and the count, at once. */
export function forgetAdmirer(queryClient: QueryClient, personId: string): void {
  queryClient.setQueryData<LikesYouData>(discoveryKeys.likesYou(), (data) => {
    if (!data || !heldAdmirers(data).some((person) => person.id === personId)) return data;
    const pages = data.pages.map((page) =>
      page.access === 'vip'
        ? { ...page, count: Math.max(0, page.count - 1), people: page.people.filter((person) => person.id !== personId) }
        : page,
    );
    return { ...data, pages };
  });
}
