import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../../../src/router';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi } from '../discovery/discover/fixtures';

// Someone sent to Login from a page expects to land back on it once signed in;
// only the header's own Login keeps the SPEC's destination (/ for a user).
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());
const user = userEvent.setup({ delay: null });

function mockSignIn() {
  return mockShellApi({
    'POST /api/auth/login': () => json(200, { success: true, message: 'Login successful', token: 'user-token' }),
    'POST /api/admin/login': () => json(200, { ok: true, message: 'Admin login successful', token: 'admin-token' }),
    'POST /api/auth/register': () => json(201, { success: true, message: 'Registered', token: 'user-token', user: me() }),
    'GET /api/user/me': () => json(200, { user: me() }),
    'GET /api/matches': () => json(200, { matches: [] }),
  });
}

async function signInAs(role: 'User' | 'Admin') {
  const form = await screen.findByRole('form', { name: `${role} sign in` });
  await user.type(within(form).getByLabelText('Username or email'), role === 'Admin' ? 'admin' : 'alex');
  await user.type(within(form).getByLabelText('Password'), 'correct-horse-battery');
  await user.click(within(form).getByRole('button', { name: role === 'Admin' ? 'Sign in as Admin' : 'Sign In' }));
}

const where = (router: AppRouter) => `${router.state.location.pathname}${router.state.location.searchStr}`;

describe('signing in returns to the page that asked for it', () => {
  it('from the sign-in prompt on Matches, back to Matches', async () => {
    mockSignIn();
    const { router } = renderApp('/match');
    const prompt = await screen.findByRole('heading', { name: /sign in/i });
    await user.click(within(prompt.closest('main') ?? document.body).getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect: '/match' });
    await signInAs('User');
    await waitFor(() => expect(where(router)).toBe('/match'));
    expect(await screen.findByRole('heading', { name: 'No Matches Yet' })).toBeInTheDocument();
  });

  it('from a profile that needed a session, back to that profile', async () => {
    mockSignIn();
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signInAs('User');
    await waitFor(() => expect(where(router)).toBe('/profile'));
  });

  it('through Sign Up, and through the switch from Sign Up to Login', async () => {
    mockSignIn();
    const { router } = renderApp('/register?redirect=%2Fmatch');
    const signUp = await screen.findByRole('form', { name: 'Sign up' });
    expect(within(signUp).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fmatch');
    await user.type(within(signUp).getByLabelText('First name'), 'Nia');
    await user.type(within(signUp).getByLabelText('Username'), 'new_member');
    await user.type(within(signUp).getByLabelText('Email'), 'new@example.com');
    await user.type(within(signUp).getByLabelText('Password'), 'correct-horse-battery');
    await user.type(within(signUp).getByLabelText('Age'), '30');
    await user.selectOptions(within(signUp).getByLabelText('Gender'), 'female');
    await user.click(within(signUp).getByRole('checkbox', { name: /18 or over/ }));
    await user.click(within(signUp).getByRole('button', { name: 'Sign Up' }));
    // A new account goes through the set-up first, which then carries on to the page that asked.
    await waitFor(() => expect(where(router)).toBe('/onboarding?redirect=%2Fmatch'));
  });

  it('through the switch from Login to Sign Up', async () => {
    mockSignIn();
    const { router } = renderApp('/login?redirect=%2Fspin');
    const signIn = await screen.findByRole('form', { name: 'User sign in' });
    await user.click(within(signIn).getByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(where(router)).toBe('/register?redirect=%2Fspin'));
    expect(await screen.findByText('Join Orbit to continue to Spin.')).toBeInTheDocument();
  });

  it('keeps the return path when switching to the Admin tab, and an admin returns to the admin page asked for', async () => {
    mockSignIn();
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ tab: 'admin', redirect: '/admin/users' });
    await user.click(screen.getByRole('tab', { name: 'User' }));
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(router.state.location.search).toMatchObject({ redirect: '/admin/users' });
    await signInAs('Admin');
    await waitFor(() => expect(where(router)).toBe('/admin/users'));
  });

  it('keeps the SPEC destinations from the header, and for a path that is not this app or not the role\'s', async () => {
    mockSignIn();
    const header = renderApp('/login');
    await signInAs('User');
    await waitFor(() => expect(where(header.router)).toBe('/'));
    header.unmount();
    localStorage.clear();

    for (const hostile of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/admin/users']) {
      const view = renderApp(`/login?redirect=${encodeURIComponent(hostile)}`);
      await signInAs('User');
      await waitFor(() => expect(where(view.router)).toBe('/'));
      view.unmount();
      localStorage.clear();
    }
  });
});

describe('Login and Sign Up say where signing in leads', () => {
  it.each([
    { path: '/profile', says: 'Sign in to continue to Profile.' },
    { path: '/login?redirect=%2Fusers%3Fpage%3D2', says: 'Sign in to continue to Discover.' },
    { path: '/login?redirect=%2F', says: 'Sign in to continue to Home.' },
    { path: '/admin/users', says: 'Sign in to continue to Manage users.' },
    { path: '/login?redirect=%2Fblog%2Fsome-post', says: 'Sign in to continue where you were.' },
    { path: '/register?redirect=%2Fmatch', says: 'Join Orbit to continue to Matches.' },
  ])('$path: "$says"', async ({ path, says }) => {
    mockSignIn();
    renderApp(path);
    expect(await screen.findByText(says)).toBeInTheDocument();
  });

  it('keeps the usual welcome without a page to return to, with one from outside the app, or one this role would not go to', async () => {
    mockSignIn();
    for (const path of ['/login?redirect=%2F%2Fevil.example', '/login?redirect=%2Fadmin%2Fusers', '/login?tab=admin&redirect=%2Fprofile']) {
      const login = renderApp(path);
      expect(await screen.findByText('Sign in to keep meeting people near you.')).toBeInTheDocument();
      login.unmount();
    }
    renderApp('/register');
    expect(await screen.findByText('Join Orbit and start meeting people near you.')).toBeInTheDocument();
  });
});
