import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_MESSAGE, CURRENT_PASSWORD_INCORRECT } from '../../../../contract/auth/sign-in';
import { DELETE_ACCOUNT_WARNING, unpaidEarningsWarning, unspentCoinsWarning } from '../../../../src/features/auth/DeleteAccountSection';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../discovery/discover/fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

signedInForEachTest();
// Loaded up front, so that its absence after a deletion is not just a chunk still on its way.
await import('../../../../src/features/auth/SessionEndedNotice');

/** Settings from the member's own profile, scrolled to its last section with the confirmation open. */
async function openDeleteConfirmation() {
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Settings' }));
  const section = within(dialog.getByRole('region', { name: 'Delete account' }));
  expect(section.getByText(DELETE_ACCOUNT_WARNING)).toBeInTheDocument();
  await userEvent.click(section.getByRole('button', { name: 'Delete my account...' }));
  const form = within(section.getByRole('form', { name: 'Delete account' }));
  return { section, form, password: form.getByLabelText('Password') };
}

describe('Delete account, in Settings', () => {
  it('asks for the password, deletes the account, signs out and says so on Login', async () => {
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'DELETE /api/auth/account': () => json(200, { success: true, message: ACCOUNT_DELETED_MESSAGE }),
    });
    const { router, queryClient } = renderApp('/profile');
    const { form, password } = await openDeleteConfirmation();
    // The member still holds coins (the fixture's 500): they are told before they confirm.
    expect(form.getByText(unspentCoinsWarning(500))).toBeInTheDocument();
    expect(unspentCoinsWarning(500)).toBe('You still have 500 unspent coins. They are lost with your account.');
    // The confirmation starts at the password, so nobody deletes by pressing twice.
    await waitFor(() => expect(password).toHaveFocus());
    await userEvent.type(password, 'my-own-password');
    await userEvent.click(form.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const notice = await screen.findByText(ACCOUNT_DELETED_MESSAGE);
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    expect(localStorage.getItem('user_token')).toBeNull();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    // Not greeted as a member who is still signed in, nor told they were signed out by something else
    // (the notice is a lazy chunk: its module is loaded above, and React gets the time to show it).
    expect(screen.queryByText(/You are already signed in/)).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText('You were signed out')).not.toBeInTheDocument();
    // The member's other tabs learn what happened from storage.
    expect(localStorage.getItem('signed_out_reason')).toBe('Your account has been deleted');
    const sent = calls.filter((call) => call.path === '/api/auth/account');
    expect(sent.map((call) => [call.method, call.body])).toEqual([['DELETE', { password: 'my-own-password' }]]);
  });

  it("warns a creator that earnings not yet paid out are lost with the account (test earnings are not money, and go unmentioned)", async () => {
    const balances = [
      { currency: 'USD', pendingMinor: 1200, withdrawableMinor: 34, owedMinor: 0, test: false },
      { currency: 'USD', pendingMinor: 999, withdrawableMinor: 0, owedMinor: 0, test: true },
    ];
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'GET /api/creators/me': () =>
        json(200, { success: true, enrolled: true, sharePercent: 50, pendingDays: 30, firstPendingDays: 60, terms: [], balances, earnings: [] }),
    });
    renderApp('/profile');
    const { form } = await openDeleteConfirmation();
    const [real] = balances;
    if (!real) throw new Error('no balance');
    expect(await form.findByText(unpaidEarningsWarning([real]))).toBeInTheDocument();
    expect(unpaidEarningsWarning([real])).toBe('You have $12.34 of creator earnings not yet paid out. They are lost with your account.');
  });

  it('asks for the password before asking the server, and shows a wrong one next to the field', async () => {
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'DELETE /api/auth/account': () => json(400, { success: false, message: CURRENT_PASSWORD_INCORRECT }),
    });
    const { router } = renderApp('/profile');
    const { form, password } = await openDeleteConfirmation();
    await userEvent.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(await form.findByText('Enter your password to delete your account')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/account')).toEqual([]);

    await userEvent.type(password, 'not-my-password');
    await userEvent.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(await form.findByText(CURRENT_PASSWORD_INCORRECT)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(expect.stringContaining(CURRENT_PASSWORD_INCORRECT));
    await waitFor(() => expect(password).toHaveFocus());
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('user_token')).not.toBeNull();
  });

  it('shows any other failure as a notice, and Cancel closes the confirmation with the password gone', async () => {
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'DELETE /api/auth/account': () => json(429, { success: false, message: 'Too many attempts. Try again in 15 minutes.' }),
    });
    renderApp('/profile');
    const { section, form, password } = await openDeleteConfirmation();
    await userEvent.type(password, 'my-own-password');
    await userEvent.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(await form.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();

    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(section.queryByRole('form', { name: 'Delete account' })).not.toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Delete my account...' }));
    expect(section.getByLabelText('Password')).toHaveValue('');
    expect(section.queryByText('Too many attempts. Try again in 15 minutes.')).not.toBeInTheDocument();
  });
});
