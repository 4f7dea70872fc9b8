import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/LoginScreen';
import { optionalChoice, searchReader } from '../search-params';

const readLoginSearch = searchReader((search) => ({ tab: optionalChoice(search.tab, ['user', 'admin']) }));

export const Route = createFileRoute('/login')({
  staticData: { pageTitle: 'Login' },
  validateSearch: readLoginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LoginScreen tab={tab ?? 'user'} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
