import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/video-call/{-$userId}')({
  component: VideoCallRoute,
});

function VideoCallRoute() {
  return <ScreenHeading title="Video Call" />;
}
