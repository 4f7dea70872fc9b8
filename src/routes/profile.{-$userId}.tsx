import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/profile/{-$userId}')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const { userId } = Route.useParams();
  return <ScreenHeading title={userId ? 'Profile' : 'My Profile'} />;
}
