import { createFileRoute } from '@tanstack/react-router';
import { liveStreamQueryOptions } from '../api/live';
import { LiveWatchScreen } from '../features/live/watch/LiveWatchScreen';
import { pageDataReady } from '../lib/page-data';

export const Route = createFileRoute('/live/$streamId')({
  staticData: { pageTitle: 'Watch live' },
  // The page opens with the stream's title and host. Only this one small GET is waited for: a member's page asks to
  // watch as soon as it renders (the picture is due within 2 s). A missing stream still shows the screen's own 'not found'.
  loader: ({ context, params }) => pageDataReady(context.queryClient.ensureQueryData(liveStreamQueryOptions(params.streamId))),
  component: LiveWatchRoute,
});

function LiveWatchRoute() {
  const { streamId } = Route.useParams();
  // Another stream is a new screen: the viewer machine takes its stream as input once.
  return <LiveWatchScreen key={streamId} streamId={streamId} />;
}
