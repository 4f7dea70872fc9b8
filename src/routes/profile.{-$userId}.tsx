import { createFileRoute, redirect } from '@tanstack/react-router';
import { readTokens } from '../api/session';
import { ProfileScreen } from '../features/profile/ProfileScreen';

export const Route = createFileRoute('/profile/{-$userId}')({
  staticData: { pageTitle: 'Profile' },
  // Profiles are for signed-in people: without a token, sign in first.
  beforeLoad: ({ location }) => {
    const { userToken, adminToken } = readTokens();
    if (!userToken && !adminToken) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  const { userId } = Route.useParams();
  // Another person is another screen: nothing carries over between profiles.
  return <ProfileScreen key={userId ?? 'me'} userId={userId} />;
}
