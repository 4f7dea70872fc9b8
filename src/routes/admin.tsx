import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { readTokens } from '../api/session';

export const Route = createFileRoute('/admin')({
  // SPEC section 2: without an admin token every admin screen sends the visitor to /login.
  beforeLoad: ({ location }) => {
    if (!readTokens().adminToken) throw redirect({ to: '/login', search: { tab: 'admin', redirect: location.href } });
  },
  component: Outlet,
});
