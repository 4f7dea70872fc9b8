import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '../../../../contract/admin/console';
import { spinner, watchForElement } from '../../support/ever-shown';
import { delayed, json, mockApi, renderApp } from '../../support/render-app';
import { adminUser, PUBLIC_CONFIG, sentBody, usd } from './fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const maya = adminUser();
const raj = adminUser({ _id: '55555555-5555-4555-8555-555555555555', username: 'raj_k', email: 'raj@example.com', name: 'Raj K' });

function usersApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
    'GET /api/admin/stats': () => json(200, { success: true, users: { total: 2, active: 2, vip: 0, banned: 0 }, revenue: { today: [], thisWeek: [], thisMonth: [] } }),
    'GET /api/admin/activity': () => json(200, { success: true, activity: [] }),
    'GET /api/admin/users': (url) =>
      json(200, {
        success: true,
        users: url.searchParams.get('search') === 'raj' ? [raj] : [maya, raj],
        currentPage: Number(url.searchParams.get('page') ?? 1),
        totalPages: 3,
        total: 22,
      }),
    'GET /api/admin/vipplans': () =>
      json(200, {
        success: true,
        vipPlans: [{ _id: '66666666-6666-4666-8666-666666666666', name: 'Platinum', duration: 90, price: usd(1999), popular: true, features: [], active: true }],
      }),
    ...extra,
  });
}

function usersTable(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Users' })).getByRole('table');
}

