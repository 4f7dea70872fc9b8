import type { QueryClient } from '@tanstack/react-query';

/** Who is signed in, as the auth machine holds it; guards ask it at the moment they run. */
export interface SessionReader {
  /** A member or an admin holds a session. */
  isSignedIn: () => boolean;
  isAdmin: () => boolean;
}

/** What every route's loader and beforeLoad receive; kept apart from the router so routes can name it without importing the route tree. */
export interface RouterContext {
  queryClient: QueryClient;
  /** Given by App through RouterProvider, once the auth machine runs. */
  auth: SessionReader;
}
