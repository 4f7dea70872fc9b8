import { createFileRoute } from '@tanstack/react-router';
import { adminActivityQueryOptions, adminStatsQueryOptions } from '../api/admin/console';
import { AdminHomeScreen } from '../features/admin/AdminHomeScreen';
import { choiceDataReady } from '../lib/page-data';
import { optionalChoice, searchReader } from '../search-params';

const readAdminSearch = searchReader((search) => ({
  tab: optionalChoice(search.tab, ['dashboard', 'content']),
  section: optionalChoice(search.section, ['home', 'blog']),
}));

export const Route = createFileRoute('/admin/')({
  staticData: { pageTitle: 'Admin dashboard' },
  validateSearch: readAdminSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'dashboard' }),
  // The dashboard's cards and recent activity, as its panels read them: opening the page waits for them (see choiceDataReady).
  loader: async ({ context: { queryClient }, deps, cause }) => {
    if (deps.tab !== 'dashboard') return;
    await Promise.all([choiceDataReady(queryClient, cause, adminStatsQueryOptions()), choiceDataReady(queryClient, cause, adminActivityQueryOptions(10))]);
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