function rowOf(username: string): HTMLElement {
  // In the table only: a dialog about the member names them too.
  const row = within(usersTable()).getByText(`@${username}`, { exact: false }).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

describe('Manage Users', () => {
  it('searches, filters and pages through the URL', async () => {
    usersApi();
    const { router } = renderApp('/admin/users');
    expect(await screen.findByRole('region', { name: 'Users' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('22 users')).toBeInTheDocument();
    expect(screen.getByText('Showing page 1 of 3')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search'), 'raj');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'banned');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'raj', filter: 'banned' }));
    await waitFor(() => expect(screen.queryByText('@maya_r', { exact: false })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2, search: 'raj', filter: 'banned' }));
    expect(await screen.findByText('Showing page 2 of 3')).toBeInTheDocument();
  });

  it('opens with the list: the route waits for it, so no loading state shows first', async () => {
    // The list comes a little late, so a page that rendered before it would show its loading state first.
    usersApi({ 'GET /api/admin/users': delayed(100, () => json(200, { success: true, users: [maya, raj], currentPage: 1, totalPages: 3, total: 22 })) });
    const loading = watchForElement(spinner('Loading users'));
    renderApp('/admin/users');
    expect(await screen.findByRole('region', { name: 'Users' }, { timeout: 5000 })).toBeInTheDocument();
    expect(rowOf('maya_r')).toBeInTheDocument();
    expect(loading.stop()).toBe(false);
  });

  it('answers Next at once: the table keeps the page it has, marked busy, until the next one arrives', async () => {
    let releasePage2: () => void = () => {};
    const page2Ready = new Promise<void>((resolve) => {
      releasePage2 = resolve;
    });
    usersApi({
      'GET /api/admin/users': async (url) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        if (page === 2) await page2Ready;
        return json(200, { success: true, users: page === 2 ? [raj] : [maya], currentPage: page, totalPages: 3, total: 22 });
      },
    });
    renderApp('/admin/users');
    expect(await screen.findByText('Showing page 1 of 3', {}, { timeout: 5000 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(usersTable()).toHaveAttribute('aria-busy', 'true'));
    expect(rowOf('maya_r')).toBeInTheDocument();
    releasePage2();
    expect(await screen.findByText('Showing page 2 of 3')).toBeInTheDocument();
    expect(rowOf('raj_k')).toBeInTheDocument();
    expect(usersTable()).toHaveAttribute('aria-busy', 'false');
  });

  it('bans only with a reason, then updates the row in place', async () => {
    const api = usersApi({
      'POST /api/admin/user/11111111-1111-4111-8111-111111111111/ban': (_url, init) => {
        const { reason } = sentBody<{ reason: string }>(init);
        const banned: AdminUser = { ...maya, isBanned: true, banReason: reason, bannedAt: new Date().toISOString() };
        return json(200, { success: true, message: 'maya_r has been banned', user: banned });
      },
    });
    renderApp('/admin/users');
    await screen.findByRole('region', { name: 'Users' }, { timeout: 5000 });
    const listCalls = () => api.calls.filter((call) => call.path === '/api/admin/users').length;
    const before = listCalls();

    await userEvent.click(within(rowOf('maya_r')).getByRole('button', { name: 'Ban maya_r' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban maya_r' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(within(dialog).getByText('A reason is required to ban a user')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.endsWith('/ban'))).toBe(false);

    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.paste('Sending spam links');
    expect(within(dialog).queryByText('A reason is required to ban a user')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.path.endsWith('/ban'))?.body).toEqual({ reason: 'Sending spam links' });

    expect(screen.getByRole('status')).toHaveTextContent('maya_r has been banned');
    const row = rowOf('maya_r');
    expect(within(row).getByText('Banned')).toBeInTheDocument();
    expect(within(row).getByText('Sending spam links')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Unban maya_r' })).toBeInTheDocument();
    expect(listCalls()).toBe(before);
  });

  it("shows the server's refusal inside the ban dialog", async () => {
    usersApi({
      'POST /api/admin/user/11111111-1111-4111-8111-111111111111/ban': () => json(409, { success: false, message: 'maya_r is already banned' }),
    });
    renderApp('/admin/users');
    await screen.findByRole('region', { name: 'Users' }, { timeout: 5000 });
    await userEvent.click(within(rowOf('maya_r')).getByRole('button', { name: 'Ban maya_r' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.paste('spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('maya_r is already banned');
  });

  it('makes a member VIP with the default Gold plan or a chosen plan, and removes VIP', async () => {
    const api = usersApi({
      'POST /api/admin/user/11111111-1111-4111-8111-111111111111/make-vip': () =>
        json(200, { success: true, message: 'maya_r is VIP (Gold) until 2026-12-22', user: { ...maya, isVIP: true, vipTier: 'Gold', vipUntil: '2026-12-22T00:00:00.000Z' } }),
      'POST /api/admin/user/55555555-5555-4555-8555-555555555555/make-vip': () =>
        json(200, { success: true, message: 'raj_k is VIP (Platinum)', user: { ...raj, isVIP: true, vipTier: 'Platinum', vipUntil: '2027-02-20T00:00:00.000Z' } }),
      'POST /api/admin/user/11111111-1111-4111-8111-111111111111/remove-vip': () =>
        json(200, { success: true, message: 'VIP status removed from maya_r', user: maya }),
    });
    renderApp('/admin/users');
    await screen.findByRole('region', { name: 'Users' }, { timeout: 5000 });

    await userEvent.click(within(rowOf('maya_r')).getByRole('button', { name: 'Make maya_r VIP' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make maya_r VIP' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make VIP' }));
    await waitFor(() => expect(within(rowOf('maya_r')).getByText('Gold until Dec 22, 2026')).toBeInTheDocument());
    expect(api.calls.find((call) => call.path.endsWith('/11111111-1111-4111-8111-111111111111/make-vip'))?.body).toEqual({});

    await userEvent.click(within(rowOf('raj_k')).getByRole('button', { name: 'Make raj_k VIP' }));
    dialog = await screen.findByRole('dialog', { name: 'Make raj_k VIP' });
    await within(dialog).findByRole('option', { name: 'Platinum, 90 days' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Membership'), 'Platinum, 90 days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make VIP' }));
    await waitFor(() => expect(within(rowOf('raj_k')).getByText(/Platinum until/)).toBeInTheDocument());
    expect(api.calls.find((call) => call.path.endsWith('/55555555-5555-4555-8555-555555555555/make-vip'))?.body).toEqual({
      planId: '66666666-6666-4666-8666-666666666666',
    });

    await userEvent.click(within(rowOf('maya_r')).getByRole('button', { name: 'Remove VIP from maya_r' }));
    await waitFor(() => expect(within(rowOf('maya_r')).queryByText(/until/)).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('VIP status removed from maya_r');
  });

  it("shows a member's coins and ledger, grants with a reason, and refuses a take past the balance", async () => {
    const entry = (amount: number, kind: string, reference: string, balanceAfter: number, createdAt: string) => ({ _id: crypto.randomUUID(), amount, kind, reference, balanceAfter, createdAt });
    let ledger = [entry(500, 'granted', 'Demo balance', 500, '2026-11-01T10:00:00.000Z')];
    const api = usersApi({
      'GET /api/admin/user/11111111-1111-4111-8111-111111111111/coins': () =>
        json(200, { success: true, balance: ledger[0]?.balanceAfter ?? 0, entries: ledger, currentPage: 1, totalPages: 1, total: ledger.length }),
      'POST /api/admin/user/11111111-1111-4111-8111-111111111111/coins': (_url, init) => {
        const body = sentBody<{ amount: number; reason: string; requestId: string }>(init);
        if (body.amount < -600) return json(409, { success: false, message: 'Not enough coins' });
        const balance = (ledger[0]?.balanceAfter ?? 0) + body.amount;
        const posted = entry(body.amount, body.amount > 0 ? 'granted' : 'taken', body.reason, balance, '2026-11-02T10:00:00.000Z');
        ledger = [posted, ...ledger];
        return json(200, { success: true, message: `Granted 100 coins to maya_r; balance ${balance} coins`, user: { ...maya, coins: balance }, entry: posted });
      },
    });
    renderApp('/admin/users');
    await screen.findByRole('region', { name: 'Users' }, { timeout: 5000 });
    expect(within(rowOf('maya_r')).getByText(String(maya.coins))).toBeInTheDocument();

    await userEvent.click(within(rowOf('maya_r')).getByRole('button', { name: 'Coins of maya_r' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coins of Maya R' });
    expect(await within(dialog).findByRole('cell', { name: 'Granted: Demo balance' })).toBeInTheDocument();
    expect(within(dialog).getByText('500 coins')).toBeInTheDocument();

    // Nothing is sent without a whole number and a reason.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant coins' }));
    expect(within(dialog).getByText('Enter a whole number of coins')).toBeInTheDocument();
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Coins'), '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant coins' }));
    expect(within(dialog).getByText('Enter a whole number of coins')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST' && call.path.endsWith('/coins'))).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText('Coins'));
    await userEvent.type(within(dialog).getByLabelText('Coins'), '100');
    await userEvent.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Contest prize');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant coins' }));
    expect(await within(dialog).findByText('Granted 100 coins to maya_r; balance 600 coins')).toBeInTheDocument();
    const grant = api.calls.find((call) => call.method === 'POST' && call.path.endsWith('/coins'))?.body as { amount: number; reason: string; requestId: string };
    expect(grant).toMatchObject({ amount: 100, reason: 'Contest prize' });
    expect(await within(dialog).findByRole('cell', { name: 'Granted: Contest prize' })).toBeInTheDocument();
    expect(within(dialog).getByText('600 coins')).toBeInTheDocument();
    expect(within(rowOf('maya_r')).getByText('600')).toBeInTheDocument();

    await userEvent.selectOptions(within(dialog).getByLabelText('Change'), 'Take coins');
    await userEvent.type(within(dialog).getByLabelText('Coins'), '700');
    await userEvent.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Chargeback');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take coins' }));
    expect(await within(dialog).findByText('Not enough coins')).toBeInTheDocument();
    const posts = api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/coins')).map((call) => call.body as { amount: number; requestId: string });
    expect(posts.map((post) => post.amount)).toEqual([100, -700]);
    // Each change the operator makes has an id of its own.
    expect(posts[1]?.requestId).not.toBe(grant.requestId);
  });

  it('shows an error state with Try Again when the list fails', async () => {
    usersApi({ 'GET /api/admin/users': () => json(500, {}) });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Error Loading Users' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
