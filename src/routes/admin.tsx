import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin')({
  // SPEC section 2: without an admin token every admin screen sends the visitor to /login.
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isAdmin()) throw redirect({ to: '/login', search: { tab: 'admin', redirect: location.href } });
  },
  component: Outlet,
});
