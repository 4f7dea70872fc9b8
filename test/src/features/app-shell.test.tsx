import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findLogout, json, mockApi, renderApp, roleStatement } from '../support/render-app';

vi.mock('../../../src/features/auth/browser-effects', () => ({ reloadHome: vi.fn() }));
const { reloadHome } = await import('../../../src/features/auth/browser-effects');

const publicConfig = { success: true, data: { config: { appName: 'Orbit' } } };

beforeEach(() => {
  localStorage.clear();
  vi.mocked(reloadHome).mockClear();
  mockApi({ 'GET /api/config/public': () => json(200, publicConfig) });
});
afterEach(() => localStorage.clear());

describe('the app shell', () => {
  it('shows Login and Sign Up to a visitor, and no Admin link', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    const menu = within(header).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Features', 'Discover', 'Radar', 'Spin', 'Live', 'Matches', 'Messages', 'Coins', 'VIP', 'Store', 'Blog', 'Download']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('closes the phone menu with Escape, and gives focus back to the Menu button', async () => {
    renderApp('/');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await userEvent.tab();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it('closes the phone menu on a tap outside the header', async () => {
    renderApp('/');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await userEvent.click(within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' }));
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('contentinfo'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('names the product from the public config', async () => {
    mockApi({ 'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit Live' } } }) });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Orbit Live home' })).toBeInTheDocument();
  });

  it('keeps the default name when the config cannot be fetched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /api/config/public': () => json(500, { success: false, message: 'Internal server error' }) });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Orbit home' })).toBeInTheDocument();
  });

  it('tells screen readers a user token is a User, with Logout among the account entries, and no Admin link', async () => {
    localStorage.setItem('user_token', 'user-token');
    renderApp('/');
    const header = await screen.findByRole('banner');
    // The role is said, not shown: the member's own photo and name stand for them (see account-menu.test.tsx).
    expect(roleStatement('User')).toBeInTheDocument();
    expect(within(header).queryByText('User')).not.toBeInTheDocument();
    expect(await findLogout()).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows the Admin badge and the Admin link with an admin token', async () => {
    localStorage.setItem('admin_token', 'admin-token');
    renderApp('/');
    const header = await screen.findByRole('banner');
    const badge = roleStatement('Admin');
    expect(badge).toBeVisible();
    expect(badge).toHaveTextContent('Admin');
    await userEvent.click(within(header).getByRole('button', { name: 'Menu' }));
    expect(within(header).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('logout removes both tokens and reloads the home page', async () => {
    localStorage.setItem('user_token', 'user-token');
    localStorage.setItem('admin_token', 'admin-token');
    renderApp('/');
    await userEvent.click(await findLogout());
    expect(localStorage.getItem('user_token')).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(reloadHome).toHaveBeenCalledTimes(1);
    // Until home replaces the page it stays as it was, Logout busy, rather than flashing the visitor header.
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('sends /admin to /login without an admin token', async () => {
    localStorage.setItem('user_token', 'user-token');
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('tab', { name: 'User' })).toBeInTheDocument();
  });

  it('shows a not-found page with a way home for an unknown path', async () => {
    renderApp('/definitely-not-a-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · Orbit'));
  });

  it('names each page in the browser tab, and moves focus to the new page after a link', async () => {
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('Orbit: meet people near you'));
    // The first page keeps the browser's own start.
    expect(screen.getByRole('main')).not.toHaveFocus();

    const footer = await screen.findByRole('contentinfo');
    await userEvent.click(within(footer).getByRole('link', { name: 'Features' }));
    await waitFor(() => expect(document.title).toBe('Features · Orbit'));
    // A screen reader announces the new page, and the next Tab starts in it.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('has the footer on every page, with the legal pages linked and the app-store entries inert', async () => {
    renderApp('/features');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Orbit. All rights reserved.`)).toBeInTheDocument();
    for (const entry of ['Google Play', 'App Store']) {
      expect(within(footer).getByText(entry).closest('a')).toBeNull();
    }
    for (const link of ['Home', 'Features', 'Blog', 'Download']) {
      expect(within(footer).getByRole('link', { name: link })).toBeInTheDocument();
    }
    for (const [name, href] of [['Privacy Policy', '/privacy'], ['Terms of Service', '/terms'], ['Cookie Policy', '/cookies']]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});
