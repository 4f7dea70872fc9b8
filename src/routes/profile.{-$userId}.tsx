import { createFileRoute } from '@tanstack/react-router';
import { requireSignIn } from '../features/auth/require-sign-in';
import { ProfileScreen } from '../features/profile/ProfileScreen';

export const Route = createFileRoute('/profile/{-$userId}')({
  staticData: { pageTitle: 'Profile' },
  // Profiles are for signed-in people: without a token, sign in first.
  beforeLoad: requireSignIn,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { userId } = Route.useParams();
  // Another person is another screen: nothing carries over between profiles.
  return <ProfileScreen key={userId ?? 'me'} userId={userId} />;
}
