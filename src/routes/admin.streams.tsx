import { createFileRoute } from '@tanstack/react-router';
import { adminStreamsQueryOptions, type AdminStreamsParams } from '../api/live';
import { choiceDataReady } from '../lib/page-data';
import { optionalChoice, optionalInteger, searchReader } from '../search-params';
import { StreamsScreen } from '../features/admin/streams/StreamsScreen';

// Spelled out rather than imported: contract/live builds zod schemas, and
// validateSearch stays in the route tree that every page loads (issue 8).
const STREAM_STATES = ['live', 'all'] as const satisfies ReadonlyArray<AdminStreamsParams['state']>;

const readStreamsSearch = searchReader((search) => ({
  page: optionalInteger(search.page, 1),
  state: optionalChoice(search.state, STREAM_STATES),
}));

export const Route = createFileRoute('/admin/streams')({
  staticData: { pageTitle: 'Live streams' },
  validateSearch: readStreamsSearch,
  loaderDeps: ({ search }) => search,
  // The list the screen reads, with the same params: opening the page waits for it (see choiceDataReady).
  loader: ({ context, deps, cause }) => choiceDataReady(context.queryClient, cause, adminStreamsQueryOptions({ page: deps.page ?? 1, state: deps.state ?? 'live' })),
  component: StreamsRoute,
});

function StreamsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StreamsScreen
      params={{ page: search.page ?? 1, state: search.state ?? 'live' }}
      // Live is the usual view: its address stays /admin/streams.
      onParamsChange={(next) => void navigate({ search: { page: next.page > 1 ? next.page : undefined, state: next.state === 'live' ? undefined : next.state } })}
    />
  );
}
