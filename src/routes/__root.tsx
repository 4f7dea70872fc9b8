import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';
import { publicConfigQueryOptions } from '../api/site-settings';
import { AppLayout } from '../features/shell/AppLayout';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header needs the product name; a failed fetch resolves to defaults.
  // Started, not awaited: the header shows the default name until it arrives.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(publicConfigQueryOptions());
  },
  component: AppLayout,
});
