import { createFileRoute } from '@tanstack/react-router';
import { coinPacksQueryOptions } from '../api/store';
import { CoinsScreen } from '../features/store/CoinsScreen';
import { readCheckoutReturnSearch } from '../search-params';

export const Route = createFileRoute('/coins')({
  staticData: { pageTitle: 'Coins' },
  validateSearch: readCheckoutReturnSearch,
  // Started, not awaited: the screen shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(coinPacksQueryOptions());
  },
  component: CoinsRoute,
});

function CoinsRoute() {
  const { purchase, checkout } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CoinsScreen
      checkoutReturn={purchase ? { purchaseId: purchase, outcome: checkout === 'cancelled' ? 'cancelled' : 'returned' } : null}
      // Once the buyer has read how it ended, a reload must not confirm it again.
      onCheckoutReturnDone={() => void navigate({ search: {}, replace: true })}
    />
  );
}
