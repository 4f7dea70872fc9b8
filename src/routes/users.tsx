import { createFileRoute } from '@tanstack/react-router';
import { readDiscoverSearch } from '../features/discovery/discover/discover-search';
import { useAuth } from '../features/auth/AuthProvider';
import { DiscoverScreen } from '../features/discovery/discover/DiscoverScreen';

export const Route = createFileRoute('/users')({
  staticData: { pageTitle: 'Discover' },
  validateSearch: readDiscoverSearch,
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { isAuthenticated } = useAuth();
  return <DiscoverScreen search={search} visitor={!isAuthenticated} onSearchChange={(next) => void navigate({ search: next })} />;
}
