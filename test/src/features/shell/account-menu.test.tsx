import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mediaConditions } from '../../../../src/ui';
import { fakeMediaConditions } from '../../support/fake-media';
import { json, renderApp, roleStatement, siteHeader } from '../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../discovery/discover/fixtures';

const PHOTO = '/api/photos/0a1b2c3d-0000-4000-8000-0000000000a1/320.webp';

signedInForEachTest();

/** The site header, once the app has drawn it. */
async function header() {
  await screen.findAllByRole('banner');
  return within(siteHeader());
}

describe('The account menu, from desktop up', () => {
  let media: ReturnType<typeof fakeMediaConditions>;
  beforeEach(() => {
    media = fakeMediaConditions([mediaConditions.desktop]);
  });
  afterEach(() => media.restore());

  it("shows the member's photo and name instead of a 'User' badge, which stays for screen readers", async () => {
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me({ avatar: PHOTO }) }) });
    renderApp('/');
    const toggle = await (await header()).findByRole('button', { name: 'Alex Demo, account menu' });
    const photo = toggle.querySelector('img');
    expect(photo).toHaveAttribute('src', PHOTO);
    expect(photo?.getAttribute('srcset')).toContain('/api/photos/0a1b2c3d-0000-4000-8000-0000000000a1/640.webp 640w');
    expect(roleStatement('User')).toBeInTheDocument();
    expect(within(siteHeader()).queryByText('User')).not.toBeInTheDocument();
    // Logout is one of the account's entries now, not beside the badge.
    expect(within(siteHeader()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('opens Profile, Settings and Logout; Escape closes it and gives focus back to the button', async () => {
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }) });
    renderApp('/');
    const bar = await header();
    const toggle = await bar.findByRole('button', { name: 'Alex Demo, account menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!panel) throw new Error('the button controls no panel');
    expect(within(panel).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(panel).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeEnabled();

    // The entries follow the button in the tab order.
    await userEvent.tab();
    expect(within(panel).getByRole('link', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(bar.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('closes when focus leaves it, or on a click elsewhere', async () => {
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }) });
    renderApp('/');
    const toggle = await (await header()).findByRole('button', { name: 'Alex Demo, account menu' });
    await userEvent.click(toggle);
    await userEvent.tab(); // Profile
    await userEvent.tab(); // Creator earnings
    await userEvent.tab(); // Settings
    await userEvent.tab(); // Logout
    expect(within(siteHeader()).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await userEvent.tab();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('contentinfo'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('leads to the Settings page, with the same sections as the dialog', async () => {
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'GET /api/auth/sessions': () => json(200, { success: true, sessions: [] }),
    });
    const { router } = renderApp('/');
    await userEvent.click(await (await header()).findByRole('button', { name: 'Alex Demo, account menu' }));
    await userEvent.click(within(siteHeader()).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    // The page's sections sit under its h1.
    expect(await screen.findByRole('heading', { level: 2, name: 'Location for the radar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show me on the radar' })).toBeChecked();
    // The entry closed behind the member, and says where they are.
    expect(within(siteHeader()).getByRole('button', { name: 'Alex Demo, account menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows an admin the Admin badge beside their own name', async () => {
    localStorage.clear();
    localStorage.setItem('admin_token', 'admin-token');
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me({ role: 'admin', username: 'admin', profile: { ...me().profile, name: 'Orbit Admin' } }) }) });
    renderApp('/');
    expect(await (await header()).findByRole('button', { name: 'Orbit Admin, account menu' })).toBeInTheDocument();
    expect(roleStatement('Admin')).toBeVisible();
  });
});

describe('The account entries on a phone', () => {
  it('close the Menu, under the photo and name', async () => {
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me({ avatar: PHOTO }) }) });
    renderApp('/');
    const bar = await header();
    const menu = await bar.findByRole('button', { name: 'Menu' });
    // The member's photo is in the Menu button, as decoration: its name stays "Menu".
    await waitFor(() => expect(menu.querySelector('img')).toHaveAttribute('src', PHOTO));
    expect(bar.queryByRole('button', { name: /account menu/ })).not.toBeInTheDocument();

    await userEvent.click(menu);
    const account = await bar.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('Alex Demo')).toBeInTheDocument();
    expect(within(account).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(account).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(account).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(bar.getByRole('navigation', { name: 'Main' })).getByRole('region', { name: 'Account' })).toBe(account);
  });

  it('say "Account" when the account cannot be read, and still offer Logout', async () => {
    mockShellApi({ 'GET /api/user/me': () => json(500, { success: false, message: 'Internal server error' }) });
    renderApp('/');
    await userEvent.click(await (await header()).findByRole('button', { name: 'Menu' }));
    const account = await (await header()).findByRole('region', { name: 'Account' });
    expect(within(account).getByText('Account')).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
