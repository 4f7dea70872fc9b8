import type { SessionRole } from '../../../machines/auth/auth.machine';
import type { User } from '../../../contract/members/profile';
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

/** The guided set-up (issue 35). */
export const ONBOARDING_PATH = '/onboarding';

/**
 * Where registering lands: the set-up, which then goes on to the page that
 * sent the person to sign up (its `redirect`), or to Discover.
 */
export function pathAfterRegistering(returnTo: unknown): string {
  const path = optionalReturnPath(returnTo);
  return path !== undefined && !isAdminPath(path) ? `${ONBOARDING_PATH}?redirect=${encodeURIComponent(path)}` : ONBOARDING_PATH;
}

/**
 * A member who signs in without a page to return to, and has not finished
 * the set-up, is offered it again (it has its own way out); everyone else
 * goes where pathAfterSignIn says.
 */
export function pathAfterMemberSignIn(user: Pick<User, 'role' | 'onboarding'> | undefined, returnTo: unknown): string {
  const path = pathAfterSignIn('user', returnTo);
  if (path !== '/' || optionalReturnPath(returnTo) !== undefined) return path;
  return user && user.role === 'user' && !user.onboarding.completed ? ONBOARDING_PATH : path;
}
