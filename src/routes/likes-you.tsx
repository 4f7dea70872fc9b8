import { createFileRoute } from '@tanstack/react-router';
import { likesYouQueryOptions } from '../api/likes-you';
import { useAuth } from '../features/auth/AuthProvider';
import { LikesYouScreen } from '../features/discovery/likes-you/LikesYouScreen';
import { pageDataReady } from '../lib/page-data';

export const Route = createFileRoute('/likes-you')({
  staticData: { pageTitle: 'Likes You' },
  // A member's page opens with the answer read; a visitor is asked to sign in by the screen.
  loader: ({ context: { auth, queryClient } }) => (auth.isSignedIn() ? pageDataReady(queryClient.ensureInfiniteQueryData(likesYouQueryOptions())) : undefined),
  component: LikesYouRoute,
});

function LikesYouRoute() {
  const { isAuthenticated } = useAuth();
  return <LikesYouScreen visitor={!isAuthenticated} />;
}
