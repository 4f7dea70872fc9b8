import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MFA_CODE_INVALID, SECOND_STEP_MESSAGE } from '../../../../contract/auth/mfa';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi } from '../discovery/discover/fixtures';

// Issue 37 finding 4 on the Login screen: the code step after the password, and an
// admin's obligatory enrolment (production) ending signed in after the recovery codes.
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());
const user = userEvent.setup({ delay: null });

const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${String(index).padStart(2, '0')}`);

async function signInWithPassword(role: 'User' | 'Admin') {
  const form = await screen.findByRole('form', { name: `${role} sign in` });
  await user.type(within(form).getByLabelText('Username or email'), role === 'Admin' ? 'admin' : 'alex');
  await user.type(within(form).getByLabelText('Password'), 'correct-horse-battery');
  await user.click(within(form).getByRole('button', { name: role === 'Admin' ? 'Sign in as Admin' : 'Sign In' }));
}

describe('two-step sign-in', () => {
  it('asks for the code after the password, shows a wrong code, and signs in with the right one or a recovery code', async () => {
    const codes: Array<{ ticket: unknown; code: unknown }> = [];
    const { calls } = mockShellApi({
      'POST /api/auth/login': () => json(200, { success: true, message: SECOND_STEP_MESSAGE, secondFactor: 'code', ticket: 'ticket-1' }),
      'POST /api/auth/login/code': (_url, init) => {
        const body = JSON.parse(init?.body as string) as { ticket: string; code: string };
        codes.push(body);
        return body.code === '654321' || body.code === RECOVERY_CODES[0]
          ? json(200, { success: true, message: 'Login successful', token: 'user-token' })
          : json(401, { success: false, message: MFA_CODE_INVALID });
      },
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/matches': () => json(200, { matches: [] }),
    });
    const { router } = renderApp('/login?redirect=%2Fmatch');
    await signInWithPassword('User');

    const step = await screen.findByRole('form', { name: 'Two-step verification' });
    const field = within(step).getByLabelText('Authentication code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(localStorage.getItem('user_token')).toBeNull();

    // Not six digits: said at the field, nothing sent.
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(codes).toEqual([]);

    await user.type(field, '111111');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByRole('alert')).toHaveTextContent(MFA_CODE_INVALID);
    expect(router.state.location.pathname).toBe('/login');

    await user.click(within(step).getByRole('button', { name: 'Use a recovery code' }));
    const recovery = within(step).getByLabelText('Recovery code');
    await waitFor(() => expect(recovery).toHaveFocus());
    await user.type(recovery, RECOVERY_CODES[0] ?? '');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'));
    expect(localStorage.getItem('user_token')).toBe('user-token');
    expect(codes).toEqual([
      { ticket: 'ticket-1', code: '111111' },
      { ticket: 'ticket-1', code: RECOVERY_CODES[0] },
    ]);
    expect(calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(1);
  });

  it('goes back to the password form on "Back to sign in"', async () => {
    mockShellApi({ 'POST /api/auth/login': () => json(200, { success: true, message: SECOND_STEP_MESSAGE, secondFactor: 'code', ticket: 'ticket-1' }) });
    renderApp('/login');
    await signInWithPassword('User');
    const step = await screen.findByRole('form', { name: 'Two-step verification' });
    await user.click(within(step).getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('form', { name: 'User sign in' })).toBeInTheDocument();
  });

  it('makes an admin without an authenticator enrol before signing in (production), and signs in after the recovery codes', async () => {
    const confirmations: unknown[] = [];
    mockShellApi({
      'POST /api/admin/login': () => json(200, { ok: true, message: 'Set up', secondFactor: 'enrol', ticket: 'enrol-ticket' }),
      'POST /api/auth/login/enrol': () =>
        json(200, { success: true, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Orbit:admin?secret=JBSWY3DPEHPK3PXP', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      'POST /api/auth/login/enrol/confirm': (_url, init) => {
        const body = JSON.parse(init?.body as string) as { code: string };
        confirmations.push(body);
        return body.code === '246810'
          ? json(200, { success: true, message: 'Two-step verification is on', token: 'admin-token', recoveryCodes: RECOVERY_CODES })
          : json(400, { success: false, message: MFA_CODE_INVALID });
      },
      'GET /api/user/me': () => json(200, { user: { ...me(), role: 'admin', username: 'admin' } }),
    });
    const { router } = renderApp('/login?tab=admin');
    await signInWithPassword('Admin');
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));

    expect(await screen.findByRole('img', { name: /QR code for your authenticator app/ })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Confirm your authenticator app' });
    await user.type(within(form).getByLabelText('6-digit code'), '000000');
    await user.click(within(form).getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(MFA_CODE_INVALID);
    expect(localStorage.getItem('admin_token')).toBeNull();

    await user.clear(within(form).getByLabelText('6-digit code'));
    await user.type(within(form).getByLabelText('6-digit code'), '246810');
    await user.click(within(form).getByRole('button', { name: 'Turn on two-step verification' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY_CODES);
    // Not signed in until the codes have been seen.
    expect(localStorage.getItem('admin_token')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have saved these' }));
    await waitFor(() => expect(localStorage.getItem('admin_token')).toBe('admin-token'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(confirmations).toEqual([
      { ticket: 'enrol-ticket', code: '000000' },
      { ticket: 'enrol-ticket', code: '246810' },
    ]);
  });
});
