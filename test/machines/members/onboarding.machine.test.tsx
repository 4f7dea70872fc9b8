import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor as waitForActor, type AnyEventObject } from 'xstate';
import { DEFAULT_PREFERENCES, ONBOARDING_STEPS, type OnboardingStep, type Place } from '../../../contract/members/preferences';
import type { User } from '../../../contract/members/profile';
import {
  LOCATION_NEEDED_MESSAGE,
  onboardingMachine,
  PLACE_QUERY_MIN,
  selectStep,
  stepAfter,
  type OnboardingInput,
  type OnboardingSnapshot,
  type SaveStepInput,
  type SkipStepInput,
  type StepChanges,
} from '../../../machines/members/onboarding.machine';
import { createSimulatedOnboardingActors, SIMULATED_PLACES, SIMULATED_POSITION } from './onboarding.sim';
import { OnboardingScreen } from '../../../src/features/members/onboarding/OnboardingScreen';
import type { AppRouter } from '../../../src/router';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type MachineModel, type ModelPath, type Mounted, type MountArgs, type StepContext } from '../../support/model';
import { actorCatcher, renderScreen } from '../../src/features/discovery/discover/render-screen';
import { me, signInAsUser } from '../../src/features/discovery/discover/fixtures';
import { json, mockApi } from '../../src/support/render-app';

// Real screens render here; on a busy machine a render can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => signInAsUser());
afterEach(() => localStorage.clear());

/** A new member: female, 28, with a bio and interests from registering, nothing chosen yet. */
function member(onboarding: User['onboarding']): User {
  return me({ gender: 'female', age: 28, bio: 'Coffee and long walks.', interests: ['Coffee', 'Travel'], region: '', preferences: DEFAULT_PREFERENCES, onboarding });
}

/** What the member sees first on each step; the spec of the set-up, not read from the screen's code. */
const TITLES: Record<OnboardingStep, string> = {
  photos: 'Add your photos',
  about: 'About you',
  interests: 'Your interests',
  location: 'Where are you?',
  preferences: 'Who would you like to meet?',
};
/** What each step's Continue saves, given the screen's defaults for this member. */
function expectedChanges(step: OnboardingStep, snapshot: OnboardingSnapshot): StepChanges {
  switch (step) {
    case 'photos':
      return {};
    case 'about':
      return { bio: 'Coffee and long walks.' };
    case 'interests':
      return { interests: ['Coffee', 'Travel'] };
    case 'location': {
      const { chosen } = snapshot.context;
      if (!chosen) throw new Error('saving a location with none chosen');
      return chosen.kind === 'place' ? { location: chosen.location, region: chosen.place.name } : { location: chosen.location };
    }
    case 'preferences':
      // Pre-filled from her gender and age: men, 23 to 33, anywhere.
      return { preferences: { showMe: 'men', minAge: 23, maxAge: 33, maxDistanceKm: null } };
  }
}

const MUMBAI = SIMULATED_PLACES[0] as Place;
const SAVE_FAILED = 'Failed to update profile';

const saveEvents = {
  'xstate.done.actor.saveStep': [doneEvent('saveStep', undefined)],
  'xstate.error.actor.saveStep': [errorEvent('saveStep', new Error(SAVE_FAILED))],
  'xstate.done.actor.skipStep': [doneEvent('skipStep', undefined)],
  'xstate.error.actor.skipStep': [errorEvent('skipStep', new Error(SAVE_FAILED))],
};
const located = { 'xstate.done.actor.locate': [doneEvent('locate', SIMULATED_POSITION)] };

/*
 * The models walked on the real screen keep their paths few: each takes every transition of the machine once
 * rather than every way of combining them (the machine-only simple paths further down do that).
 */

