import { createFileRoute, redirect } from '@tanstack/react-router';

/** SPEC links to /pricing; the plans live in the Home page's pricing section. */
export const Route = createFileRoute('/pricing')({
  beforeLoad: () => {
    throw redirect({ to: '/', hash: 'pricing', replace: true });
  },
});
