import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '../../contract/members/preferences';
import { discoveryKeys } from './discovery';
import { currentUserQueryOptions, updateMyProfile } from './members';

/**
 * Saves who the member wants to meet (Settings, or Discover's filters): the
 * account takes the answer, and the lists that depend on the preferences
 * (Discover, Spin, the radar) are fetched again.
 */
export function useSavePreferences(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: Preferences) => updateMyProfile({ preferences }),
    onSuccess: (saved) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, saved);
      for (const queryKey of [discoveryKeys.discoverAll(), discoveryKeys.spinAll(), discoveryKeys.radarAll()]) void queryClient.invalidateQueries({ queryKey });
      onSaved?.();
    },
  });
}