// Each step but location on its own, opened where the server says to resume: Continue and Skip that succeed
// and fail, Continue, Skip and Back again after a failure, and Back. Leaving the step ends a walk.
const stepModels = (['photos', 'about', 'interests', 'preferences'] as const).map((step) => {
  const input = { step, completed: false } satisfies OnboardingInput;
  const model = createModel(onboardingMachine, {
    input,
    events: saveEvents,
    stateKey: (snapshot) => JSON.stringify({ value: snapshot.value, error: snapshot.context.error }),
    filterEvents: (snapshot) => snapshot.matches(step),
  });
  return { input, model };
});

// The location step on its own: the browser's position (given or refused, Continue while it is asked),
// typing a city (too short, found, nothing found, search failed, typed again while searching), picking it,
// Continue with nothing chosen, with the position and with the place (the save failing or going through,
// then Back from the next step to find the choice kept), and Skip and Back. Each choice starts from the
// empty step; the key leaves out the error, so a walk ends where a failure returns to editing.
const locationInput = { step: 'location', completed: false } satisfies OnboardingInput;
const locationModel = createModel(onboardingMachine, {
  input: locationInput,
  events: {
    ...saveEvents,
    ...located,
    'xstate.error.actor.locate': [errorEvent('locate', new Error('Location permission was denied.'))],
    TYPE_PLACE: [
      { type: 'TYPE_PLACE', query: 'Mu' },
      { type: 'TYPE_PLACE', query: 'M' },
    ],
    PICK_PLACE: [{ type: 'PICK_PLACE', place: MUMBAI }],
    'xstate.done.actor.searchPlaces': [doneEvent('searchPlaces', SIMULATED_PLACES.slice(0, 2)), doneEvent('searchPlaces', [])],
    'xstate.error.actor.searchPlaces': [errorEvent('searchPlaces', new Error('Failed to find places'))],
  },
  stateKey: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      chosen: snapshot.context.chosen?.kind ?? null,
      searchable: snapshot.context.placeQuery.trim().length >= PLACE_QUERY_MIN,
      places: snapshot.context.places.length > 0,
    }),
  filterEvents: (snapshot, event) => {
    if (snapshot.matches('preferences')) return event.type === 'BACK';
    if (!snapshot.matches('location')) return false;
    const { chosen, places, placeQuery } = snapshot.context;
    const untouched = snapshot.matches({ location: { editing: 'idle' } }) && chosen === null && placeQuery === '';
    switch (event.type) {
      case 'LOCATE':
      case 'SKIP':
      case 'BACK':
        return untouched;
      case 'TYPE_PLACE':
        // The screen's box changes as the member types: from empty, or shortened while the search runs.
        return untouched || (snapshot.matches({ location: { editing: 'searching' } }) && (event as { query?: string }).query === 'M');
      case 'PICK_PLACE':
        // A picked place is one of the suggestions shown.
        return places.length > 0;
      case 'CONTINUE':
        return untouched || chosen !== null || snapshot.matches({ location: { editing: 'locating' } });
      default:
        return true;
    }
  },
});

// The whole set-up in one go on the screen: Continue on every step (the position for the location) to the end.
const journeyModel = createModel(onboardingMachine, {
  input: { step: 'photos', completed: false },
  events: { ...saveEvents, ...located },
  stateKey: (snapshot) => JSON.stringify({ value: snapshot.value, chosen: snapshot.context.chosen !== null }),
  filterEvents: (snapshot, event) => {
    if (event.type === 'LOCATE') return snapshot.matches({ location: { editing: 'idle' } }) && snapshot.context.chosen === null;
    if (event.type === 'CONTINUE') return !snapshot.matches('location') || snapshot.context.chosen !== null;
    return ['xstate.done.actor.saveStep', 'xstate.done.actor.locate'].includes(event.type);
  },
});

/** Opening the set-up where the server says: each resume point, and a finished set-up started again. */
const resumeModels = (
  [
    { step: 'about', completed: false },
    { step: 'interests', completed: false },
    { step: 'preferences', completed: false },
    { step: 'preferences', completed: true },
  ] satisfies OnboardingInput[]
).map((input) => ({ input, model: createModel(onboardingMachine, { input, filterEvents: () => false }) }));

