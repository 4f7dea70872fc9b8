import { createFileRoute } from '@tanstack/react-router';
import { coinPacksQueryOptions, vipPlansQueryOptions } from '../api/store';
import { StoreScreen } from '../features/store/StoreScreen';

export const Route = createFileRoute('/store')({
  staticData: { pageTitle: 'Store' },
  // Started, not awaited: the screen shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(coinPacksQueryOptions());
    void context.queryClient.prefetchQuery(vipPlansQueryOptions());
  },
  component: StoreScreen,
});
