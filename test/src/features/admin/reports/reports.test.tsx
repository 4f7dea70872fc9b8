import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport } from '../../../../../contract/admin/reports';
import { adminKeys } from '../../../../../src/api/admin/console';
import { json, mockApi, renderApp } from '../../../support/render-app';
import { adminUser, PUBLIC_CONFIG, sentBody } from '../fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const MAYA_ID = '11111111-1111-4111-8111-111111111111';
const REPORT_ID = '77777777-7777-4777-8777-777777777777';
const XSS = '<img src=x onerror=alert(1)>';

function report(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    _id: REPORT_ID,
    reason: 'fake_profile',
    reasonLabel: 'Fake profile or impersonation',
    details: 'Uses photos of a celebrity',
    status: 'open',
    messages: [],
    createdAt: '2026-11-20T14:30:00.000Z',
    resolvedAt: null,
    reporter: { _id: '88888888-8888-4888-8888-888888888888', username: 'sam_t', name: 'Sam T' },
    reported: { _id: MAYA_ID, username: 'maya_r', name: 'Maya R', avatar: '', isBanned: false, accountDeleted: false },
    photoId: null,
    photoUrl: null,
    openReportsAgainst: 1,
    ...overrides,
  };
}

const raj = report({
  _id: '99999999-9999-4999-8999-999999999999',
  reason: 'harassment',
  reasonLabel: 'Harassment, threats or hate',
  details: XSS,
  reported: { _id: '55555555-5555-4555-8555-555555555555', username: 'raj_k', name: 'Raj K', avatar: '', isBanned: false, accountDeleted: false },
  openReportsAgainst: 3,
});

const dateTime = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The list answers from `lists` by status; `listUrls` keeps every list request's query. */
function reportsApi(lists: Partial<Record<'open' | 'resolved', AdminReport[]>>, extra: Parameters<typeof mockApi>[0] = {}) {
  const listUrls: URL[] = [];
  const api = mockApi({
    'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
    'GET /api/admin/reports': (url) => {
      listUrls.push(url);
      const status = url.searchParams.get('status') === 'resolved' ? 'resolved' : 'open';
      const reports = lists[status] ?? [];
      return json(200, { success: true, reports, currentPage: Number(url.searchParams.get('page') ?? 1), totalPages: 1, total: reports.length });
    },
    ...extra,
  });
  return { ...api, listUrls };
}

function rowOf(username: string): HTMLElement {
  const row = screen.getByText(`@${username}`).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

async function openScreen(path = '/admin/reports') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Member reports' }, { timeout: 5000 });
  return view;
}

