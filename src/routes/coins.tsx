import { createFileRoute } from '@tanstack/react-router';
import { coinPacksQueryOptions } from '../api/store';
import { CoinsScreen } from '../features/store/CoinsScreen';

export const Route = createFileRoute('/coins')({
  staticData: { pageTitle: 'Coins' },
  // Started, not awaited: the screen shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(coinPacksQueryOptions());
  },
  component: CoinsScreen,
});
