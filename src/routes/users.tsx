import { createFileRoute } from '@tanstack/react-router';
import { readDiscoverSearch } from '../features/discover/discover-search';
import { DiscoverScreen } from '../features/discover/DiscoverScreen';

export const Route = createFileRoute('/users')({
  validateSearch: readDiscoverSearch,
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DiscoverScreen search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
