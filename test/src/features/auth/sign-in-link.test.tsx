import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../../../contract/auth/account-recovery';
import {
  SIGN_IN_LINK_BUTTON_LABEL,
  SIGN_IN_LINK_OFFER_TEXT,
  SIGN_IN_LINK_OFFERED_CODE,
  SIGN_IN_LINK_OPENED_MESSAGE,
  SIGN_IN_LINK_SENT_MESSAGE,
} from '../../../../contract/auth/sign-in-link';
import { mockShellApi } from '../discovery/discover/fixtures';
import { json, renderApp } from '../../support/render-app';

// Issue 50, finding 9: a new browser locked out by wrong passwords is offered a sign-in link by email.

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 10_000 });

const TOKEN = 'C'.repeat(21) + '-' + 'd'.repeat(21);
const LOCKED = 'Too many wrong passwords for this account, please try again in 15 minutes';

afterEach(() => localStorage.clear());

async function signInAs(username: string, password: string) {
  const form = within(await screen.findByRole('form', { name: 'User sign in' }, { timeout: 30_000 }));
  await userEvent.type(form.getByLabelText('Username or email'), username);
  await userEvent.type(form.getByLabelText('Password'), password);
  await userEvent.click(form.getByRole('button', { name: 'Sign In' }));
  return form;
}

describe('a sign-in link once new browsers are locked out', { timeout: 60_000 }, () => {
  it('the refusal offers the link, which is asked for the username typed, and says where it went', async () => {
    const { calls } = mockShellApi({
      'POST /api/auth/login': () => json(429, { success: false, message: LOCKED, code: SIGN_IN_LINK_OFFERED_CODE }),
      'POST /api/auth/sign-in-link': () => json(200, { success: true, message: SIGN_IN_LINK_SENT_MESSAGE }),
    });
    renderApp('/login');
    const form = await signInAs(' ana_lights ', 'Moonlit-Harbour-42');
    expect(await form.findByRole('alert')).toHaveTextContent(LOCKED);
    expect(form.getByText(SIGN_IN_LINK_OFFER_TEXT)).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: SIGN_IN_LINK_BUTTON_LABEL }));
    expect(await form.findByRole('status')).toHaveTextContent(SIGN_IN_LINK_SENT_MESSAGE);
    expect(calls.filter((call) => call.path === '/api/auth/sign-in-link').map((call) => call.body)).toEqual([{ username: 'ana_lights' }]);
  });

  it('is not offered when the refusal comes without the offer (a known browser over its own allowance)', async () => {
    mockShellApi({ 'POST /api/auth/login': () => json(429, { success: false, message: LOCKED }) });
    renderApp('/login');
    const form = await signInAs('ana_lights', 'Moonlit-Harbour-42');
    expect(await form.findByRole('alert')).toHaveTextContent(LOCKED);
    expect(form.queryByRole('button', { name: SIGN_IN_LINK_BUTTON_LABEL })).toBeNull();
  });

  it('the link\'s page spends the token only when asked, then leads to sign-in with the username filled in', async () => {
    const { calls } = mockShellApi({
      'POST /api/auth/sign-in-link/open': () => json(200, { success: true, message: SIGN_IN_LINK_OPENED_MESSAGE, username: 'ana_lights' }),
    });
    renderApp(`/sign-in-link?token=${TOKEN}`);
    const useThisBrowser = await screen.findByRole('button', { name: 'Use this browser' }, { timeout: 30_000 });
    expect(calls.some((call) => call.path === '/api/auth/sign-in-link/open')).toBe(false);
    await userEvent.click(useThisBrowser);
    expect(await screen.findByRole('status')).toHaveTextContent(SIGN_IN_LINK_OPENED_MESSAGE);
    expect(calls.filter((call) => call.path === '/api/auth/sign-in-link/open').map((call) => call.body)).toEqual([{ token: TOKEN }]);
    await userEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    const form = within(await screen.findByRole('form', { name: 'User sign in' }));
    expect(form.getByLabelText('Username or email')).toHaveValue('ana_lights');
  });

  it('says so when the link is dead or missing', async () => {
    mockShellApi({ 'POST /api/auth/sign-in-link/open': () => json(400, { success: false, message: EMAIL_LINK_INVALID_MESSAGE }) });
    const { unmount } = renderApp(`/sign-in-link?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Use this browser' }, { timeout: 30_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_LINK_INVALID_MESSAGE);
    unmount();
    renderApp('/sign-in-link');
    expect(await screen.findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent(EMAIL_LINK_INVALID_MESSAGE);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
