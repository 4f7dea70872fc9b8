import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What a route's loader awaits for data its page cannot render without
 * (`queryClient.ensureQueryData(…)`), so the page opens with it, with no
 * loading step. A failed request is not thrown: the router would show its own
 * error page. TanStack Query keeps the failure, and the page's query shows it
 * as the page always has ('not found', or the error with Try Again).
 */
export async function pageDataReady(loading: Promise<unknown>): Promise<void> {
  try {
    await loading;
  } catch {
    // Kept in the query cache, for the page to show.
  }
}

/**
 * Spread into a page's useQuery for data its route's loader just fetched. A
 * failure the loader met is the answer to show, at once: asking again on
 * mount would show the loading state and wait out the retries a second time.
 * Try Again, and coming back to the page, still ask again.
 */
export const loadedByRoute = { retryOnMount: false } as const;

/**
 * The loader of a page whose search params choose what it lists (a page, a
 * filter, a tab). Opening the page waits for the list, as pageDataReady does.
 * A new choice on the open page (TanStack Router's cause 'stay') only starts
 * the fetch: the pager, filters and tabs answer at once, and the screen shows
 * the previous page, marked busy, or its own loading, as it always has.
 */
export function choiceDataReady<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  cause: 'preload' | 'enter' | 'stay',
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  if (cause !== 'stay') return pageDataReady(queryClient.ensureQueryData(options));
  void queryClient.prefetchQuery(options);
  return Promise.resolve();
}
