import { useMemo } from 'react';
import { useRouterState } from '@tanstack/react-router';

/**
 * The search for a Login or Sign Up link that brings the person back to the
 * page they are on once signed in (read by pathAfterSignIn). It keeps its
 * identity while the page stays, so callbacks built on it do too.
 */
export function useReturnHere(): { redirect: string } {
  const href = useRouterState({ select: (state) => state.location.href });
  return useMemo(() => ({ redirect: href }), [href]);
}
