import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { ApiError } from './api/client';
import { AppErrorScreen } from './features/shell/AppErrorScreen';
import { NotFoundScreen } from './features/shell/NotFoundScreen';
import { PendingScreen } from './features/shell/PendingScreen';
import type { RouterContext } from './router-context';

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * When the server said how long to wait (a 503 while its database restarts
 * says 5 s), asking sooner only earns another 503; otherwise TanStack Query's
 * own doubling from 1 s.
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  const asked = error instanceof ApiError ? error.retryAfterMs : undefined;
  return Math.min(asked ?? 1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; network blips might.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        retryDelay: queryRetryDelay,
      },
    },
  });
}

export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    // AuthProvider gives `auth` through RouterProvider once the auth machine runs (TanStack Router's authenticated-routes pattern).
    context: { queryClient, auth: undefined! } satisfies RouterContext,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, so the router keeps no cache of its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: AppErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    defaultPendingComponent: PendingScreen,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
