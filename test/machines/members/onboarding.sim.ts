import { fromPromise } from 'xstate';
import type { Place } from '../../../contract/members/preferences';
import type { GeoLocation } from '../../../contract/members/profile';
import type { PlaceSearchInput, SaveStepInput, SkipStepInput } from '../../../machines/members/onboarding.machine';

/** A few places for the simulated search, around the seeded people. */
export const SIMULATED_PLACES: readonly Place[] = [
  { name: 'Mumbai', area: 'Maharashtra, India', latitude: 19.076, longitude: 72.8777 },
  { name: 'Mumbra', area: 'Maharashtra, India', latitude: 19.1765, longitude: 73.0215 },
  { name: 'Pune', area: 'Maharashtra, India', latitude: 18.5204, longitude: 73.8567 },
  { name: 'Panaji', area: 'Goa, India', latitude: 15.4909, longitude: 73.8278 },
];

/** Bandra, Mumbai: where the simulated browser says the member is. */
export const SIMULATED_POSITION: GeoLocation = { latitude: 19.0596, longitude: 72.8295 };

/**
 * The onboarding machine's actors without a server or a browser: every save
 * and skip is recorded and succeeds, the position is fixed and the place
 * search filters SIMULATED_PLACES by name. For tests and previews; the app
 * provides the HTTP ones (src/features/onboarding/onboarding-actors.ts).
 */
export function createSimulatedOnboardingActors(record: { saved: SaveStepInput[]; skipped: SkipStepInput[] } = { saved: [], skipped: [] }) {
  return {
    saveStep: fromPromise<void, SaveStepInput>(({ input }) => {
      record.saved.push(input);
      return Promise.resolve();
    }),
    skipStep: fromPromise<void, SkipStepInput>(({ input }) => {
      record.skipped.push(input);
      return Promise.resolve();
    }),
    locate: fromPromise<GeoLocation, void>(() => Promise.resolve(SIMULATED_POSITION)),
    searchPlaces: fromPromise<Place[], PlaceSearchInput>(({ input }) =>
      Promise.resolve(SIMULATED_PLACES.filter((place) => place.name.toLowerCase().startsWith(input.query.toLowerCase()))),
    ),
  };
}
