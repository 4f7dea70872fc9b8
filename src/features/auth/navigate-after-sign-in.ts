import type { QueryClient } from '@tanstack/react-query';
import type { SessionRole } from '../../../machines/auth/auth.machine';
import { currentUserQueryOptions } from '../../api/members';
import { memberKeys } from '../../api/member-keys';
import type { RegisteredRouter } from '@tanstack/react-router';
import { optionalReturnPath } from '../../search-params';
import { pathAfterMemberSignIn, pathAfterRegistering, pathAfterSignIn } from './path-after-sign-in';

/**
 * Where a sign-in leads: a new account into the guided set-up; a member with
 * no page to go back to, who has not finished the set-up, back into it; everyone
 * else back where they came from (or home). Loaded when someone signs in, so a
 * visitor's first page does not carry it.
 */
export function navigateAfterSignIn(router: RegisteredRouter, queryClient: QueryClient, params: { role: SessionRole; newAccount: boolean }): void {
  // Whatever was read for the account before belongs to the session that ended.
  queryClient.removeQueries({ queryKey: memberKeys.me() });
  const search: Record<string, unknown> = router.state.location.search;
  if (params.newAccount) {
    void router.navigate({ href: pathAfterRegistering(search.redirect) });
    return;
  }
  if (params.role !== 'user' || optionalReturnPath(search.redirect) !== undefined) {
    void router.navigate({ href: pathAfterSignIn(params.role, search.redirect) });
    return;
  }
  // Only if they are still where they signed in by the time the account has been read.
  const signedInAt = router.state.location.href;
  void queryClient
    .fetchQuery(currentUserQueryOptions())
    .catch(() => undefined)
    .then((user) => {
      if (router.state.location.href === signedInAt) void router.navigate({ href: pathAfterMemberSignIn(user, search.redirect) });
    });
}
