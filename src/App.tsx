import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from './router';
import { AuthProvider } from './features/auth/AuthProvider';
import type { createAuthActors } from './features/auth/auth-actors';
import { ThemeRoot } from './ui';

interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  /** Only tests pass this, to control the auth machine's actors. */
  authActors?: Partial<ReturnType<typeof createAuthActors>>;
}

/** The whole app, as the browser and the tests mount it. */
export function App({ router, queryClient, authActors }: AppProps) {
  return (
    <StrictMode>
      <ThemeRoot>
        <QueryClientProvider client={queryClient}>
          <AuthProvider router={router} actors={authActors}>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </ThemeRoot>
    </StrictMode>
  );
}
