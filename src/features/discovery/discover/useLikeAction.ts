import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResponse, LikeType } from '../../../../contract/discovery';
import { matchesQueryOptions, sendLike } from '../../../api/discovery';
import { conversationsQueryOptions } from '../../../api/messaging';
import { likeFailureMessage } from '../like-failure';
import { showMatchMoment, type MatchPerson } from '../match-moment/match-moment';

export interface LikeVariables {
  /** The person liked, as the card or profile shows them: the match moment shows their photo and name. */
  person: MatchPerson;
  type: LikeType;
}

/**
 * Liking from a card or a profile. A new match refreshes the matches list and
 * opens the match moment; a failure is an alert, as SPEC section 8 asks
 * ("Failed to like user").
 */
export function useLikeAction(alert: (message: string) => void = (message) => window.alert(message)) {
  const queryClient = useQueryClient();
  return useMutation<LikeResponse, Error, LikeVariables>({
    mutationFn: ({ person, type }) => sendLike(person.id, type),
    onSuccess: async (answer, { person }) => {
      if (!answer.match) return;
      showMatchMoment(person);
      // The new match is a new conversation too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: matchesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey }),
      ]);
    },
    onError: (error, { type }) => alert(likeFailureMessage(type, error)),
  });
}
