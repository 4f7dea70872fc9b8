import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, type OnboardingStep } from '../../../../../contract/members/preferences';
import type { User } from '../../../../../contract/members/profile';
import { SIMULATED_PLACES } from '../../../../machines/members/onboarding.sim';
import { pathAfterMemberSignIn, pathAfterRegistering } from '../../../../../src/features/auth/path-after-sign-in';
import { suggestedPreferences } from '../../../../../src/features/members/onboarding/suggested-preferences';
import type { AppRouter } from '../../../../../src/router';
import { json, renderApp } from '../../../support/render-app';
import { me, mockShellApi, signInAsUser } from '../../discovery/discover/fixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});
const user = userEvent.setup({ delay: null });

/** A member who just registered: female, 28, no bio or interests chosen in the set-up yet. */
function newMember(step: OnboardingStep = 'photos', extra: Partial<User> = {}): User {
  return me({ gender: 'female', age: 28, bio: '', interests: [], region: '', preferences: DEFAULT_PREFERENCES, onboarding: { completed: false, step }, ...extra });
}

/** The account on a fake server: PATCH /user/me applies what the contract allows and answers with it. */
function onboardingServer(start: User, options: { failPatch?: string } = {}) {
  let account = start;
  const patches: Array<Record<string, unknown>> = [];
  const api = mockShellApi({
    'POST /api/auth/login': () => json(200, { success: true, message: 'Login successful', token: 'user-token' }),
    'POST /api/auth/register': () => json(201, { success: true, message: 'Registered', token: 'user-token', user: account }),
    'GET /api/user/me': () => json(200, { user: account }),
    'GET /api/user/me/photos': () => json(200, { photos: [], user: account }),
    'GET /api/places': (url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return json(200, { places: SIMULATED_PLACES.filter((place) => place.name.toLowerCase().startsWith(q)) });
    },
    'PATCH /api/user/me': (_url, init) => {
      const body = JSON.parse(init?.body as string) as Record<string, unknown>;
      patches.push(body);
      if (options.failPatch) return json(503, { success: false, message: options.failPatch });
      const { onboardingStep, onboardingCompleted, location: _location, ...fields } = body as Partial<User> & { onboardingStep?: OnboardingStep; onboardingCompleted?: true; location?: unknown };
      account = {
        ...account,
        ...fields,
        onboarding: { step: onboardingStep ?? account.onboarding.step, completed: onboardingCompleted ?? account.onboarding.completed },
      };
      return json(200, { user: account });
    },
  });
  return { api, patches, account: () => account };
}

async function onStep(title: string, number: number) {
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  expect(heading).toHaveAccessibleDescription(`Step ${number} of 5`);
  return heading;
}

const path = (router: AppRouter) => `${router.state.location.pathname}${router.state.location.searchStr}`;

