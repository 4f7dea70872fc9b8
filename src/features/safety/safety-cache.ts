import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { matchesQueryOptions } from '../../api/matches';
import { safetyKeys } from '../../api/safety';
import { publicProfileQueryOptions } from '../../api/users';

// The roots of the lists in src/api/users.ts (their factories need filters, so
// the roots are spelled out here). Spin and Radar's scanner fetch through their
// machines on every visit and keep nothing in this cache.
const DISCOVER_ROOT = ['users', 'discover'] as const;
const RADAR_ROOT = ['users', 'radar'] as const;
/** The call screen's view of a person (callKeys.peer in src/api/calls.ts), spelled out so the profile does not load that module. */
const callPeerKey = (personId: string) => ['calls', 'peer', personId] as const;

/**
 * After a block: nothing cached may still show the person. Lists and their
 * profile are dropped, so the next screen loads afresh rather than flashing
 * them from the cache. The profile on screen (still mounted while its notice
 * shows) is only marked stale, so it does not refetch into a 404 under the member.
 */
export function forgetBlockedPerson(queryClient: QueryClient, personId: string): void {
  const keys: QueryKey[] = [
    DISCOVER_ROOT,
    RADAR_ROOT,
    matchesQueryOptions().queryKey,
    publicProfileQueryOptions(personId).queryKey,
    callPeerKey(personId),
  ];
  for (const queryKey of keys) {
    queryClient.removeQueries({ queryKey, type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
  void queryClient.invalidateQueries({ queryKey: safetyKeys.blocked() });
}

/** After an unblock: the person may show up again, so the discovery lists and their profile load afresh. */
export function rediscoverPerson(queryClient: QueryClient, personId: string): void {
  const keys: QueryKey[] = [DISCOVER_ROOT, RADAR_ROOT, publicProfileQueryOptions(personId).queryKey, callPeerKey(personId)];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