describe('Member reports', () => {
  it('shows each report: reason label, the details as plain text, the reporter and the weight of several reports', async () => {
    reportsApi({ open: [report(), raj, report({ _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', details: '  ' })] });
    await openScreen();
    const table = await screen.findByRole('region', { name: 'Reports' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Reported',
      'Reason',
      'Details',
      'Reporter',
      'Reported on',
      'Actions',
    ]);

    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByText('Fake profile or impersonation')).toBeInTheDocument();
    expect(within(first).getByText('Uses photos of a celebrity')).toBeInTheDocument();
    expect(within(first).getByText('Sam T')).toBeInTheDocument();
    expect(within(first).getByText('@sam_t')).toBeInTheDocument();
    expect(within(first).getByText(dateTime('2026-11-20T14:30:00.000Z'))).toBeInTheDocument();
    expect(within(first).queryByText(/open reports/)).not.toBeInTheDocument();

    const rajRow = rowOf('raj_k');
    expect(within(rajRow).getByText('Harassment, threats or hate')).toBeInTheDocument();
    expect(within(rajRow).getByText('3 open reports')).toBeInTheDocument();
    // The member's words show as typed: no element is made of them.
    expect(within(rajRow).getByText(XSS)).toBeInTheDocument();
    expect(table.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();

    expect(screen.getByText('No details')).toBeInTheDocument();
    expect(within(rajRow).getByRole('button', { name: 'Resolve report about Raj K' })).toBeInTheDocument();
    expect(within(rajRow).getByRole('button', { name: 'Ban Raj K' })).toBeInTheDocument();
  });

  it('folds long details behind Show all, and never short ones', async () => {
    const long = 'He asked for money for a plane ticket. '.repeat(10);
    reportsApi({ open: [report({ details: long }), raj] });
    await openScreen();
    const toggle = await within(rowOf('maya_r')).findByRole('button', { name: 'Show all of the report about Maya R' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Folded only to the eye: the whole text is there for screen readers and search.
    expect(within(rowOf('maya_r')).getByText(long.trim())).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(within(rowOf('maya_r')).getByRole('button', { name: 'Show less of the report about Maya R' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(rowOf('raj_k')).queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('shows the conversation a report from a chat attached, behind a toggle, as plain text with who wrote each line', async () => {
    const fromChat = report({
      messages: [
        { fromReported: false, text: 'hi', sentAt: '2026-11-20T14:00:00.000Z' },
        { fromReported: true, text: XSS, sentAt: '2026-11-20T14:05:00.000Z' },
      ],
    });
    reportsApi({ open: [fromChat, raj] });
    await openScreen();
    const row = rowOf('maya_r');
    const toggle = within(row).getByRole('button', { name: 'Show the conversation with Maya R (2 messages)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(row).queryByRole('list', { name: 'Conversation with Maya R' })).toBeNull();
    await userEvent.click(toggle);
    const lines = within(within(row).getByRole('list', { name: 'Conversation with Maya R' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      `Reporter · ${dateTime('2026-11-20T14:00:00.000Z')}hi`,
      `Maya R · ${dateTime('2026-11-20T14:05:00.000Z')}${XSS}`,
    ]);
    expect(row.querySelector('img[src="x"]')).toBeNull();
    // A report made elsewhere has no conversation to show.
    expect(within(rowOf('raj_k')).queryByRole('button', { name: /conversation/i })).toBeNull();
  });

  it('keeps a report whose reporter has deleted their account, marked so', async () => {
    reportsApi({ open: [report({ reporter: null })] });
    await openScreen();
    const row = rowOf('maya_r');
    expect(within(row).getByText('Deleted account')).toBeInTheDocument();
    expect(within(row).getByText('Uses photos of a celebrity')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Resolve report about Maya R' })).toBeInTheDocument();
  });

  it('keeps a report whose reported member has deleted their account: named by username, with nobody to ban', async () => {
    const gone = { _id: MAYA_ID, username: 'maya_r', name: 'maya_r', avatar: '/api/media/avatar/maya_r', isBanned: false, accountDeleted: true };
    reportsApi({ open: [report({ reported: gone, openReportsAgainst: 2 })] });
    await openScreen();
    const row = rowOf('maya_r');
    expect(within(row).getByText('Deleted account')).toBeInTheDocument();
    expect(within(row).getByText('2 open reports')).toBeInTheDocument();
    expect(within(row).getByText('Uses photos of a celebrity')).toBeInTheDocument();
    expect(within(row).getByText('Account deleted')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Ban/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Resolve report about maya_r' })).toBeInTheDocument();
  });

  it('offers no Ban for a member who is already banned', async () => {
    reportsApi({ open: [report({ reported: { ...report().reported, isBanned: true }, openReportsAgainst: 2 })] });
    await openScreen();
    const row = rowOf('maya_r');
    expect(within(row).getByText('Banned')).toBeInTheDocument();
    expect(within(row).getByText('2 open reports')).toBeInTheDocument();
    expect(within(row).getByText('Already banned')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Ban/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Resolve report about Maya R' })).toBeInTheDocument();
  });

  it('says so when there are no open or no resolved reports', async () => {
    reportsApi({ open: [], resolved: [] });
    await openScreen();
    expect(await screen.findByRole('heading', { name: 'No open reports' })).toBeInTheDocument();
    expect(screen.getByText('Reports from members show up here.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'resolved');
    expect(await screen.findByRole('heading', { name: 'No resolved reports yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No open reports' })).not.toBeInTheDocument();
  });

  it('resolves a report, shows the server message and reloads the queue without it', async () => {
    const open = [report(), raj];
    const api = reportsApi(
      { open },
      {
        [`POST /api/admin/reports/${REPORT_ID}/resolve`]: () => {
          // The server's queue no longer holds it.
          open.splice(0, 1);
          return json(200, { success: true, message: 'Report resolved' });
        },
      },
    );
    await openScreen();
    await screen.findByRole('region', { name: 'Reports' });

    await userEvent.click(within(rowOf('maya_r')).getByRole('button', { name: 'Resolve report about Maya R' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Report resolved');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`/api/admin/reports/${REPORT_ID}/resolve`]);
    await waitFor(() => expect(screen.queryByText('@maya_r')).not.toBeInTheDocument());
    expect(rowOf('raj_k')).toBeInTheDocument();
  });

  it("shows the server's refusal when the report is gone", async () => {
    reportsApi(
      { open: [report()] },
      { 'POST /api/admin/reports/77777777-7777-4777-8777-777777777777/resolve': () => json(404, { success: false, message: 'Report not found' }) },
    );
    await openScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve report about Maya R' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Report not found');
  });

  it('bans the reported member through the ban dialog, with a reason, and marks the users list stale', async () => {
    const api = reportsApi(
      { open: [report()] },
      {
        [`POST /api/admin/user/${MAYA_ID}/ban`]: (_url, init) => {
          const { reason } = sentBody<{ reason: string }>(init);
          return json(200, { success: true, message: 'maya_r has been banned', user: adminUser({ isBanned: true, banReason: reason }) });
        },
      },
    );
    const { queryClient } = await openScreen();
    const usersKey = adminKeys.users({ page: 1, filter: 'all' });
    queryClient.setQueryData(usersKey, { success: true, users: [adminUser()], currentPage: 1, totalPages: 1, total: 1 });
    await screen.findByRole('region', { name: 'Reports' });
    const before = api.listUrls.length;

    await userEvent.click(within(rowOf('maya_r')).getByRole('button', { name: 'Ban Maya R' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban maya_r' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(within(dialog).getByText('A reason is required to ban a user')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.endsWith('/ban'))).toBe(false);

    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.paste('Fake profile, reported by three people');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.path === `/api/admin/user/${MAYA_ID}/ban`)?.body).toEqual({ reason: 'Fake profile, reported by three people' });
    expect(screen.getByRole('status')).toHaveTextContent('maya_r has been banned');
    await waitFor(() => expect(api.listUrls.length).toBeGreaterThan(before));
    expect(queryClient.getQueryState(usersKey)?.isInvalidated).toBe(true);
  });

  it('shows when resolved reports were resolved, and no actions', async () => {
    const done = report({ status: 'resolved', resolvedAt: '2026-11-21T09:15:00.000Z' });
    reportsApi({ resolved: [done] });
    await openScreen('/admin/reports?status=resolved');
    const table = await screen.findByRole('region', { name: 'Reports' });
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Outcome');
    expect(within(rowOf('maya_r')).getAllByRole('cell').at(-1)).toHaveTextContent(`Resolved ${dateTime('2026-11-21T09:15:00.000Z')}`);
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('asks the server for the chosen queue and keeps the choice in the address', async () => {
    const api = reportsApi({ open: [report()], resolved: [report({ _id: REPORT_ID, status: 'resolved', resolvedAt: '2026-11-21T09:15:00.000Z' })] });
    const { router } = await openScreen();
    await screen.findByRole('button', { name: 'Resolve report about Maya R' });
    expect(api.listUrls.at(-1)?.searchParams.get('status')).toBe('open');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Resolved');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'resolved' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resolve report about Maya R' })).not.toBeInTheDocument());
    expect(api.listUrls.at(-1)?.searchParams.get('status')).toBe('resolved');
    expect(api.listUrls.at(-1)?.searchParams.get('page')).toBe('1');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Open');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('button', { name: 'Resolve report about Maya R' })).toBeInTheDocument();
  });

  it('shows an error state with Try Again when the list fails', async () => {
    reportsApi({}, { 'GET /api/admin/reports': () => json(500, {}) });
    await openScreen();
    expect(await screen.findByRole('heading', { name: 'Error Loading Reports' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch reports')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
