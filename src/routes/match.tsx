import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/match')({
  component: MatchRoute,
});

function MatchRoute() {
  return <ScreenHeading title="Find Your Match" />;
}