describe('the guided set-up (/onboarding)', () => {
  it('is where registering leads', async () => {
    onboardingServer(newMember());
    const { router } = renderApp('/register');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    await user.type(within(form).getByLabelText('First name'), 'Nia');
    await user.type(within(form).getByLabelText('Username'), 'new_member');
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.type(within(form).getByLabelText('Password'), 'correct-horse-battery');
    await user.type(within(form).getByLabelText('Age'), '28');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'female');
    await user.click(within(form).getByRole('checkbox', { name: /18 or over/ }));
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(path(router)).toBe('/onboarding'));
    await onStep('Add your photos', 1);
    expect(await screen.findByLabelText('Add photos')).toBeInTheDocument();
  });

  it('walks every step, saving each with the next resume point, focusing each heading, and lands on Discover', async () => {
    signInAsUser();
    const server = onboardingServer(newMember());
    const { router } = renderApp('/onboarding');
    await onStep('Add your photos', 1);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const about = await onStep('About you', 2);
    expect(about).toHaveFocus();
    await user.type(screen.getByLabelText('Your bio'), '  Weekend hiker, weekday coder. ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await onStep('Your interests', 3)).toHaveFocus();
    const interests = within(screen.getByRole('group', { name: 'Your interests' }));
    await user.click(interests.getByRole('button', { name: 'Hiking' }));
    await user.click(interests.getByRole('button', { name: 'Coffee' }));
    await user.type(interests.getByLabelText('Add your own interest'), 'Board games');
    await user.click(interests.getByRole('button', { name: 'Add' }));
    expect(interests.getByRole('button', { name: 'Board games', pressed: true })).toBeInTheDocument();
    expect(interests.getByText('3 of 10 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await onStep('Where are you?', 4)).toHaveFocus();
    // Nothing chosen yet: Continue says what the step needs.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use your current location or pick your city first, or skip this step.');
    await user.type(screen.getByLabelText('City'), 'Mum');
    const suggestions = await screen.findByRole('list', { name: 'Suggested places' });
    expect(within(suggestions).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Mumbai, Maharashtra, India', 'Mumbra, Maharashtra, India']);
    expect(server.api.calls.filter((call) => call.path === '/api/places')).toHaveLength(1);
    await user.click(within(suggestions).getByRole('button', { name: 'Mumbai, Maharashtra, India' }));
    expect(screen.getByText('Location set')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await onStep('Who would you like to meet?', 5)).toHaveFocus();
    // Pre-filled from her gender and age.
    expect(screen.getByRole('radio', { name: 'Men' })).toBeChecked();
    expect(screen.getByLabelText('Youngest')).toHaveValue(23);
    expect(screen.getByLabelText('Oldest')).toHaveValue(33);
    expect(screen.getByLabelText('Distance')).toHaveValue('anywhere');
    await user.click(screen.getByRole('radio', { name: 'Everyone' }));
    await user.selectOptions(screen.getByLabelText('Distance'), '50');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(path(router)).toBe('/users'));
    expect(server.patches).toEqual([
      { onboardingStep: 'about' },
      { bio: 'Weekend hiker, weekday coder.', onboardingStep: 'interests' },
      { interests: ['Hiking', 'Coffee', 'Board games'], onboardingStep: 'location' },
      { location: { latitude: 19.076, longitude: 72.8777 }, region: 'Mumbai', onboardingStep: 'preferences' },
      { preferences: { showMe: 'everyone', minAge: 23, maxAge: 33, maxDistanceKm: 50 }, onboardingCompleted: true },
    ]);
    expect(server.account().onboarding).toEqual({ step: 'preferences', completed: true });
  });

  it('skips every step without saving anything but the resume point, and goes on to the page that asked', async () => {
    signInAsUser();
    const server = onboardingServer(newMember());
    const { router } = renderApp('/onboarding?redirect=%2Fmatch');
    for (const [title, number] of [
      ['Add your photos', 1],
      ['About you', 2],
      ['Your interests', 3],
      ['Where are you?', 4],
      ['Who would you like to meet?', 5],
    ] as const) {
      await onStep(title, number);
      await user.click(screen.getByRole('button', { name: 'Skip' }));
    }
    await waitFor(() => expect(path(router)).toBe('/match'));
    expect(server.patches).toEqual([
      { onboardingStep: 'about' },
      { onboardingStep: 'interests' },
      { onboardingStep: 'location' },
      { onboardingStep: 'preferences' },
      { onboardingCompleted: true },
    ]);
  });

  it('resumes at the step the server holds, and Back returns to the one before without saving', async () => {
    signInAsUser();
    const server = onboardingServer(newMember('interests', { bio: 'Saved on my phone' }));
    renderApp('/onboarding');
    await onStep('Your interests', 3);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await onStep('About you', 2)).toHaveFocus();
    // What was saved from another device is there.
    expect(screen.getByLabelText('Your bio')).toHaveValue('Saved on my phone');
    expect(server.patches).toEqual([]);
  });

  it("uses the browser's position once the member asks, and saves it without a region", async () => {
    signInAsUser();
    const getCurrentPosition = vi.fn((success: PositionCallback) => success({ coords: { latitude: 18.52, longitude: 73.86 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const server = onboardingServer(newMember('location'));
    renderApp('/onboarding');
    await onStep('Where are you?', 4);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText('Your current position')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await onStep('Who would you like to meet?', 5);
    expect(server.patches).toEqual([{ location: { latitude: 18.52, longitude: 73.86 }, onboardingStep: 'preferences' }]);
  });

  it('says when the browser will not share the position', async () => {
    signInAsUser();
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (_success: PositionCallback, failure: PositionErrorCallback) => failure({ code: 1 } as GeolocationPositionError) },
      configurable: true,
    });
    onboardingServer(newMember('location'));
    renderApp('/onboarding');
    await onStep('Where are you?', 4);
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location permission was denied');
  });

  it('announces a failed save and stays on the step', async () => {
    signInAsUser();
    onboardingServer(newMember('about'), { failPatch: 'Orbit is briefly unavailable; please try again in a moment' });
    renderApp('/onboarding');
    await onStep('About you', 2);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Orbit is briefly unavailable; please try again in a moment');
    expect(screen.getByRole('heading', { level: 1, name: 'About you' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('checks the age range before saving', async () => {
    signInAsUser();
    const server = onboardingServer(newMember('preferences'));
    renderApp('/onboarding');
    await onStep('Who would you like to meet?', 5);
    await user.clear(screen.getByLabelText('Youngest'));
    await user.type(screen.getByLabelText('Youngest'), '40');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByLabelText('Youngest')).toHaveAccessibleDescription('The youngest age must not be more than the oldest');
    expect(server.patches).toEqual([]);
  });

  it('is offered again to a member who signs in before finishing it, with a way out to Discover', async () => {
    onboardingServer(newMember('about'));
    const { router } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'User sign in' });
    await user.type(within(form).getByLabelText('Username or email'), 'alex');
    await user.type(within(form).getByLabelText('Password'), 'correct-horse-battery');
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(path(router)).toBe('/onboarding'));
    await onStep('About you', 2);
    await user.click(screen.getByRole('link', { name: 'Finish later' }));
    await waitFor(() => expect(path(router)).toBe('/users'));
  });

  it('sends a signed-out visitor to sign in first', async () => {
    onboardingServer(newMember());
    const { router } = renderApp('/onboarding');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect: '/onboarding' });
  });
});

