import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMAIL_LINK_INVALID_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_DONE_TWO_STEP_OFF_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  TWO_STEP_STAYS_ON_TEXT,
  type ResetLinkResponse,
} from '../../../../contract/auth/account-recovery';
import { mockShellApi } from '../discovery/discover/fixtures';
import { json, renderApp } from '../../support/render-app';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 10_000 });

const TOKEN = 'A'.repeat(21) + '_' + 'b'.repeat(21);

/** The reset page's first question: what the link leads to. */
const linkLeadsTo = (twoStep: ResetLinkResponse['twoStep'], twoStepOnSince: string | null = null) => ({
  'POST /api/auth/reset-password/link': () => json(200, { success: true, twoStep, twoStepOnSince }),
});

afterEach(() => localStorage.clear());

describe('account recovery screens', { timeout: 60_000 }, () => {
  it("'Forgot password?' on Login leads to a form that always confirms with the same words", async () => {
    const { calls } = mockShellApi({ 'POST /api/auth/forgot-password': () => json(200, { success: true, message: PASSWORD_RESET_REQUESTED_MESSAGE }) });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }, { timeout: 30_000 }));

    const form = within(await screen.findByRole('form', { name: 'Reset your password' }));
    await userEvent.click(form.getByRole('button', { name: 'Send reset link' }));
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    await userEvent.type(form.getByLabelText('Email'), 'not-an-address');
    await userEvent.click(form.getByRole('button', { name: 'Send reset link' }));
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(calls.some((call) => call.path === '/api/auth/forgot-password')).toBe(false);

    await userEvent.clear(form.getByLabelText('Email'));
    await userEvent.type(form.getByLabelText('Email'), ' Someone@Example.com ');
    await userEvent.click(form.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent(PASSWORD_RESET_REQUESTED_MESSAGE);
    expect(calls.filter((call) => call.path === '/api/auth/forgot-password').map((call) => call.body)).toEqual([{ email: 'someone@example.com' }]);
  });

  it('sets a new password from the emailed link, then offers sign-in', async () => {
    const { calls } = mockShellApi({ ...linkLeadsTo('off'), 'POST /api/auth/reset-password': () => json(200, { success: true, message: PASSWORD_RESET_DONE_MESSAGE }) });
    renderApp(`/reset-password?token=${TOKEN}`);
    const form = within(await screen.findByRole('form', { name: 'Choose a new password' }, { timeout: 30_000 }));
    expect(form.queryByRole('checkbox')).toBeNull();
    await userEvent.type(form.getByLabelText('New password'), 'Moonlit-Harbour-42');
    await userEvent.type(form.getByLabelText('Confirm new password'), 'Moonlit-Harbour-43');
    await userEvent.click(form.getByRole('button', { name: 'Set new password' }));
    expect(form.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The passwords do not match');

    await userEvent.clear(form.getByLabelText('Confirm new password'));
    await userEvent.type(form.getByLabelText('Confirm new password'), 'Moonlit-Harbour-42');
    await userEvent.click(form.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_RESET_DONE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.filter((call) => call.path === '/api/auth/reset-password').map((call) => call.body)).toEqual([{ token: TOKEN, password: 'Moonlit-Harbour-42' }]);
  });

  it('offers to turn off two-step verification turned on lately, and sends the choice with the new password', async () => {
    const { calls } = mockShellApi({
      ...linkLeadsTo('recent', '2026-11-30T10:00:00.000Z'),
      'POST /api/auth/reset-password': () => json(200, { success: true, message: PASSWORD_RESET_DONE_TWO_STEP_OFF_MESSAGE }),
    });
    renderApp(`/reset-password?token=${TOKEN}`);
    const form = within(await screen.findByRole('form', { name: 'Choose a new password' }, { timeout: 30_000 }));
    const turnOff = form.getByRole('checkbox', { name: 'Also turn off two-step verification' });
    expect(turnOff).not.toBeChecked();
    expect(form.getByText(/It was set up on .*2026\. If that was not you, turn it off here/)).toBeInTheDocument();
    await userEvent.click(turnOff);
    await userEvent.type(form.getByLabelText('New password'), 'Moonlit-Harbour-42');
    await userEvent.type(form.getByLabelText('Confirm new password'), 'Moonlit-Harbour-42');
    await userEvent.click(form.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_RESET_DONE_TWO_STEP_OFF_MESSAGE)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/reset-password').map((call) => call.body)).toEqual([
      { token: TOKEN, password: 'Moonlit-Harbour-42', turnOffTwoStep: true },
    ]);
  });

  it('says how to sign in when two-step verification stays on', async () => {
    mockShellApi(linkLeadsTo('on', '2026-01-05T10:00:00.000Z'));
    renderApp(`/reset-password?token=${TOKEN}`);
    const form = within(await screen.findByRole('form', { name: 'Choose a new password' }, { timeout: 30_000 }));
    expect(form.getByText(TWO_STEP_STAYS_ON_TEXT)).toBeInTheDocument();
    expect(form.queryByRole('checkbox')).toBeNull();
  });

  it('says a dead link is dead on opening it, before asking for a password', async () => {
    const { calls } = mockShellApi({ 'POST /api/auth/reset-password/link': () => json(400, { success: false, message: EMAIL_LINK_INVALID_MESSAGE }) });
    renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent(EMAIL_LINK_INVALID_MESSAGE);
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    // A dead link is not asked about again and again.
    expect(calls.filter((call) => call.path === '/api/auth/reset-password/link')).toHaveLength(1);
  });

  it('says plainly when a reset link dies before the new password is sent, with the way to a new one', async () => {
    mockShellApi({ ...linkLeadsTo('off'), 'POST /api/auth/reset-password': () => json(400, { success: false, message: EMAIL_LINK_INVALID_MESSAGE }) });
    renderApp(`/reset-password?token=${TOKEN}`);
    const form = within(await screen.findByRole('form', { name: 'Choose a new password' }, { timeout: 30_000 }));
    await userEvent.type(form.getByLabelText('New password'), 'Moonlit-Harbour-42');
    await userEvent.type(form.getByLabelText('Confirm new password'), 'Moonlit-Harbour-42');
    await userEvent.click(form.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_LINK_INVALID_MESSAGE);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('verifies the address once on opening the link', async () => {
    const { calls } = mockShellApi({ 'POST /api/auth/verify-email': () => json(200, { success: true, message: 'Your email address is verified.' }) });
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText('Your email address is verified.', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/verify-email').map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('sends nothing for a malformed link', async () => {
    const { calls } = mockShellApi({});
    renderApp('/verify-email?token=short');
    expect(await screen.findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent(EMAIL_LINK_INVALID_MESSAGE);
    expect(calls.some((call) => call.path === '/api/auth/verify-email')).toBe(false);
  });
});
