import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_USER_FILTERS } from '../../contract/constants';
import { adminUsersQueryOptions } from '../api/admin/console';
import { choiceDataReady } from '../lib/page-data';
import { optionalChoice, optionalInteger, optionalText, searchReader } from '../search-params';
import { ManageUsersScreen } from '../features/admin/users/ManageUsersScreen';

const readUsersSearch = searchReader((search) => ({
  page: optionalInteger(search.page, 1),
  search: optionalText(search.search, 100, 0),
  filter: optionalChoice(search.filter, ADMIN_USER_FILTERS),
}));

export const Route = createFileRoute('/admin/users')({
  staticData: { pageTitle: 'Manage users' },
  validateSearch: readUsersSearch,
  loaderDeps: ({ search }) => search,
  // The list the screen reads, with the same params: opening the page waits for it (see choiceDataReady).
  loader: ({ context, deps, cause }) =>
    choiceDataReady(
      context.queryClient,
      cause,
      adminUsersQueryOptions({ page: deps.page ?? 1, filter: deps.filter ?? 'all', ...(deps.search ? { search: deps.search } : {}) }),
    ),
  component: ManageUsersRoute,
});

function ManageUsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ManageUsersScreen
      params={{ page: search.page ?? 1, filter: search.filter ?? 'all', ...(search.search ? { search: search.search } : {}) }}
      onParamsChange={(next) =>
        void navigate({
          search: { page: next.page > 1 ? next.page : undefined, search: next.search || undefined, filter: next.filter === 'all' ? undefined : next.filter },
        })
      }
    />
  );
}