interface Harness {
  router?: AppRouter;
}

async function mountOnboarding({ machine, clock, inspect }: MountArgs<typeof onboardingMachine>, input: OnboardingInput, harness: Harness): Promise<Mounted> {
  const user = member({ step: input.step, completed: input.completed });
  mockApi({
    'GET /api/config/public': () => json(200, { success: true, data: { config: {} } }),
    'GET /api/user/me': () => json(200, { user }),
    'GET /api/user/me/photos': () => json(200, { photos: [], user }),
  });
  const catcher = actorCatcher();
  const view = await renderScreen(() => <OnboardingScreen overrides={{ machine, clock, inspect, onActor: catcher.onActor }} />, { path: '/onboarding' });
  harness.router = view.router as unknown as AppRouter;
  await waitFor(() => expect(() => catcher.actor).not.toThrow());
  return { actor: catcher.actor, unmount: () => view.unmount() };
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

function perform(event: AnyEventObject): void {
  switch (event.type) {
    case 'CONTINUE':
      click(/^(Continue|Finish)$/);
      return;
    case 'SKIP':
      click('Skip');
      return;
    case 'BACK':
      click('Back');
      return;
    case 'LOCATE':
      click('Use my current location');
      return;
    case 'TYPE_PLACE':
      fireEvent.change(screen.getByLabelText('City'), { target: { value: (event as unknown as { query: string }).query } });
      return;
    case 'PICK_PLACE': {
      const { place } = event as unknown as { place: Place };
      fireEvent.click(within(screen.getByRole('list', { name: 'Suggested places' })).getByRole('button', { name: `${place.name}, ${place.area}` }));
      return;
    }
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

async function expectScreenFor(expected: OnboardingSnapshot, context: StepContext<typeof onboardingMachine>, harness: Harness) {
  const actual = context.actor.getSnapshot() as OnboardingSnapshot;
  const step = selectStep(expected);
  // Back opens the step before, a save or skip that went through the step after: the set-up's order, not the machine's.
  const previous = context.path.steps[context.stepIndex - 1];
  const via = context.path.steps[context.stepIndex]?.event.type;
  const from = previous && selectStep(previous.state);
  if (from && from !== 'done') {
    if (via === 'BACK') expect(step).toBe(ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(from) - 1]);
    if (via === 'xstate.done.actor.saveStep' || via === 'xstate.done.actor.skipStep') expect(step).toBe(stepAfter(from) ?? 'done');
  }
  await waitFor(() => {
    if (step === 'done') {
      expect(screen.getByRole('heading', { level: 1, name: 'You are all set' })).toBeInTheDocument();
      expect(harness.router?.state.location.pathname).toBe('/users');
      return;
    }
    const index = ONBOARDING_STEPS.indexOf(step);
    const heading = screen.getByRole('heading', { level: 1, name: TITLES[step] });
    expect(heading).toHaveAccessibleDescription(`Step ${index + 1} of ${ONBOARDING_STEPS.length}`);
    expect(screen.queryByRole('button', { name: 'Back' }) !== null).toBe(index > 0);
    const saving = ONBOARDING_STEPS.some((name) => expected.matches({ [name]: 'saving' }));
    const skipping = ONBOARDING_STEPS.some((name) => expected.matches({ [name]: 'skipping' }));
    if (saving) expect(screen.getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-busy', 'true');
    else if (skipping) expect(screen.getByRole('button', { name: 'Skipping...' })).toHaveAttribute('aria-busy', 'true');
    else {
      expect(screen.getByRole('button', { name: index === ONBOARDING_STEPS.length - 1 ? 'Finish' : 'Continue' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Skip' })).toBeEnabled();
    }
    // The step's own trouble is an alert: a failed save, or Continue on the location step with nothing chosen.
    const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
    if (actual.context.error) expect(alerts).toContain(actual.context.error);
    else expect(alerts).not.toContain(SAVE_FAILED);
    if (step === 'location') {
      const { chosen, places, locateError, placesError } = actual.context;
      expect(screen.queryByRole('button', { name: 'Finding you...' }) !== null).toBe(expected.matches({ location: { editing: 'locating' } }));
      expect(screen.queryByText('Location set') !== null).toBe(chosen !== null);
      if (chosen?.kind === 'place') expect(screen.getByText(`${chosen.place.name}, ${chosen.place.area}`)).toBeInTheDocument();
      const suggestions = screen.queryByRole('list', { name: 'Suggested places' });
      expect(suggestions ? within(suggestions).getAllByRole('listitem').length : 0).toBe(places.length);
      if (locateError) expect(alerts).toContain(locateError);
      if (placesError) expect(alerts).toContain(placesError);
      expect(screen.getByLabelText('City')).toHaveValue(actual.context.placeQuery);
    }
  });
  const last = context.invocations.at(-1);
  if (step !== 'done' && ONBOARDING_STEPS.some((name) => expected.matches({ [name]: 'saving' }))) {
    expect(last).toMatchObject({ src: 'saveStep', input: { step, next: stepAfter(step), changes: expectedChanges(step, actual) } satisfies SaveStepInput });
  }
  if (step !== 'done' && ONBOARDING_STEPS.some((name) => expected.matches({ [name]: 'skipping' }))) {
    expect(last).toMatchObject({ src: 'skipStep', input: { step, next: stepAfter(step) } satisfies SkipStepInput });
  }
  if (expected.matches({ location: { editing: 'searching' } })) {
    expect(last).toMatchObject({ src: 'searchPlaces', input: { query: actual.context.placeQuery.trim() } });
  }
}

function walk(model: MachineModel<typeof onboardingMachine>, input: OnboardingInput, path: ModelPath<typeof onboardingMachine>) {
  const harness: Harness = {};
  return model.replay(path, {
    mount: (args) => mountOnboarding(args, input, harness),
    executeEvent: (event) => perform(event),
    assertState: (expected, context) => expectScreenFor(expected, context, harness),
  });
}

printCoverageAfterAll();

for (const { input, model } of stepModels) {
  describe(`onboarding on the real screen, every shortest path of the ${input.step} step`, () => {
    const paths = model.shortestPaths();
    it('has paths to walk', () => expect(paths.length).toBeGreaterThanOrEqual(input.step === 'photos' ? 5 : 7));
    for (const path of paths) it(path.description, () => walk(model, input, path));
  });
}

describe('onboarding on the real screen, every shortest path of the location step', () => {
  const paths = locationModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(locationModel, locationInput, path));
});

describe('onboarding on the real screen, the whole set-up', () => {
  const [path, ...others] = journeyModel.shortestPaths();
  it('is one walk to the end', () => {
    expect(others).toEqual([]);
    expect(path?.steps.at(-1)?.state.matches('done')).toBe(true);
  });
  if (path) it(path.description, () => walk(journeyModel, { step: 'photos', completed: false }, path));
});

describe('onboarding on the real screen, resuming where the server says', () => {
  for (const { input, model } of resumeModels) {
    const [path] = model.shortestPaths();
    it(`opens ${input.completed ? 'the first step when the set-up was completed' : `at ${input.step}`}`, () => {
      if (!path) throw new Error('no start path');
      return walk(model, input, path);
    });
  }
});

// Counted here, before the machine-only walks below add to it: the screen walks alone took every transition.
describe('onboarding machine coverage on the real screen', () => {
  it('entered every state and took every transition', () => {
    const coverage = locationModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

// Every simple path of the flow without Back (whose loops multiply them) and without the location
// step's own choices, on the machine alone: thousands of walks, each a few milliseconds.
const simpleFlowModel = createModel(onboardingMachine, {
  input: { step: 'photos', completed: false },
  events: { ...saveEvents, ...located },
  stateKey: (snapshot) => JSON.stringify({ value: snapshot.value, error: snapshot.context.error, chosen: snapshot.context.chosen !== null }),
  filterEvents: (snapshot, event) =>
    !['TYPE_PLACE', 'PICK_PLACE', 'BACK', 'xstate.error.actor.locate', 'xstate.error.actor.skipStep'].includes(event.type) &&
    !(event.type === 'LOCATE' && snapshot.context.chosen !== null),
});

describe('onboarding machine, every simple path of the flow', () => {
  it('walks them all and saves each step it passed with the right resume point', async () => {
    const paths = simpleFlowModel.simplePaths();
    expect(paths.length).toBeGreaterThan(500);
    for (const path of paths) {
      await simpleFlowModel.replay(path, {
        assertState: (expected, { invocations }) => {
          // Every save or skip names the step after it, and the last one ends the set-up.
          for (const { input } of invocations) {
            if (typeof input === 'object' && input !== null && 'step' in input) {
              const { step, next } = input as SkipStepInput;
              expect(next).toBe(stepAfter(step));
            }
          }
          if (expected.matches('done')) expect(invocations.at(-1)?.input).toMatchObject({ step: 'preferences', next: null });
        },
      });
    }
  }, 30_000);
});

describe('onboarding machine, targeted', () => {
  function live(input: OnboardingInput) {
    const record = { saved: [] as SaveStepInput[], skipped: [] as SkipStepInput[] };
    const finished: string[] = [];
    const clock = new SimulatedClock();
    const machine = onboardingMachine.provide({ actors: createSimulatedOnboardingActors(record), actions: { finish: () => finished.push('finish') } });
    return { actor: createActor(machine, { input, clock }).start(), clock, record, finished };
  }

  it('waits for a pause in typing before it searches, and searches once for the word', async () => {
    expect(onboardingMachine.implementations.delays).toEqual({ PLACE_SEARCH_DEBOUNCE: 300 });
    const searched: string[] = [];
    const machine = onboardingMachine.provide({
      actors: {
        searchPlaces: fromPromise<Place[], { query: string }>(({ input }) => {
          searched.push(input.query);
          return Promise.resolve([MUMBAI]);
        }),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { step: 'location', completed: false }, clock }).start();
    for (const query of ['M', 'Mu', 'Mum']) {
      actor.send({ type: 'TYPE_PLACE', query });
      clock.increment(299);
    }
    expect(searched).toEqual([]);
    clock.increment(1);
    await waitForActor(actor, (snapshot) => snapshot.context.places.length === 1);
    expect(searched).toEqual(['Mum']);
  });

  it('asks for a place or the position before it saves the location step', () => {
    const { actor, record } = live({ step: 'location', completed: false });
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().context.error).toBe(LOCATION_NEEDED_MESSAGE);
    expect(record.saved).toEqual([]);
  });

  it('keeps the chosen place when the member goes back and returns', async () => {
    const { actor, record } = live({ step: 'location', completed: false });
    actor.send({ type: 'PICK_PLACE', place: MUMBAI });
    actor.send({ type: 'CONTINUE' });
    await waitForActor(actor, (snapshot) => snapshot.matches('preferences'));
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.chosen).toMatchObject({ kind: 'place', place: MUMBAI });
    expect(record.saved).toEqual([
      { step: 'location', changes: { location: { latitude: MUMBAI.latitude, longitude: MUMBAI.longitude }, region: 'Mumbai' }, next: 'preferences' },
    ]);
  });

  it('skips every step to the end, moving the resume point each time, and finishes once', async () => {
    const { actor, record, finished } = live({ step: 'photos', completed: false });
    for (const step of ONBOARDING_STEPS) {
      await waitForActor(actor, (snapshot) => snapshot.matches({ [step]: 'editing' }));
      actor.send({ type: 'SKIP' });
    }
    await waitForActor(actor, (snapshot) => snapshot.status === 'done');
    expect(record.skipped.map((skip) => skip.next)).toEqual(['about', 'interests', 'location', 'preferences', null]);
    expect(finished).toEqual(['finish']);
  });
});
