import { createFileRoute } from '@tanstack/react-router';
import { adminStatsQueryOptions } from '../api/admin';
import { AdminHomeScreen } from '../features/admin/AdminHomeScreen';
import { optionalChoice, searchReader } from '../search-params';

const readAdminSearch = searchReader((search) => ({
  tab: optionalChoice(search.tab, ['dashboard', 'content']),
  section: optionalChoice(search.section, ['home', 'blog']),
}));

export const Route = createFileRoute('/admin/')({
  staticData: { pageTitle: 'Admin dashboard' },
  validateSearch: readAdminSearch,
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
