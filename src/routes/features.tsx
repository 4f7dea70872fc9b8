import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/features')({
  component: FeaturesRoute,
});

function FeaturesRoute() {
  return <ScreenHeading title="Features" />;
}
