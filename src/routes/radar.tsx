import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../features/auth/AuthProvider';
import { RadarScreen } from '../features/discovery/radar/RadarScreen';

export const Route = createFileRoute('/radar')({
  staticData: { pageTitle: 'Radar' },
  component: RadarRoute,
});

function RadarRoute() {
  const { isAuthenticated } = useAuth();
  return <RadarScreen visitor={!isAuthenticated} />;
}
