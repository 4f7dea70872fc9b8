import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailScreen } from '../features/auth/VerifyEmailScreen';
import { optionalLinkToken, searchReader } from '../search-params';

// The token of the verification email's link; a malformed one reads as missing.
const readVerifySearch = searchReader((search) => ({ token: optionalLinkToken(search.token) }));

export const Route = createFileRoute('/verify-email')({
  staticData: { pageTitle: 'Verify your email' },
  validateSearch: readVerifySearch,
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailScreen token={token} />;
}
