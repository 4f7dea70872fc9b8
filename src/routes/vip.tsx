import { createFileRoute } from '@tanstack/react-router';
import { vipPlansQueryOptions } from '../api/store';
import { VipScreen } from '../features/store/VipScreen';
import { readCheckoutReturnSearch } from '../search-params';

export const Route = createFileRoute('/vip')({
  staticData: { pageTitle: 'VIP' },
  validateSearch: readCheckoutReturnSearch,
  // Started, not awaited: the screen shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(vipPlansQueryOptions());
  },
  component: VipRoute,
});

function VipRoute() {
  const { purchase, checkout } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <VipScreen
      checkoutReturn={purchase ? { purchaseId: purchase, outcome: checkout === 'cancelled' ? 'cancelled' : 'returned' } : null}
      // Once the buyer has read how it ended, a reload must not confirm it again.
      onCheckoutReturnDone={() => void navigate({ search: {}, replace: true })}
    />
  );
}
