import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { adminStatsQueryOptions } from '../api/admin';
import { AdminHomeScreen } from '../features/admin/AdminHomeScreen';

const adminSearchSchema = z.object({
  tab: z.enum(['dashboard', 'content']).optional().catch(undefined),
  section: z.enum(['home', 'blog']).optional().catch(undefined),
});

export const Route = createFileRoute('/admin/')({
  validateSearch: adminSearchSchema,
  // Started, not awaited: the dashboard shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adminStatsQueryOptions());
  },
  component: AdminIndexRoute,
});

function AdminIndexRoute() {
  const { tab, section } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminHomeScreen
      tab={tab ?? 'dashboard'}
      section={section ?? 'home'}
      onTabChange={(next) => void navigate({ search: (current) => ({ ...current, tab: next }), replace: true })}
      onSectionChange={(next) => void navigate({ search: (current) => ({ ...current, section: next }), replace: true })}
    />
  );
}
