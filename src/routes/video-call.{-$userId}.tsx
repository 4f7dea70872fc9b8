import { createFileRoute } from '@tanstack/react-router';
import { VideoCallScreen } from '../features/calls/VideoCallScreen';
import { optionalUuid, searchReader } from '../search-params';

const readVideoCallSearch = searchReader((search) => {
  return {
    /** The call this tab answers (from the incoming-call panel; a UUID its caller's browser made); without it the tab calls. */
    call: optionalUuid(search.call),
  };
});

export const Route = createFileRoute('/video-call/{-$userId}')({
  staticData: { pageTitle: 'Video call' },
  validateSearch: readVideoCallSearch,
  component: VideoCallRoute,
});

function VideoCallRoute() {
  const { userId } = Route.useParams();
  const { call } = Route.useSearch();
  // Another person or another call is a new screen: the call machine takes them as input once.
  return <VideoCallScreen key={`${userId ?? ''}/${call ?? ''}`} userId={userId} answerCallId={call} />;
}
