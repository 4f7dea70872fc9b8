import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi } from '../discover/fixtures';

// Login stays usable when signed in (a user may add the admin session there,
// as the SPEC's separate tokens allow), but says who is signed in already.
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

function mockSession() {
  return mockShellApi({
    'GET /api/user/me': () => json(200, { user: me() }),
    'POST /api/auth/login': () => json(200, { success: true, message: 'Login successful', token: 'user-token' }),
  });
}

const notice = () => screen.findByText(/You are already signed in as/);

describe('Login for someone already signed in', () => {
  it('tells a user, offers the way home, and keeps both forms', async () => {
    localStorage.setItem('user_token', 'user-token');
    mockSession();
    renderApp('/login');
    const said = await notice();
    expect(said).toHaveTextContent('You are already signed in as User. Go to Home, or sign in with another account below.');
    expect(within(said).getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('form', { name: 'User sign in' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Admin' })).toBeInTheDocument();
  });

  it('tells an admin, and offers the dashboard', async () => {
    localStorage.setItem('admin_token', 'admin-token');
    mockSession();
    renderApp('/login?tab=admin');
    const said = await notice();
    expect(said).toHaveTextContent('You are already signed in as Admin.');
    expect(within(said).getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/admin?tab=dashboard');
  });

  it('says nothing of the kind to a visitor, nor while their own sign-in leaves the page', async () => {
    mockSession();
    const { router } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'User sign in' });
    expect(screen.queryByText(/You are already signed in/)).toBeNull();
    // Every change to the page is checked, so even one render of the notice between signing in and leaving counts.
    let flashed = false;
    const watcher = new MutationObserver(() => {
      if (document.body.textContent?.includes('You are already signed in')) flashed = true;
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    const user = userEvent.setup({ delay: null });
    await user.type(within(form).getByLabelText('Username'), 'alex');
    await user.type(within(form).getByLabelText('Password'), 'correct-horse-battery');
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    watcher.disconnect();
    expect(flashed).toBe(false);
  });
});
