import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../api/members';
import { requireSignIn } from '../features/auth/require-sign-in';
import { OnboardingScreen } from '../features/members/onboarding/OnboardingScreen';
import { pageDataReady } from '../lib/page-data';
import { optionalReturnPath, searchReader } from '../search-params';

// Where to go once set up: the page that sent the member to sign up, if any (Discover otherwise).
const readOnboardingSearch = searchReader((search) => ({ redirect: optionalReturnPath(search.redirect) }));

export const Route = createFileRoute('/onboarding')({
  staticData: { pageTitle: 'Set up your profile' },
  validateSearch: readOnboardingSearch,
  // The set-up belongs to an account: without a token, sign in first.
  beforeLoad: requireSignIn,
  // The set-up resumes where the account left it: it opens with the account read (a failure stays for the screen to show).
  loader: ({ context: { queryClient } }) => pageDataReady(queryClient.ensureQueryData(currentUserQueryOptions())),
  component: OnboardingRoute,
});

function OnboardingRoute() {
  const { redirect: returnTo } = Route.useSearch();
  return <OnboardingScreen redirect={returnTo} />;
}
