import { createFileRoute, redirect } from '@tanstack/react-router';

/** SPEC section 2 links to /messaging; the screen lives at /messages. */
export const Route = createFileRoute('/messaging')({
  beforeLoad: () => {
    throw redirect({ to: '/messages', replace: true });
  },
});
