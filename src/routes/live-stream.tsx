import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/live-stream')({
  component: LiveStreamRoute,
});

function LiveStreamRoute() {
  return <ScreenHeading title="Live Stream" />;
}
