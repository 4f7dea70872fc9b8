import { createFileRoute } from '@tanstack/react-router';
import { VideoCallScreen } from '../features/video-call/VideoCallScreen';

export const Route = createFileRoute('/video-call/{-$userId}')({
  staticData: { pageTitle: 'Video call' },
  component: VideoCallRoute,
});

function VideoCallRoute() {
  const { userId } = Route.useParams();
  // Calling someone else is a new call.
  return <VideoCallScreen key={userId ?? ''} userId={userId} />;
}
