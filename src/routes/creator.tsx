import { createFileRoute } from '@tanstack/react-router';
import { creatorStatusQueryOptions } from '../api/creators';
import { requireSignIn } from '../features/auth/require-sign-in';
import { CreatorEarningsScreen } from '../features/creators/CreatorEarningsScreen';
import { pageDataReady } from '../lib/page-data';

export const Route = createFileRoute('/creator')({
  staticData: { pageTitle: 'Creator earnings' },
  // A member's own earnings: without a token, sign in first.
  beforeLoad: requireSignIn,
  loader: ({ context: { queryClient } }) => pageDataReady(queryClient.ensureQueryData(creatorStatusQueryOptions())),
  component: CreatorEarningsScreen,
});
