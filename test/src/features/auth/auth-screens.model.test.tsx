import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import type { AuthEvent, AuthSnapshot } from '../../../../machines/auth/auth.machine';
import type { AppRouter } from '../../../../src/router';
import { authScreensModel as authModel, NO_TOKENS } from '../../../machines/auth/auth-model';
import { expectedSession } from '../../../machines/auth/auth-expectations';
import { printCoverageAfterAll, type ModelPath } from '../../../support/model';
import { findLogout, json, mockApi, renderApp, roleStatement, siteHeader } from '../../support/render-app';
import { ADMIN_TOKEN_KEY, SIGNED_OUT_REASON_KEY, USER_TOKEN_KEY } from '../../../../src/api/auth/tokens';
import { SIGNED_OUT_FALLBACK_REASON } from '../../../../src/features/auth/SessionEndedNotice';

// Logout reloads the page in the browser; here the request for home is recorded instead.
vi.mock('../../../../src/features/auth/browser-effects', () => ({ reloadHome: vi.fn() }));
const { reloadHome } = await import('../../../../src/features/auth/browser-effects');

/**
 * The auth machine's shortest paths walked through the real screens: every
 * event is what a person does (fill the Login or Register form, click
 * Logout, navigate after storage was cleared), and every state is checked by
 * what the screen shows. Sign-in and registration results are settled by the
 * harness through the test-controlled actors.
 */
afterEach(() => localStorage.clear());
printCoverageAfterAll();

const user = userEvent.setup({ delay: null });

async function goTo(router: AppRouter, to: '/login' | '/register') {
  if (router.state.location.pathname !== to) await act(() => router.navigate({ to }));
  await screen.findByRole('form', { name: to === '/login' ? /sign in/ : 'Sign up' });
}

