import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/users')({
  component: DiscoverRoute,
});

function DiscoverRoute() {
  return <ScreenHeading title="Discover" />;
}
