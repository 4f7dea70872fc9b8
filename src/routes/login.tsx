import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/LoginScreen';
import { optionalChoice, optionalReturnPath, optionalText, searchReader } from '../search-params';

const readLoginSearch = searchReader((search) => ({
  tab: optionalChoice(search.tab, ['user', 'admin']),
  // Where to go back to once signed in (see pathAfterSignIn).
  redirect: optionalReturnPath(search.redirect),
  // Filled in from a sign-in link's page (issue 50, finding 9).
  username: optionalText(search.username, 100),
}));

export const Route = createFileRoute('/login')({
  staticData: { pageTitle: 'Login' },
  validateSearch: readLoginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { tab, username } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LoginScreen
      tab={tab ?? 'user'}
      username={username}
      onTabChange={(next) => void navigate({ search: (previous) => ({ ...previous, tab: next }), replace: true })}
    />
  );
}
