import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen';
import { optionalLinkToken, searchReader } from '../search-params';

// The token of the reset email's link; a malformed one reads as missing.
const readResetSearch = searchReader((search) => ({ token: optionalLinkToken(search.token) }));

export const Route = createFileRoute('/reset-password')({
  staticData: { pageTitle: 'Choose a new password' },
  validateSearch: readResetSearch,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordScreen token={token} />;
}
