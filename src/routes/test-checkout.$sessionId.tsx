import { createFileRoute } from '@tanstack/react-router';
import { testCheckoutQueryOptions } from '../api/test-checkout';
import { requireSignIn } from '../features/auth/require-sign-in';
import { TestCheckoutScreen } from '../features/store/TestCheckoutScreen';
import { pageDataReady } from '../lib/page-data';

// The local payment provider's checkout (PAYMENTS_PROVIDER=local): only the member who started it can open it.
export const Route = createFileRoute('/test-checkout/$sessionId')({
  staticData: { pageTitle: 'Test checkout' },
  beforeLoad: requireSignIn,
  // The page opens with the checkout in it; a missing one still shows the screen's own 'not found'.
  loader: ({ context, params }) => pageDataReady(context.queryClient.ensureQueryData(testCheckoutQueryOptions(params.sessionId))),
  component: TestCheckoutRoute,
});

function TestCheckoutRoute() {
  const { sessionId } = Route.useParams();
  // Another checkout is another page: nothing carries over between sessions.
  return <TestCheckoutScreen key={sessionId} sessionId={sessionId} />;
}
