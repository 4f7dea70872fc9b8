import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AppRouter } from './router';
import { AuthProvider, type AuthOverrides } from './features/auth/AuthProvider';
import { ThemeRoot } from './ui';

interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  /** Only tests pass this, to control the auth machine. */
  auth?: AuthOverrides;
}

/** The whole app, as the browser and the tests mount it. */
export function App({ router, queryClient, auth }: AppProps) {
  return (
    <StrictMode>
      <ThemeRoot>
        <QueryClientProvider client={queryClient}>
          <AuthProvider router={router} overrides={auth} />
        </QueryClientProvider>
      </ThemeRoot>
    </StrictMode>
  );
}

