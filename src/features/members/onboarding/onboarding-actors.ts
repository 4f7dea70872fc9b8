import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { Place } from '../../../../contract/members/preferences';
import type { GeoLocation, UpdateProfileBody } from '../../../../contract/members/profile';
import type { PlaceSearchInput, SaveStepInput, SkipStepInput } from '../../../../machines/members/onboarding.machine';
import { currentUserQueryOptions, updateMyProfile } from '../../../api/members';
import { placesQueryOptions } from '../../../api/places';
import { currentPosition } from '../profile/geolocation';

/** Where the server should resume: the next step, or the set-up is over. */
function progressOf(next: SaveStepInput['next']): UpdateProfileBody {
  return next === null ? { onboardingCompleted: true } : { onboardingStep: next };
}

/**
 * The real (HTTP and browser) implementations of the onboarding machine's
 * actors. Every save answers with the account, which replaces ['me'] in the
 * query cache, so the rest of the app sees the new bio, interests and step at once.
 */
export function createOnboardingActors(queryClient: QueryClient, locate: () => Promise<GeoLocation> = currentPosition) {
  const save = async (body: UpdateProfileBody) => {
    const user = await updateMyProfile(body);
    queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  };
  return {
    saveStep: fromPromise<void, SaveStepInput>(({ input }) => save({ ...input.changes, ...progressOf(input.next) })),
    skipStep: fromPromise<void, SkipStepInput>(({ input }) => save(progressOf(input.next))),
    locate: fromPromise<GeoLocation, void>(() => locate()),
    searchPlaces: fromPromise<Place[], PlaceSearchInput>(({ input }) => queryClient.fetchQuery(placesQueryOptions(input.query))),
  };
}
