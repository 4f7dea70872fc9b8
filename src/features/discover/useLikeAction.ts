import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResponse, LikeType } from '../../../contract/discovery';
import { matchesQueryOptions } from '../../api/matches';
import { decisionFailureMessage, sendLike } from '../../api/users';

/**
 * Liking from a card or a profile. A new match refreshes the matches list;
 * a failure is an alert, as SPEC section 8 asks ("Failed to like user").
 */
export function useLikeAction(alert: (message: string) => void = (message) => window.alert(message)) {
  const queryClient = useQueryClient();
  return useMutation<LikeResponse, Error, { targetId: string; type: LikeType }>({
    mutationFn: ({ targetId, type }) => sendLike(targetId, type),
    onSuccess: async (answer) => {
      if (answer.match) await queryClient.invalidateQueries({ queryKey: matchesQueryOptions().queryKey });
    },
    onError: (_error, { type }) => alert(decisionFailureMessage(type)),
  });
}
