import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/spin')({
  component: SpinRoute,
});

function SpinRoute() {
  return <ScreenHeading title="Spin" />;
}
