import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/radar')({
  component: RadarRoute,
});

function RadarRoute() {
  return <ScreenHeading title="Radar" />;
}
