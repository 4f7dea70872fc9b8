import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions, publicProfileQueryOptions } from '../api/members';
import { requireSignIn } from '../features/auth/require-sign-in';
import { ProfileScreen } from '../features/members/profile/ProfileScreen';
import { pageDataReady } from '../lib/page-data';

export const Route = createFileRoute('/profile/{-$userId}')({
  staticData: { pageTitle: 'Profile' },
  // Profiles are for signed-in people: without a token, sign in first (the loader below runs only after this).
  beforeLoad: requireSignIn,
  // The profile opens with the person in it. Who is signed in decides whether an id is one's own profile, so both
  // load side by side; a failure stays for the screen to show ('Error Loading Profile', or sign in again).
  loader: async ({ context: { queryClient }, params: { userId } }) => {
    const ownProfile = currentUserQueryOptions();
    const ownId = queryClient.getQueryData(ownProfile.queryKey)?._id;
    await Promise.all([
      pageDataReady(queryClient.ensureQueryData(ownProfile)),
      userId && userId !== ownId ? pageDataReady(queryClient.ensureQueryData(publicProfileQueryOptions(userId))) : undefined,
    ]);
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  const { userId } = Route.useParams();
  // Another person is another screen: nothing carries over between profiles.
  return <ProfileScreen key={userId ?? 'me'} userId={userId} />;
}
