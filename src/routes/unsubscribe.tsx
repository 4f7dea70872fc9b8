import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribeScreen } from '../features/notifications/UnsubscribeScreen';

// The news email's "Stop them" link. The screen reads its token itself: a
// validateSearch here would sit in the route tree every page loads.
export const Route = createFileRoute('/unsubscribe')({
  staticData: { pageTitle: 'Email' },
  component: UnsubscribeScreen,
});
