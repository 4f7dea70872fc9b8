import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/LoginScreen';
import { optionalChoice, optionalReturnPath, searchReader } from '../search-params';

const readLoginSearch = searchReader((search) => ({
  tab: optionalChoice(search.tab, ['user', 'admin']),
  // Where to go back to once signed in (see pathAfterSignIn).
  redirect: optionalReturnPath(search.redirect),
}));

export const Route = createFileRoute('/login')({
  staticData: { pageTitle: 'Login' },
  validateSearch: readLoginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LoginScreen tab={tab ?? 'user'} onTabChange={(next) => void navigate({ search: (previous) => ({ ...previous, tab: next }), replace: true })} />;
}
