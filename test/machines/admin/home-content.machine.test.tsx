import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import type { AppSetting } from '../../../contract/site-settings';
import { homeContentMachine, SAVED_FALLBACK, UPDATE_FAILED_PREFIX, type HomeContentSnapshot } from '../../../machines/admin/home-content.machine';
import { ApiError } from '../../../src/api/client';
import { homeContentFromConfigs, homeContentUpdate } from '../../../src/features/admin/content/home-content';
import { HomeContentFormView } from '../../../src/features/admin/content/HomeContentForm';
import { ThemeRoot } from '../../../src/ui';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath, type MountArgs, type StepContext } from '../../support/model';

// The home content machine walked on the real Home Page Content form: Save
// is a click, every check is what the admin sees beside the button. The save
// call is the harness's controllable actor; the 5 second notice timeout runs
// on the simulated clock.

const setting = (value: unknown, type: AppSetting['type'], description = ''): AppSetting => ({ value, type, description, public: true });
const CONFIGS: Record<string, AppSetting> = {
  heroTitle: setting('Meet people worth orbiting', 'string', 'Headline of the home page hero'),
  heroSubtitle: setting('Discover singles nearby.', 'string'),
  featuresTitle: setting('Everything you need', 'string'),
  featuresSubtitle: setting('From radar to video.', 'string'),
  stats: setting([{ value: '10K+', label: 'Active Users', color: 'purple' }], 'array'),
};
/** What Save sends for the untouched form. */
const SENT = homeContentUpdate(homeContentFromConfigs(CONFIGS), CONFIGS);

const FIELD_REASON = 'Hero title is required';
const events = {
  SAVE: [{ type: 'SAVE', content: SENT }],
  'xstate.done.actor.saveContent': [
    doneEvent('saveContent', { message: 'Home page content updated successfully!' }),
    // No message of its own: the SPEC's words stand in.
    doneEvent('saveContent', { message: '' }),
  ],
  'xstate.error.actor.saveContent': [
    errorEvent('saveContent', new ApiError(`configs.heroTitle.value: ${FIELD_REASON}`, 400, [{ field: 'configs.heroTitle.value', message: FIELD_REASON }])),
    errorEvent('saveContent', new ApiError('Failed to update home page content', 503)),
  ],
};

/** Path names in words: the SAVE payload is the whole request. */
function describeEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.after.')) return 'after NOTICE_TIMEOUT';
  if (event.type === 'xstate.done.actor.saveContent') return `saveContent done ${JSON.stringify((event.output as { message: string }).message)}`;
  if (event.type === 'xstate.error.actor.saveContent') return `saveContent error ${JSON.stringify((event.error as Error).message)}`;
  return event.type;
}

const model = createModel(homeContentMachine, { events, describeEvent });

function mountForm(refreshes: { count: number }) {
  return ({ machine, clock, inspect }: MountArgs<typeof homeContentMachine>) => {
    const actor = createActor(machine.provide({ actions: { contentChanged: () => void (refreshes.count += 1) } }), { clock, inspect }).start();
    const view = render(
      <ThemeRoot>
        <HomeContentFormView configs={CONFIGS} editor={actor} />
      </ThemeRoot>,
    );
    return {
      actor,
      unmount: () => {
        view.unmount();
        actor.stop();
      },
    };
  };
}

const form = () => screen.getByRole('form', { name: 'Home page content' });
const heroTitle = () => within(form()).getByLabelText('Hero title');

function executeEvent(event: AnyEventObject): void {
  if (event.type !== 'SAVE') throw new Error(`No UI step for ${event.type}`);
  fireEvent.click(within(form()).getByRole('button', { name: 'Save Changes' }));
}

function savesDone(path: ModelPath<typeof homeContentMachine>, stepIndex: number): number {
  return path.steps.slice(1, stepIndex + 1).filter((step) => step.event.type === 'xstate.done.actor.saveContent').length;
}

/** What the admin must see in the state the model expects. */
async function assertForm(expected: HomeContentSnapshot, context: StepContext<typeof homeContentMachine>, refreshes: { count: number }) {
  const state = expected.value as string;
  const { notice } = expected.context;
  await waitFor(() => {
    const submit = within(form()).getByRole('button', { name: state === 'saving' ? 'Saving...' : 'Save Changes' });
    expect(submit.getAttribute('aria-busy') === 'true').toBe(state === 'saving');

    const success = within(form()).queryByRole('status');
    const failure = within(form()).queryByRole('alert');
    if (state === 'saved') {
      expect(success).toHaveTextContent(notice ?? 'a success notice');
      // The server's own words, which are the SPEC's; an empty message falls back to the same.
      expect(notice).toBe(SAVED_FALLBACK);
    } else {
      expect(success).toBeNull();
    }
    if (state === 'failed') {
      expect(failure).toHaveTextContent(notice ?? 'a failure notice');
      expect(notice?.startsWith(UPDATE_FAILED_PREFIX)).toBe(true);
    } else {
      expect(failure).toBeNull();
    }

    // The field the server named is marked until the next Save.
    if (state === 'failed' && notice === UPDATE_FAILED_PREFIX + FIELD_REASON) {
      expect(heroTitle()).toHaveAccessibleDescription(FIELD_REASON);
      expect(heroTitle()).toBeInvalid();
    } else {
      expect(heroTitle()).toBeValid();
    }
  });
  expect(refreshes.count).toBe(savesDone(context.path, context.stepIndex));
  for (const save of context.invocations) expect(save.input).toEqual(SENT);
}

function walk(path: ModelPath<typeof homeContentMachine>) {
  const refreshes = { count: 0 };
  return model.replay(path, {
    mount: mountForm(refreshes),
    executeEvent: (event) => act(() => executeEvent(event)),
    assertState: (expected, context) => assertForm(expected, context, refreshes),
  });
}

printCoverageAfterAll();

describe('home content on the Home Page Content form, every shortest path', () => {
  const paths = model.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThanOrEqual(5));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('home content on the Home Page Content form, every simple path', () => {
  const paths = model.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThanOrEqual(4));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('home content coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('home content timing', () => {
  it("clears the green notice after SPEC section 9's 5 seconds", () => {
    expect(homeContentMachine.implementations.delays.NOTICE_TIMEOUT).toBe(5000);
  });

  it("shows 'Home page content updated successfully!' for 5 seconds, then removes it; a failure stays until the next save", async () => {
    const clock = new SimulatedClock();
    let answer: () => Promise<{ message: string }> = () => Promise.resolve({ message: 'Home page content updated successfully!' });
    const actor = createActor(homeContentMachine.provide({ actors: { saveContent: fromPromise(() => answer()) } }), { clock }).start();
    render(
      <ThemeRoot>
        <HomeContentFormView configs={CONFIGS} editor={actor} />
      </ThemeRoot>,
    );

    fireEvent.click(within(form()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form()).findByRole('status')).toHaveTextContent('Home page content updated successfully!');
    act(() => clock.increment(4999));
    expect(within(form()).getByRole('status')).toHaveTextContent('Home page content updated successfully!');
    act(() => clock.increment(1));
    expect(within(form()).queryByRole('status')).toBeNull();

    answer = () => Promise.reject(new Error('Failed to update home page content'));
    fireEvent.click(within(form()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Failed to update content: Failed to update home page content');
    act(() => clock.increment(60_000));
    expect(within(form()).getByRole('alert')).toBeInTheDocument();
    actor.stop();
  });
});
