import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { ONBOARDING_STEPS, type OnboardingStep, type Place, type Preferences } from '../contract/preferences';
import type { GeoLocation } from '../contract/user';
import { actorNotProvided } from './actor-not-provided';

/** What a step's Continue saves (PATCH /user/me); the photos step saves nothing, its photos are uploaded as they are added. */
export interface StepChanges {
  bio?: string;
  interests?: string[];
  location?: GeoLocation;
  /** The typed-in place's name, shown on the profile; a browser position leaves the region as it was. */
  region?: string;
  preferences?: Preferences;
}

/** saveStep: the step's changes and the step to resume at next (null: the set-up is over). */
export interface SaveStepInput {
  step: OnboardingStep;
  changes: StepChanges;
  next: OnboardingStep | null;
}
/** skipStep: nothing but the step to resume at next (null: the set-up is over). */
export interface SkipStepInput {
  step: OnboardingStep;
  next: OnboardingStep | null;
}
export interface PlaceSearchInput {
  query: string;
}

/** Where the member said they are: the browser's position, or a place they typed and picked. */
export type ChosenLocation = { kind: 'position'; location: GeoLocation } | { kind: 'place'; location: GeoLocation; place: Place };

export interface OnboardingInput {
  /** The server's record of the set-up: where to resume, and whether it is over. */
  step: OnboardingStep;
  completed: boolean;
}

export interface OnboardingContext {
  /** The step the set-up opened at: the server's, or the first when it was completed before. */
  resumedAt: OnboardingStep;
  /** Why the last Continue or Skip did not go through, or what the step still needs. */
  error: string | null;
  chosen: ChosenLocation | null;
  locateError: string | null;
  placeQuery: string;
  places: Place[];
  placesError: string | null;
}

export type OnboardingEvent =
  /** Save the step (the screen passes what the member entered) and go on. */
  | { type: 'CONTINUE'; changes?: StepChanges }
  /** Go on without saving anything but the step. */
  | { type: 'SKIP' }
  | { type: 'BACK' }
  /** Ask the browser for the position (the browser asks the member's consent). */
  | { type: 'LOCATE' }
  | { type: 'TYPE_PLACE'; query: string }
  | { type: 'PICK_PLACE'; place: Place };

/** A place search starts once this many letters are typed (GET /places asks for 2). */
export const PLACE_QUERY_MIN = 2;
/** Shown when Continue is pressed on the location step with no place chosen. */
export const LOCATION_NEEDED_MESSAGE = 'Use your current location or pick your city first, or skip this step.';

const SAVE_FALLBACK = 'Failed to update profile';

function failureMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

/** The step after `step` in ONBOARDING_STEPS, or null after the last one. */
export function stepAfter(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1] ?? null;
}

function changesOf(event: OnboardingEvent): StepChanges {
  return event.type === 'CONTINUE' ? (event.changes ?? {}) : {};
}

function changesForLocation(chosen: ChosenLocation | null): StepChanges {
  if (!chosen) return {};
  return chosen.kind === 'place' ? { location: chosen.location, region: chosen.place.name } : { location: chosen.location };
}

