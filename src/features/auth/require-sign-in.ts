import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from '../../router-context';

/** beforeLoad of a page that belongs to an account (a profile, Settings): without a session, sign in first and come back. */
export function requireSignIn({ context, location }: { context: RouterContext; location: ParsedLocation }): void {
  if (!context.auth.isSignedIn()) throw redirect({ to: '/login', search: { redirect: location.href } });
}
