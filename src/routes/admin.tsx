import { createFileRoute, redirect } from '@tanstack/react-router';
import { readTokens } from '../api/session';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/admin')({
  // SPEC section 2: the dashboard redirects to /login without an admin token.
  beforeLoad: () => {
    if (!readTokens().adminToken) throw redirect({ to: '/login' });
  },
  component: AdminRoute,
});

function AdminRoute() {
  return <ScreenHeading title="Admin Dashboard" />;
}
