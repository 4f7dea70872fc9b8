import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { ONBOARDING_STEPS, type OnboardingStep, type Place, type Preferences } from '../../contract/members/preferences';
import type { GeoLocation } from '../../contract/members/profile';
import { actorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

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

const onboardingSetup = setup({
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
    rememberError: assign(({ event }) => ({ error: errorMessage((event as { error?: unknown }).error, SAVE_FALLBACK) })),
    explainLocationNeeded: assign({ error: LOCATION_NEEDED_MESSAGE }),
    startLocating: assign({ locateError: null, error: null }),
    choosePosition: assign((_, location: GeoLocation) => ({ chosen: { kind: 'position' as const, location } })),
    rememberLocateError: assign(({ event }) => ({
      locateError: errorMessage((event as { error?: unknown }).error, 'Your location could not be found. Please try again.'),
    })),
    rememberPlaceQuery: assign(({ event }) => {
      assertEvent(event, 'TYPE_PLACE');
      return { placeQuery: event.query, places: [], placesError: null };
    }),
    showPlaces: assign((_, places: Place[]) => ({ places, placesError: null })),
    rememberPlacesError: assign(({ event }) => ({ places: [], placesError: errorMessage((event as { error?: unknown }).error, 'Failed to find places') })),
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
});

/** Any state of this machine: its actions, guards, actors and delays checked against the setup above. */
type OnboardingStateConfig = Parameters<typeof onboardingSetup.createStateConfig>[0];
type Transitions = NonNullable<OnboardingStateConfig['on']>;
/** A state without child states: every step's `saving` and `skipping`. */
type LeafStateConfig = Omit<OnboardingStateConfig, 'initial' | 'states'>;
/** What a step adds to its `editing` state; Continue, Skip and Back are stepStates' own. */
type EditingConfig = Omit<OnboardingStateConfig, 'on'> & { on?: Omit<Transitions, 'CONTINUE' | 'SKIP' | 'BACK'> };
/** What a step's Continue saves, worked out as `saving` starts (from the CONTINUE event, or the context). */
type ChangesOf = (args: { context: OnboardingContext; event: OnboardingEvent }) => StepChanges;

interface StepOptions<TEditing extends EditingConfig> {
  step: OnboardingStep;
  /** Where Continue and Skip go on to; null on the last step, whose Continue and Skip complete the set-up. */
  next: OnboardingStep | null;
  /** Where Back returns to; null on the first step, which has no Back. */
  back: OnboardingStep | null;
  description: string;
  /**
   * The `saving` state's description: what the step's PATCH carries. An object
   * with a `description`, like every description here, so the production build
   * strips it (scripts/lib/strip-machine-descriptions.ts removes static
   * `description:` properties only).
   */
  saving: { description?: string };
  /** The `skipping` state's description, likewise (the builder's own texts would be outside the machine config and kept). */
  skipping: { description?: string };
  /** The step's own part of `editing`: `{}` when it only waits for Continue, Skip or Back. */
  editing: TEditing;
  /** Continue, when it does more than start saving (default: `'saving'`). */
  continueTo?: Transitions['CONTINUE'];
  /** What Continue saves (default: the changes the screen sent with CONTINUE). */
  changes?: ChangesOf;
}

/** A step's states, with `editing` typed as given so the machine's state values stay exact. */
interface StepStateConfig<TEditing extends EditingConfig> extends Omit<OnboardingStateConfig, 'initial' | 'states'> {
  initial: 'editing';
  states: { editing: Omit<TEditing, 'on'> & { on: Transitions }; saving: LeafStateConfig; skipping: LeafStateConfig };
}

const changesFromEvent: ChangesOf = ({ event }) => changesOf(event);

/**
 * One step of the set-up: `editing` until Continue (`saving`, via saveStep) or Skip (`skipping`, via skipStep); either
 * goes on to `next` once the PATCH is done, or back to `editing` with the error when it fails. Back returns to `back`.
 */
function stepStates<const TEditing extends EditingConfig>({
  step,
  next,
  back,
  description,
  saving,
  skipping,
  editing,
  continueTo = 'saving',
  changes = changesFromEvent,
}: StepOptions<TEditing>): StepStateConfig<TEditing> {
  const onward = `#onboarding.${next ?? 'done'}` as const;
  const failed = { target: 'editing', actions: 'rememberError' } as const;
  return {
    description,
    initial: 'editing',
    entry: 'forgetError',
    states: {
      editing: {
        ...editing,
        on: {
          ...editing.on,
          CONTINUE: continueTo,
          SKIP: 'skipping',
          ...(back === null ? {} : { BACK: `#onboarding.${back}` as const }),
        },
      },
      saving: {
        description: saving.description,
        entry: 'forgetError',
        invoke: {
          id: 'saveStep',
          src: 'saveStep',
          input: ({ context, event }): SaveStepInput => ({ step, changes: changes({ context, event }), next }),
          onDone: onward,
          onError: failed,
        },
      },
      skipping: {
        description: skipping.description,
        entry: 'forgetError',
        invoke: {
          id: 'skipStep',
          src: 'skipStep',
          input: { step, next } satisfies SkipStepInput,
          onDone: onward,
          onError: failed,
        },
      },
    },
  };
}

export const onboardingMachine = onboardingSetup.createMachine({
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
    photos: stepStates({
      step: 'photos',
      next: 'about',
      back: null,
      description: 'Step 1 of 5: add up to 6 photos (each is uploaded as it is added, outside this flow).',
      saving: { description: 'PATCH /user/me moves the resume point to the next step.' },
      skipping: { description: 'PATCH /user/me with only the next step.' },
      editing: {},
    }),
    about: stepStates({
      step: 'about',
      next: 'interests',
      back: 'photos',
      description: 'Step 2 of 5: a short bio.',
      saving: { description: 'PATCH /user/me with the bio and the next step.' },
      skipping: { description: 'PATCH /user/me with only the next step.' },
      editing: {},
    }),
    interests: stepStates({
      step: 'interests',
      next: 'location',
      back: 'about',
      description: 'Step 3 of 5: interests, from suggested chips and the member\'s own.',
      saving: { description: 'PATCH /user/me with the interests and the next step.' },
      skipping: { description: 'PATCH /user/me with only the next step.' },
      editing: {},
    }),
    // The location step differs: while editing it finds the position or searches places, its Continue needs one of
    // them chosen first, and what it saves is that choice (from the context, not the CONTINUE event).
    location: stepStates({
      step: 'location',
      next: 'preferences',
      back: 'interests',
      description:
        'Step 4 of 5: where the member is, from the browser\'s position (the browser asks for consent) or a city typed in ' +
        'and picked from GET /places suggestions.',
      saving: { description: 'PATCH /user/me with the location (and the typed place as the region) and the next step.' },
      skipping: { description: 'PATCH /user/me with only the next step.' },
      editing: {
        initial: 'idle',
        on: {
          LOCATE: { target: '.locating', actions: 'startLocating' },
          TYPE_PLACE: { target: '.typing', actions: 'rememberPlaceQuery' },
          PICK_PLACE: { target: '.idle', actions: 'choosePlace' },
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
              onDone: { target: 'idle', actions: { type: 'choosePosition', params: ({ event }) => event.output } },
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
              onDone: { target: 'idle', actions: { type: 'showPlaces', params: ({ event }) => event.output } },
              onError: { target: 'idle', actions: 'rememberPlacesError' },
            },
          },
        },
      },
      continueTo: [{ guard: 'hasChosenLocation', target: 'saving' }, { actions: 'explainLocationNeeded' }],
      changes: ({ context }) => changesForLocation(context.chosen),
    }),
    preferences: stepStates({
      step: 'preferences',
      next: null,
      back: 'location',
      description: 'Step 5 of 5: who to meet (show me, an age range, a distance or anywhere), pre-filled from the member\'s gender and age.',
      saving: { description: 'PATCH /user/me with the preferences, marking the set-up completed.' },
      skipping: { description: 'PATCH /user/me marking the set-up completed, with nothing else.' },
      editing: {},
    }),
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