export const onboardingMachine = setup({
  types: {
    input: {} as OnboardingInput,
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
  },
  actors: {
    saveStep: actorNotProvided<void, SaveStepInput>('onboarding machine', 'saveStep'),
    skipStep: actorNotProvided<void, SkipStepInput>('onboarding machine', 'skipStep'),
    locate: actorNotProvided<GeoLocation, void>('onboarding machine', 'locate'),
    searchPlaces: actorNotProvided<Place[], PlaceSearchInput>('onboarding machine', 'searchPlaces'),
  },
  actions: {
    /** Injected: the set-up is over, on to Discover (or the page that sent the member to sign up). */
    finish: () => {},
    forgetError: assign({ error: null }),
    rememberError: assign(({ event }) => ({ error: failureMessage((event as { error?: unknown }).error, SAVE_FALLBACK) })),
    explainLocationNeeded: assign({ error: LOCATION_NEEDED_MESSAGE }),
    startLocating: assign({ locateError: null, error: null }),
    choosePosition: assign(({ event }) => ({ chosen: { kind: 'position' as const, location: (event as unknown as { output: GeoLocation }).output } })),
    rememberLocateError: assign(({ event }) => ({
      locateError: failureMessage((event as { error?: unknown }).error, 'Your location could not be found. Please try again.'),
    })),
    rememberPlaceQuery: assign(({ event }) => {
      assertEvent(event, 'TYPE_PLACE');
      return { placeQuery: event.query, places: [], placesError: null };
    }),
    showPlaces: assign(({ event }) => ({ places: (event as unknown as { output: Place[] }).output, placesError: null })),
    rememberPlacesError: assign(({ event }) => ({ places: [], placesError: failureMessage((event as { error?: unknown }).error, 'Failed to find places') })),
    choosePlace: assign(({ event }) => {
      assertEvent(event, 'PICK_PLACE');
      const { place } = event;
      return { chosen: { kind: 'place' as const, place, location: { latitude: place.latitude, longitude: place.longitude } }, places: [], placeQuery: place.name, error: null };
    }),
  },
  guards: {
    resumesAt: ({ context }, params: { step: OnboardingStep }) => context.resumedAt === params.step,
    hasChosenLocation: ({ context }) => context.chosen !== null,
    placeQueryLongEnough: ({ context }) => context.placeQuery.trim().length >= PLACE_QUERY_MIN,
  },
  delays: {
    /** Typing pauses this long before the places are asked for, so a word is one request, not one per letter. */
    PLACE_SEARCH_DEBOUNCE: 300,
  },
}).createMachine({
  id: 'onboarding',
  description:
    'The guided set-up after registering: photos, a short bio, interests, location and who to meet, one step at a time. ' +
    'Continue saves the step and moves the server\'s resume point on; Skip moves it on without saving anything; Back returns ' +
    'to the step before. Continue or Skip on the last step marks the set-up completed, and the member goes on to Discover. ' +
    'A reload or another device resumes at the step the server holds.',
  context: ({ input }) => ({
    resumedAt: input.completed ? 'photos' : input.step,
    error: null,
    chosen: null,
    locateError: null,
    placeQuery: '',
    places: [],
    placesError: null,
  }),
  initial: 'resuming',
  states: {
    resuming: {
      description: 'Opens the step the server says to resume at (the first one when the set-up was completed before); never rests here.',
      always: [
        { guard: { type: 'resumesAt', params: { step: 'about' } }, target: 'about' },
        { guard: { type: 'resumesAt', params: { step: 'interests' } }, target: 'interests' },
        { guard: { type: 'resumesAt', params: { step: 'location' } }, target: 'location' },
        { guard: { type: 'resumesAt', params: { step: 'preferences' } }, target: 'preferences' },
        { target: 'photos' },
      ],
    },
    photos: {
      description: 'Step 1 of 5: add up to 6 photos (each is uploaded as it is added, outside this flow).',
      initial: 'editing',
      entry: 'forgetError',
      states: {
        editing: {
          on: { CONTINUE: 'saving', SKIP: 'skipping' },
        },
        saving: {
          description: 'PATCH /user/me moves the resume point to the next step.',
          entry: 'forgetError',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ event }) => ({ step: 'photos' as const, changes: changesOf(event), next: 'about' as const }),
            onDone: '#onboarding.about',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
        skipping: {
          description: 'PATCH /user/me with only the next step.',
          entry: 'forgetError',
          invoke: {
            id: 'skipStep',
            src: 'skipStep',
            input: { step: 'photos' as const, next: 'about' as const },
            onDone: '#onboarding.about',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
      },
    },
    about: {
      description: 'Step 2 of 5: a short bio.',
      initial: 'editing',
      entry: 'forgetError',
      states: {
        editing: {
          on: { CONTINUE: 'saving', SKIP: 'skipping', BACK: '#onboarding.photos' },
        },
        saving: {
          description: 'PATCH /user/me with the bio and the next step.',
          entry: 'forgetError',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ event }) => ({ step: 'about' as const, changes: changesOf(event), next: 'interests' as const }),
            onDone: '#onboarding.interests',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
        skipping: {
          description: 'PATCH /user/me with only the next step.',
          entry: 'forgetError',
          invoke: {
            id: 'skipStep',
            src: 'skipStep',
            input: { step: 'about' as const, next: 'interests' as const },
            onDone: '#onboarding.interests',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
      },
    },
    interests: {
      description: 'Step 3 of 5: interests, from suggested chips and the member\'s own.',
      initial: 'editing',
      entry: 'forgetError',
      states: {
        editing: {
          on: { CONTINUE: 'saving', SKIP: 'skipping', BACK: '#onboarding.about' },
        },
        saving: {
          description: 'PATCH /user/me with the interests and the next step.',
          entry: 'forgetError',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ event }) => ({ step: 'interests' as const, changes: changesOf(event), next: 'location' as const }),
            onDone: '#onboarding.location',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
        skipping: {
          description: 'PATCH /user/me with only the next step.',
          entry: 'forgetError',
          invoke: {
            id: 'skipStep',
            src: 'skipStep',
            input: { step: 'interests' as const, next: 'location' as const },
            onDone: '#onboarding.location',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
      },
    },
    location: {
      description:
        'Step 4 of 5: where the member is, from the browser\'s position (the browser asks for consent) or a city typed in ' +
        'and picked from GET /places suggestions.',
      initial: 'editing',
      entry: 'forgetError',
      states: {
        editing: {
          initial: 'idle',
          on: {
            LOCATE: { target: '.locating', actions: 'startLocating' },
            TYPE_PLACE: { target: '.typing', actions: 'rememberPlaceQuery' },
            PICK_PLACE: { target: '.idle', actions: 'choosePlace' },
            CONTINUE: [{ guard: 'hasChosenLocation', target: 'saving' }, { actions: 'explainLocationNeeded' }],
            SKIP: 'skipping',
            BACK: '#onboarding.interests',
          },
          states: {
            idle: {
              description: 'Waiting for the member: use the current location, or type a city.',
            },
            locating: {
              description: 'The browser is asked for its position.',
              invoke: {
                id: 'locate',
                src: 'locate',
                onDone: { target: 'idle', actions: 'choosePosition' },
                onError: { target: 'idle', actions: 'rememberLocateError' },
              },
            },
            typing: {
              description: 'The member is typing a city; the search waits for a pause.',
              after: { PLACE_SEARCH_DEBOUNCE: [{ guard: 'placeQueryLongEnough', target: 'searching' }, { target: 'idle' }] },
            },
            searching: {
              description: 'GET /places?q= for suggestions; typing again starts over.',
              invoke: {
                id: 'searchPlaces',
                src: 'searchPlaces',
                input: ({ context }) => ({ query: context.placeQuery.trim() }),
                onDone: { target: 'idle', actions: 'showPlaces' },
                onError: { target: 'idle', actions: 'rememberPlacesError' },
              },
            },
          },
        },
        saving: {
          description: 'PATCH /user/me with the location (and the typed place as the region) and the next step.',
          entry: 'forgetError',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ context }) => ({ step: 'location' as const, changes: changesForLocation(context.chosen), next: 'preferences' as const }),
            onDone: '#onboarding.preferences',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
        skipping: {
          description: 'PATCH /user/me with only the next step.',
          entry: 'forgetError',
          invoke: {
            id: 'skipStep',
            src: 'skipStep',
            input: { step: 'location' as const, next: 'preferences' as const },
            onDone: '#onboarding.preferences',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
      },
    },
    preferences: {
      description: 'Step 5 of 5: who to meet (show me, an age range, a distance or anywhere), pre-filled from the member\'s gender and age.',
      initial: 'editing',
      entry: 'forgetError',
      states: {
        editing: {
          on: { CONTINUE: 'saving', SKIP: 'skipping', BACK: '#onboarding.location' },
        },
        saving: {
          description: 'PATCH /user/me with the preferences, marking the set-up completed.',
          entry: 'forgetError',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ event }) => ({ step: 'preferences' as const, changes: changesOf(event), next: null }),
            onDone: '#onboarding.done',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
        skipping: {
          description: 'PATCH /user/me marking the set-up completed, with nothing else.',
          entry: 'forgetError',
          invoke: {
            id: 'skipStep',
            src: 'skipStep',
            input: { step: 'preferences' as const, next: null },
            onDone: '#onboarding.done',
            onError: { target: 'editing', actions: 'rememberError' },
          },
        },
      },
    },
    done: {
      description: 'The set-up is completed; the member goes on to Discover.',
      type: 'final',
      entry: 'finish',
    },
  },
});

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/** The step on screen. */
export function selectStep(snapshot: OnboardingSnapshot): OnboardingStep | 'done' {
  for (const step of ONBOARDING_STEPS) if (snapshot.matches(step)) return step;
  return 'done';
}

/** Continue or Skip is under way: the step's buttons wait. */
export const selectIsSaving = (snapshot: OnboardingSnapshot): boolean =>
  ONBOARDING_STEPS.some((step) => snapshot.matches({ [step]: 'saving' }) || snapshot.matches({ [step]: 'skipping' }));
export const selectIsLocating = (snapshot: OnboardingSnapshot): boolean => snapshot.matches({ location: { editing: 'locating' } });
export const selectIsSearchingPlaces = (snapshot: OnboardingSnapshot): boolean =>
  snapshot.matches({ location: { editing: 'typing' } }) || snapshot.matches({ location: { editing: 'searching' } });
