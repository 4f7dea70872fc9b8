import type { SessionRole } from '../../../machines/auth.machine';
import { optionalReturnPath } from '../../search-params';

function isAdminPath(path: string): boolean {
  return /^\/admin(?:[/?#]|$)/.test(path);
}

/**
 * Where a sign-in lands. Someone sent to Login from a page (a members-only
 * screen, a Like on a sample person) goes back to it; otherwise the SPEC's
 * places: / for a user, /admin for an admin. Each role returns only to pages
 * of its own area, so a user is never sent into the admin screens.
 */
export function pathAfterSignIn(role: SessionRole, returnTo: unknown): string {
  const path = optionalReturnPath(returnTo);
  if (role === 'admin') return path !== undefined && isAdminPath(path) ? path : '/admin';
  return path !== undefined && !isAdminPath(path) ? path : '/';
}
