import { createFileRoute } from '@tanstack/react-router';
import { RadarScreen } from '../features/radar/RadarScreen';

export const Route = createFileRoute('/radar')({
  component: RadarRoute,
});

function RadarRoute() {
  return <RadarScreen />;
}
