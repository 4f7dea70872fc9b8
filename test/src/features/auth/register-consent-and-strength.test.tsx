import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TERMS_NOT_ACCEPTED } from '../../../../contract/auth/sign-in';
import { PASSWORD_TOO_COMMON } from '../../../../contract/auth/password-rules';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi } from '../discovery/discover/fixtures';

// Issue 37: joining needs the newcomer's word that they are 18 or over and
// accept the Terms (finding 15), and the password field rates what is typed (finding 3).
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());
const user = userEvent.setup({ delay: null });

async function fillEverythingButConsent(password = 'violet-kettle-harbour-92') {
  const form = await screen.findByRole('form', { name: 'Sign up' });
  await user.type(within(form).getByLabelText('First name'), 'Nia');
  await user.type(within(form).getByLabelText('Username'), 'new_member');
  await user.type(within(form).getByLabelText('Email'), 'new@example.com');
  await user.type(within(form).getByLabelText('Password'), password);
  await user.type(within(form).getByLabelText('Age'), '30');
  await user.selectOptions(within(form).getByLabelText('Gender'), 'female');
  return form;
}

describe('Sign up: consent to the Terms', () => {
  it('sends nothing until the box is ticked, says why, then sends acceptTerms: true', async () => {
    const { calls } = mockShellApi({
      'POST /api/auth/register': () => json(201, { success: true, message: 'Registered', token: 'user-token', user: me() }),
      'GET /api/user/me': () => json(200, { user: me() }),
    });
    renderApp('/register');
    const form = await fillEverythingButConsent();
    const consent = within(form).getByRole('checkbox', { name: 'I am 18 or over and I accept the Terms of Service and the Privacy Policy' });
    expect(consent).toBeRequired();
    expect(within(form).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
    expect(within(form).getByText(TERMS_NOT_ACCEPTED)).toBeInTheDocument();
    expect(consent).toBeInvalid();
    expect(consent).toHaveAccessibleDescription(TERMS_NOT_ACCEPTED);
    expect(calls.filter((call) => call.path === '/api/auth/register')).toEqual([]);

    await user.click(consent);
    expect(within(form).queryByText(TERMS_NOT_ACCEPTED)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/auth/register')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/auth/register')?.body).toMatchObject({ username: 'new_member', acceptTerms: true });
  });
});

describe('Sign up: the password strength meter', () => {
  it('rates what is typed, says why a weak one would be refused, and shows the server\'s refusal', async () => {
    mockShellApi({ 'POST /api/auth/register': () => json(400, { success: false, message: PASSWORD_TOO_COMMON }) });
    renderApp('/register');
    const form = await fillEverythingButConsent('password');
    const meter = await within(form).findByRole('meter', { name: 'Strength' });
    expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
    expect(within(form).getByText('Strength: Weak')).toBeInTheDocument();
    expect(within(form).getByText(PASSWORD_TOO_COMMON)).toBeInTheDocument();

    await user.click(within(form).getByRole('checkbox', { name: /18 or over/ }));
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
    // The server's answer goes in the form's error box.
    await waitFor(() => expect(within(form).getAllByText(PASSWORD_TOO_COMMON)).toHaveLength(2));

    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'violet-kettle-harbour-92');
    await waitFor(() => expect(within(form).getByRole('meter', { name: 'Strength' })).toHaveAttribute('aria-valuetext', 'Strong'));
    expect(within(form).getByText('Strength: Strong')).toBeInTheDocument();
  });

  it('shows no meter while the password is empty', async () => {
    mockShellApi({});
    renderApp('/register');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    expect(within(form).queryByRole('meter')).not.toBeInTheDocument();
  });
});
