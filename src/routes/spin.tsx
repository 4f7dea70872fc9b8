import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../features/auth/AuthProvider';
import { SpinScreen } from '../features/discovery/spin/SpinScreen';

export const Route = createFileRoute('/spin')({
  staticData: { pageTitle: 'Spin' },
  component: SpinRoute,
});

function SpinRoute() {
  const { isAuthenticated } = useAuth();
  return <SpinScreen visitor={!isAuthenticated} />;
}
