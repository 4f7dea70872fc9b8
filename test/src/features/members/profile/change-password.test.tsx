import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { me, mockShellApi, signedInForEachTest } from '../../discovery/discover/fixtures';
import { json, renderApp } from '../../../support/render-app';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

signedInForEachTest();

async function openPasswordForm(answer: () => Response) {
  const { calls } = mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }), 'POST /api/auth/password': answer });
  renderApp('/profile');
  // Generous: the profile screen's first, cold render is slow on a loaded machine.
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }, { timeout: 30_000 }));
  const form = within(screen.getByRole('form', { name: 'Change password' }));
  const fill = async (current: string, next: string, confirm: string) => {
    for (const [label, value] of [['Current password', current], ['New password', next], ['Confirm new password', confirm]] as const) {
      await userEvent.clear(form.getByLabelText(label));
      if (value) await userEvent.type(form.getByLabelText(label), value);
    }
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
  };
  const passwordCalls = () => calls.filter((call) => call.path === '/api/auth/password');
  return { form, fill, passwordCalls };
}

// The first test renders the whole app cold, which takes tens of seconds on a loaded machine.
describe('Change password in Settings', { timeout: 60_000 }, () => {
  it('sends the current and new password and confirms the change, clearing the fields', async () => {
    const { form, fill, passwordCalls } = await openPasswordForm(() => json(200, { success: true, message: 'Password changed' }));
    await fill('old-password-1', 'new-password-22', 'new-password-22');

    expect(await form.findByText('Your password was changed. Other devices have been signed out.')).toBeInTheDocument();
    expect(passwordCalls().map((call) => call.body)).toEqual([{ currentPassword: 'old-password-1', newPassword: 'new-password-22' }]);
    for (const label of ['Current password', 'New password', 'Confirm new password']) expect(form.getByLabelText(label)).toHaveValue('');
    // Still signed in here: the server kept this session.
    expect(localStorage.getItem('user_token')).toBe('user-token');
  });

  it('explains a mismatch, a short password and a missing current password before sending anything', async () => {
    const { form, fill, passwordCalls } = await openPasswordForm(() => json(200, { success: true, message: 'Password changed' }));

    await fill('old-password-1', 'new-password-22', 'new-password-23');
    expect(form.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The new passwords do not match');

    await fill('', 'short', 'short');
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is required');
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(/Password must be at least 8 characters/);

    // Empty fields are missing, not too short.
    await fill('old-password-1', '', '');
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(/New password is required$/);
    await fill('old-password-1', 'new-password-22', '');
    expect(form.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Confirm your new password');

    // The same password again would change nothing (the server refuses it too).
    await fill('old-password-1', 'old-password-1', 'old-password-1');
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(/New password must be different from the current password$/);

    expect(passwordCalls()).toEqual([]);
  });

  it("withdraws a field's message as it is edited, and the mismatch when the new password changes", async () => {
    const { form, fill } = await openPasswordForm(() => json(200, { success: true, message: 'Password changed' }));
    await fill('', 'new-password-22', 'new-password-23');
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is required');
    expect(form.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The new passwords do not match');

    await userEvent.type(form.getByLabelText('Current password'), 'o');
    expect(form.getByLabelText('Current password')).toBeValid();
    // Only the edited field loses its message...
    expect(form.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The new passwords do not match');
    // ...except that the mismatch is judged against the new password, so editing that withdraws it too.
    await userEvent.type(form.getByLabelText('New password'), '3');
    expect(form.getByLabelText('Confirm new password')).toBeValid();
    expect(form.getByLabelText('Confirm new password')).not.toHaveAccessibleDescription('The new passwords do not match');
  });

  it("shows the server's answer to a wrong current password next to that field", async () => {
    const { form, fill } = await openPasswordForm(() => json(400, { success: false, message: 'Current password is incorrect' }));
    await fill('not-my-password', 'new-password-22', 'new-password-22');
    await vi.waitFor(() => expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is incorrect'));
    expect(form.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a rate-limit answer as an error', async () => {
    const { form, fill } = await openPasswordForm(() => json(429, { success: false, message: 'Too many requests, please try again in 42 seconds' }));
    await fill('old-password-1', 'new-password-22', 'new-password-22');
    expect(await form.findByRole('alert')).toHaveTextContent('Too many requests, please try again in 42 seconds');
  });
});
