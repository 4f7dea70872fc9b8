import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../features/auth/AuthProvider';
import { MatchesScreen } from '../features/discovery/matches/MatchesScreen';

export const Route = createFileRoute('/match')({
  staticData: { pageTitle: 'Matches' },
  component: MatchRoute,
});

function MatchRoute() {
  const { isAuthenticated } = useAuth();
  return <MatchesScreen visitor={!isAuthenticated} />;
}
