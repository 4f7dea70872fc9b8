import { createFileRoute } from '@tanstack/react-router';
import { liveStreamQueryOptions } from '../api/live';
import { LiveWatchScreen } from '../features/live-watch/LiveWatchScreen';

export const Route = createFileRoute('/live/$streamId')({
  staticData: { pageTitle: 'Watch live' },
  // Started, not awaited: a member's page asks to watch at once, beside this (the picture is due within 2 s);
  // a missing stream shows the screen's own 'not found'.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(liveStreamQueryOptions(params.streamId));
  },
  component: LiveWatchRoute,
});

function LiveWatchRoute() {
  const { streamId } = Route.useParams();
  // Another stream is a new screen: the viewer machine takes its stream as input once.
  return <LiveWatchScreen key={streamId} streamId={streamId} />;
}
