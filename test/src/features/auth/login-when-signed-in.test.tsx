import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi } from '../discovery/discover/fixtures';

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
  it.each([
    { who: 'a user', token: 'user_token', path: '/login', says: 'You are already signed in as User. Go to Home, or sign in with another account below.', link: 'Go to Home', href: '/' },
    { who: 'an admin', token: 'admin_token', path: '/login?tab=admin', says: 'You are already signed in as Admin. Go to the dashboard, or sign in with another account below.', link: 'Go to the dashboard', href: '/admin?tab=dashboard' },
  ])('tells $who so, offers the way on, and keeps the forms', async ({ token, path, says, link, href }) => {
    localStorage.setItem(token, 'a-token');
    mockSession();
    renderApp(path);
    const said = await notice();
    expect(said).toHaveTextContent(says);
    expect(within(said).getByRole('link', { name: link })).toHaveAttribute('href', href);
    expect(screen.getByRole('tab', { name: 'User' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Admin' })).toBeInTheDocument();
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
    await user.type(within(form).getByLabelText('Username or email'), 'alex');
    await user.type(within(form).getByLabelText('Password'), 'correct-horse-battery');
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    watcher.disconnect();
    expect(flashed).toBe(false);
  });
});
