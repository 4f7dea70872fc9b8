import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { ThemeRoot } from '../../../../../src/ui/ThemeRoot';

/**
 * One screen on its own, inside the theme, a query client and a router (its
 * links need one), so a test can hand the screen props the app never passes.
 */
export async function renderScreen(screen: () => ReactNode, options: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const rootRoute = createRootRoute({ component: () => <>{screen()}</> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }) });
  await router.load();
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <ThemeRoot>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeRoot>,
    );
    await Promise.resolve();
  });
  if (!view) throw new Error('renderScreen: nothing rendered');
  return { ...view, router, queryClient };
}

/** Collects the actor a screen reports through `overrides.onActor`. */
export function actorCatcher() {
  let current: AnyActorRef | undefined;
  return {
    onActor: (actor: AnyActorRef) => {
      current = actor;
    },
    get actor(): AnyActorRef {
      if (!current) throw new Error('the screen has not reported its actor yet');
      return current;
    },
  };
}
