import { createFileRoute } from '@tanstack/react-router';
import { MatchesScreen } from '../features/matches/MatchesScreen';

export const Route = createFileRoute('/match')({
  component: MatchRoute,
});

function MatchRoute() {
  return <MatchesScreen />;
}
