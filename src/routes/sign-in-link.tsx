import { createFileRoute } from '@tanstack/react-router';
import { SignInLinkScreen } from '../features/auth/SignInLinkScreen';
import { optionalLinkToken, searchReader } from '../search-params';

// The token of the sign-in link email's link; a malformed one reads as missing.
const readSignInLinkSearch = searchReader((search) => ({ token: optionalLinkToken(search.token) }));

export const Route = createFileRoute('/sign-in-link')({
  staticData: { pageTitle: 'Sign in from this browser' },
  validateSearch: readSignInLinkSearch,
  component: SignInLinkRoute,
});

function SignInLinkRoute() {
  const { token } = Route.useSearch();
  return <SignInLinkScreen token={token} />;
}
