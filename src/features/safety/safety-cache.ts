import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { discoveryKeys } from '../../api/discovery';
import { safetyKeys } from '../../api/safety';
import { publicProfileQueryOptions } from '../../api/members';

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
    discoveryKeys.discoverAll(),
    discoveryKeys.radarAll(),
    discoveryKeys.spinAll(),
    discoveryKeys.matches(),
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
  const keys: QueryKey[] = [discoveryKeys.discoverAll(), discoveryKeys.radarAll(), discoveryKeys.spinAll(), publicProfileQueryOptions(personId).queryKey, callPeerKey(personId)];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
