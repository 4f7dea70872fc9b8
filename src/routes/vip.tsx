import { createFileRoute } from '@tanstack/react-router';
import { vipPlansQueryOptions } from '../api/store';
import { VipScreen } from '../features/store/VipScreen';

export const Route = createFileRoute('/vip')({
  staticData: { pageTitle: 'VIP' },
  // Started, not awaited: the screen shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(vipPlansQueryOptions());
  },
  component: VipScreen,
});