describe('where signing up and signing in lead', () => {
  it('registering goes through the set-up, keeping the page that asked', () => {
    expect(pathAfterRegistering(undefined)).toBe('/onboarding');
    expect(pathAfterRegistering('/match')).toBe('/onboarding?redirect=%2Fmatch');
    expect(pathAfterRegistering('//evil.example')).toBe('/onboarding');
    expect(pathAfterRegistering('/admin/users')).toBe('/onboarding');
  });

  it('a sign-in offers the unfinished set-up only when nothing else was asked for', () => {
    const unfinished = { role: 'user' as const, onboarding: { completed: false, step: 'about' as const } };
    const finished = { role: 'user' as const, onboarding: { completed: true, step: 'preferences' as const } };
    expect(pathAfterMemberSignIn(unfinished, undefined)).toBe('/onboarding');
    expect(pathAfterMemberSignIn(finished, undefined)).toBe('/');
    expect(pathAfterMemberSignIn(undefined, undefined)).toBe('/');
    expect(pathAfterMemberSignIn(unfinished, '/match')).toBe('/match');
    expect(pathAfterMemberSignIn(unfinished, '/')).toBe('/');
    expect(pathAfterMemberSignIn({ ...unfinished, role: 'admin' }, undefined)).toBe('/');
  });
});

describe('the suggested preferences', () => {
  it('guess from gender and age until the member chooses, then keep their choice', () => {
    const base = { preferences: DEFAULT_PREFERENCES };
    expect(suggestedPreferences({ ...base, gender: 'female', age: 28 })).toEqual({ showMe: 'men', minAge: 23, maxAge: 33, maxDistanceKm: null });
    expect(suggestedPreferences({ ...base, gender: 'male', age: 20 })).toEqual({ showMe: 'women', minAge: 18, maxAge: 25, maxDistanceKm: null });
    expect(suggestedPreferences({ ...base, gender: 'other', age: 97 })).toEqual({ showMe: 'everyone', minAge: 92, maxAge: 99, maxDistanceKm: null });
    expect(suggestedPreferences({ ...base, gender: null, age: null })).toEqual(DEFAULT_PREFERENCES);
    const chosen = { showMe: 'women' as const, minAge: 30, maxAge: 40, maxDistanceKm: 25 };
    expect(suggestedPreferences({ preferences: chosen, gender: 'female', age: 28 })).toEqual(chosen);
  });
});
