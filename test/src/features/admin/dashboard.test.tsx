import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconciliationRun } from '../../../../contract/store/reconciliation';
import { spinner, watchForElement } from '../../support/ever-shown';
import { json, mockApi, renderApp } from '../../support/render-app';
import { activityEntry, adminUser, PUBLIC_CONFIG, STATS, usd } from './fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const baseRoutes = {
  'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
  'GET /api/admin/activity': () => json(200, { success: true, activity: [activityEntry()] }),
  'GET /api/admin/reconciliation': () => json(200, { success: true, runs: [] }),
};

describe('Admin dashboard', () => {
  it('redirects to /login without an admin token, on every admin route', async () => {
    localStorage.clear();
    mockApi(baseRoutes);
    for (const path of ['/admin', '/admin/users', '/admin/withdrawals', '/admin/catalogue', '/admin/settings']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toEqual({ tab: 'admin', redirect: path });
      unmount();
    }
  });

  it('opens with the user and revenue cards in dollars and the real recent activity, with no loading state first', async () => {
    let releaseStats: () => void = () => {};
    const statsReady = new Promise<void>((resolve) => {
      releaseStats = resolve;
    });
    const { calls } = mockApi({
      ...baseRoutes,
      'GET /api/admin/stats': async () => {
        await statsReady;
        return json(200, { success: true, ...STATS });
      },
    });
    const loading = watchForElement(spinner('Loading dashboard'));
    renderApp('/admin');

    // The route waits for the stats (issue 46): the dashboard does not show before them, then shows whole.
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/stats')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    releaseStats();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Content Manager' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText('Total Users')).toBeInTheDocument();
    expect(loading.stop()).toBe(false);
    const card = (label: string) => screen.getByText(label).closest('div');
    expect(card('Total Users')).toHaveTextContent('1,234');
    expect(card('Active Users')).toHaveTextContent('321');
    expect(card('VIP Users')).toHaveTextContent('45');
    expect(card('Banned Users')).toHaveTextContent('6');
    expect(card('Revenue Today')).toHaveTextContent('$1,234.50');
    expect(card('Revenue This Week')).toHaveTextContent('$9,876.25');
    expect(card('Revenue This Month')).toHaveTextContent('$45,678.00');

    const activity = screen.getByRole('heading', { name: 'Recent Activity' }).closest('section');
    expect(activity).not.toBeNull();
    expect(await within(activity as HTMLElement).findByText('admin banned maya_r')).toBeInTheDocument();
    expect(within(activity as HTMLElement).getByText('Sending spam links')).toBeInTheDocument();
    expect(within(activity as HTMLElement).getByText('5 minutes ago')).toBeInTheDocument();
  });

  it('shows a sum per currency paid in on a revenue card, and $0.00 for a period with no purchases', async () => {
    const revenue = { today: [], thisWeek: [usd(1200), { amountMinor: 300, currency: 'EUR' }], thisMonth: [usd(5)] };
    mockApi({ ...baseRoutes, 'GET /api/admin/stats': () => json(200, { success: true, ...STATS, revenue }) });
    renderApp('/admin');
    expect(await screen.findByText('Revenue Today', {}, { timeout: 5000 })).toBeInTheDocument();
    const card = (label: string) => screen.getByText(label).closest('div');
    expect(card('Revenue Today')).toHaveTextContent('$0.00');
    expect(card('Revenue This Week')).toHaveTextContent('$12.00 + €3.00');
    expect(card('Revenue This Month')).toHaveTextContent('$0.05');
  });

  it("shows the daily reconciliation's latest run: all agreeing, or what to look into", async () => {
    const run: ReconciliationRun = { day: '2026-11-29', startedAt: '2026-11-30T00:01:00.000Z', finishedAt: '2026-11-30T00:01:02.000Z', paymentsChecked: 3, membersOffLedger: [], paymentMismatches: [] };
    let runs: ReconciliationRun[] = [run];
    mockApi({ ...baseRoutes, 'GET /api/admin/stats': () => json(200, { success: true, ...STATS }), 'GET /api/admin/reconciliation': () => json(200, { success: true, runs }) });
    const first = renderApp('/admin');
    const panel = await screen.findByRole('region', { name: 'Daily Reconciliation' });
    expect(await within(panel).findByText('2026-11-29: every balance matches its ledger, and the provider confirms all 3 payments granted.')).toBeInTheDocument();
    first.unmount();

    runs = [{ ...run, membersOffLedger: [{ userId: 'member-7', balance: 777, ledgerSum: 0 }], paymentMismatches: [{ purchaseId: 'purchase-9', reason: 'granted, but the provider says open' }] }];
    renderApp('/admin');
    const troubled = await screen.findByRole('region', { name: 'Daily Reconciliation' });
    expect(await within(troubled).findByText('2026-11-29: look into these (3 payments checked).')).toBeInTheDocument();
    expect(within(troubled).getByText('Member member-7: balance 777, ledger 0')).toBeInTheDocument();
    expect(within(troubled).getByText('Purchase purchase-9: granted, but the provider says open')).toBeInTheDocument();
  });

  it("shows 'Error Loading Dashboard' with the server's message, and Try Again loads it", async () => {
    let fail = true;
    mockApi({
      ...baseRoutes,
      'GET /api/admin/stats': () => (fail ? json(500, { success: false, message: 'Database unavailable' }) : json(200, { success: true, ...STATS })),
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Error Loading Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Error Loading Dashboard' })).not.toBeInTheDocument();
  });

  it('falls back to the SPEC text when the stats call fails without a message', async () => {
    mockApi({ ...baseRoutes, 'GET /api/admin/stats': () => new Response('oops', { status: 502 }) });
    renderApp('/admin');
    expect(await screen.findByText('Failed to fetch dashboard stats')).toBeInTheDocument();
  });

  it('quick actions open working screens', async () => {
    mockApi({
      ...baseRoutes,
      'GET /api/admin/stats': () => json(200, { success: true, ...STATS }),
      'GET /api/admin/users': () => json(200, { success: true, users: [adminUser()], currentPage: 1, totalPages: 1, total: 1 }),
      'GET /api/admin/withdrawals/all': () => json(200, { success: true, withdrawals: [], currentPage: 1, totalPages: 1, total: 0 }),
      'GET /api/config/app': () =>
        json(200, { success: true, data: { configs: { appName: { value: 'Orbit', type: 'string', description: 'Product name', public: true } } } }),
    });
    const { router } = renderApp('/admin');
    const quickActions = (await screen.findByRole('heading', { name: 'Quick Actions' })).closest('section') as HTMLElement;
    expect(within(quickActions).getAllByRole('link').map((link) => link.textContent)).toEqual([
      expect.stringContaining('Content Manager'),
      expect.stringContaining('Manage Users'),
      expect.stringContaining('Withdrawals'),
      expect.stringContaining('Member Reports'),
      expect.stringContaining('Live Streams'),
      expect.stringContaining('Store Catalogue'),
      expect.stringContaining('Settings'),
    ]);

    await userEvent.click(within(quickActions).getByRole('link', { name: /Manage Users/ }));
    expect(await screen.findByRole('heading', { name: 'Manage Users', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('maya@example.com', { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: /Dashboard/ }));
    await userEvent.click(await screen.findByRole('link', { name: /Withdrawals/ }));
    expect(await screen.findByRole('heading', { name: 'No withdrawals' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: /Dashboard/ }));
    await userEvent.click(await screen.findByRole('link', { name: /Settings/ }));
    expect(await screen.findByLabelText('App name')).toHaveValue('Orbit');

    await userEvent.click(screen.getByRole('link', { name: /Dashboard/ }));
    await userEvent.click(await screen.findByRole('link', { name: /Content Manager/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'content' }));
    expect(screen.getByRole('tab', { name: 'Content Manager' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Home Page Content' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Blog Management' })).toBeInTheDocument();
  });
});
