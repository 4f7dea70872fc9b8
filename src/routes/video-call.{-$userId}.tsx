import { createFileRoute } from '@tanstack/react-router';
import { VideoCallScreen } from '../features/calls/VideoCallScreen';
import { optionalText, searchReader } from '../search-params';

/** A call id is a UUID made by the caller's browser. */
const CALL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const readVideoCallSearch = searchReader((search) => {
  const call = optionalText(search.call, 36, 36);
  return {
    /** The call this tab answers (from the incoming-call panel); without it the tab calls. */
    call: call && CALL_ID.test(call) ? call : undefined,
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
