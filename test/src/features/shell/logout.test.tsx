import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findLogout, json, mockApi, renderApp, siteHeader } from '../../support/render-app';

vi.mock('../../../../src/features/auth/browser-effects', () => ({ reloadHome: vi.fn() }));
const { reloadHome } = await import('../../../../src/features/auth/browser-effects');

const publicConfig = { success: true, data: { config: { appName: 'Orbit' } } };

/** The bearer token of every POST /api/auth/logout the app sent, in order. */
function recordLogouts(answer: () => Response | Promise<Response>) {
  const revoked: string[] = [];
  mockApi({
    'GET /api/config/public': () => json(200, publicConfig),
    // Home's pricing reads the VIP plans; without them it would show its own error, which is not this test's.
    'GET /api/store/vipplans': () => json(200, { success: true, vipPlans: [] }),
    'POST /api/auth/logout': (_url, init) => {
      revoked.push(new Headers(init?.headers).get('authorization') ?? '');
      return answer();
    },
  });
  return revoked;
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(reloadHome).mockClear();
});
afterEach(() => localStorage.clear());

// The first test renders the whole app cold, which takes tens of seconds on a loaded machine.
describe('Logout in the header', { timeout: 60_000 }, () => {
  it('ends each stored session on the server, then removes both tokens and reloads home', async () => {
    localStorage.setItem('user_token', 'user-token');
    localStorage.setItem('admin_token', 'admin-token');
    const revoked = recordLogouts(() => json(200, { success: true, message: 'Logged out' }));
    renderApp('/');

    await userEvent.click(await findLogout());

    expect(revoked.sort()).toEqual(['Bearer admin-token', 'Bearer user-token']);
    expect(localStorage.getItem('user_token')).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(reloadHome).toHaveBeenCalledTimes(1);
  });

  it('still signs the browser out when the server cannot be reached', async () => {
    localStorage.setItem('user_token', 'user-token');
    const revoked = recordLogouts(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/');

    await userEvent.click(await findLogout());

    expect(revoked).toEqual(['Bearer user-token']);
    expect(localStorage.getItem('user_token')).toBeNull();
    expect(reloadHome).toHaveBeenCalledTimes(1);
    expect(within(siteHeader()).getByRole('button', { name: 'Logout' })).toBeDisabled();
  });

  it('signs out when the server says the session had already ended', async () => {
    localStorage.setItem('user_token', 'user-token');
    recordLogouts(() => json(401, { success: false, message: 'Session expired, please sign in again' }));
    renderApp('/');

    await userEvent.click(await findLogout());

    expect(localStorage.getItem('user_token')).toBeNull();
    expect(reloadHome).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