async function perform(event: AnyEventObject, router: AppRouter) {
  switch (event.type) {
    case 'SIGN_IN': {
      const { role, credentials } = event as Extract<AuthEvent, { type: 'SIGN_IN' }>;
      await goTo(router, '/login');
      await user.click(screen.getByRole('tab', { name: role === 'admin' ? 'Admin' : 'User' }));
      const form = await screen.findByRole('form', { name: role === 'admin' ? 'Admin sign in' : 'User sign in' });
      await user.type(within(form).getByLabelText('Username or email'), credentials.username);
      await user.type(within(form).getByLabelText('Password'), credentials.password);
      if (credentials.remember) await user.click(within(form).getByLabelText('Remember me'));
      await user.click(within(form).getByRole('button', { name: role === 'admin' ? 'Sign in as Admin' : 'Sign In' }));
      return;
    }
    case 'REGISTER': {
      const { form: values } = event as Extract<AuthEvent, { type: 'REGISTER' }>;
      await goTo(router, '/register');
      const form = screen.getByRole('form', { name: 'Sign up' });
      await user.type(within(form).getByLabelText('First name'), values.name ?? '');
      await user.type(within(form).getByLabelText('Username'), values.username);
      await user.type(within(form).getByLabelText('Email'), values.email);
      await user.type(within(form).getByLabelText('Password'), values.password);
      await user.type(within(form).getByLabelText('Age'), String(values.age));
      await user.selectOptions(within(form).getByLabelText('Gender'), values.gender);
      if (values.acceptTerms) await user.click(within(form).getByRole('checkbox', { name: /18 or over/ }));
      await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
      return;
    }
    case 'CLEAR_ERROR': {
      // Switching tabs on the Login screen dismisses the error.
      await goTo(router, '/login');
      const other = screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') !== 'true');
      if (!other) throw new Error('No other tab to switch to');
      await user.click(other);
      return;
    }
    case 'LOGOUT':
      await user.click(await findLogout());
      return;
    case 'DISMISS_SESSION_ENDED': {
      const notice = await screen.findByText('You were signed out');
      const box = notice.closest('[role="status"]');
      if (!(box instanceof HTMLElement)) throw new Error('The signed-out notice is not a status region');
      await user.click(within(box).getByRole('button', { name: 'Dismiss' }));
      return;
    }
    case 'SESSION.SYNC': {
      // Another tab or a 401 emptied storage, saying why; the next navigation re-reads it.
      const { signedOutReason } = event as Extract<AuthEvent, { type: 'SESSION.SYNC' }>;
      localStorage.clear();
      if (signedOutReason) localStorage.setItem(SIGNED_OUT_REASON_KEY, signedOutReason);
      await act(() => router.navigate({ to: router.state.location.pathname === '/login' ? '/register' : '/login' }));
      return;
    }
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function assertScreen(path: ModelPath<typeof authModel.machine>, stepIndex: number, snapshot: AuthSnapshot) {
  const expected = expectedSession(NO_TOKENS, path.steps.slice(0, stepIndex + 1).map((step) => step.event));
  const header = siteHeader();
  const badge = roleStatement;
  if (expected.tokens.adminToken) {
    expect(badge('Admin')).toBeInTheDocument();
  } else if (expected.tokens.userToken) {
    expect(badge('User')).toBeInTheDocument();
    expect(badge('Admin')).not.toBeInTheDocument();
  } else {
    expect(within(header).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  }
  if (expected.state === 'leaving') {
    // Until home replaces the page, it stays as it was, its Logout busy, the tokens gone from storage.
    expect(reloadHome).toHaveBeenCalledTimes(1);
    expect([localStorage.getItem(USER_TOKEN_KEY), localStorage.getItem(ADMIN_TOKEN_KEY)]).toEqual([null, null]);
    // What the browser's other tabs will say.
    expect(localStorage.getItem(SIGNED_OUT_REASON_KEY)).toBe('You logged out in another tab');
    const logout = within(header).getByRole('button', { name: 'Logout' });
    expect(logout).toBeDisabled();
    expect(logout).toHaveAttribute('aria-busy', 'true');
  } else {
    expect(reloadHome).not.toHaveBeenCalled();
  }
  // Signed out by storage emptied elsewhere (not this page's Logout): the page says so, with the way back in.
  const signedOutNotice = screen.queryByText('You were signed out');
  if (expected.sessionEnded && !expected.tokens.userToken && !expected.tokens.adminToken) {
    const box = signedOutNotice?.closest('[role="status"]');
    if (!(box instanceof HTMLElement)) throw new Error('The signed-out notice is missing or not a status region');
    expect(box).toHaveTextContent(expected.sessionEndedReason ?? SIGNED_OUT_FALLBACK_REASON);
    expect(within(box).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  } else {
    expect(signedOutNotice).not.toBeInTheDocument();
  }
  if (expected.state === 'signingIn' || expected.state === 'registering') {
    const busy = screen.getByRole('button', { name: expected.state === 'signingIn' ? 'Signing in...' : 'Creating account...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
  }
  // Only the auth forms' error box belongs to this flow; other screens have their own alerts.
  const forms = screen.queryAllByRole('form');
  const formAlerts = forms.flatMap((form) => within(form).queryAllByRole('alert'));
  if (expected.error && forms.length > 0) expect(formAlerts.map((alert) => alert.textContent)).toEqual([expected.error]);
  else expect(formAlerts).toEqual([]);
  expect(snapshot.value).toBe(expected.state);
}

describe('auth flow on the Login and Register screens, every shortest path', () => {
  mockApi({ 'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit' } } }) });
  const paths = authModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));

  for (const path of paths) {
    it(path.description, async () => {
      let router: AppRouter | undefined;
      await authModel.replay(path, {
        mount: async ({ machine, clock, inspect }) => {
          localStorage.clear();
          let captured: AnyActorRef | undefined;
          const view = renderApp('/login', { auth: { machine, clock, inspect, onActor: (actor) => { captured = actor; } } });
          router = view.router;
          vi.mocked(reloadHome).mockClear();
          await screen.findByRole('form', { name: 'User sign in' });
          await waitFor(() => expect(captured).toBeDefined());
          if (!captured) throw new Error('The auth actor was not exposed');
          return { actor: captured, unmount: () => view.unmount() };
        },
        executeEvent: async (event) => {
          if (!router) throw new Error('not mounted');
          await perform(event, router);
        },
        assertState: async (_expected, { actor, stepIndex }) => {
          await waitFor(() => assertScreen(path, stepIndex, actor.getSnapshot() as AuthSnapshot));
        },
      });
    });
  }
});
