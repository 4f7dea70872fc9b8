import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Withdrawal } from '../../../../contract/admin/console';
import { json, mockApi, renderApp } from '../../support/render-app';
import { PUBLIC_CONFIG, usd, withdrawal, sentBody } from './fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const first = withdrawal();
const second = withdrawal({
  _id: '77777777-7777-4777-8777-777777777777',
  user: { _id: '55555555-5555-4555-8555-555555555555', username: 'raj_k', email: 'raj@example.com', avatar: '' },
  amount: usd(1250),
  amountCoins: 1250,
  method: 'UPI',
});
const done = withdrawal({ _id: '88888888-8888-4888-8888-888888888888', status: 'approved', txnId: 'TXN-OLD', decidedAt: '2026-11-02T10:00:00.000Z' });

function withdrawalsApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
    'GET /api/admin/activity': () => json(200, { success: true, activity: [] }),
    'GET /api/admin/withdrawals/all': (url) => {
      const status = url.searchParams.get('status');
      const all = [first, second, done].filter((item) => !status || item.status === status);
      return json(200, { success: true, withdrawals: all, currentPage: 1, totalPages: 1, total: all.length });
    },
    ...extra,
  });
}

function rowOf(username: string, amount: string): HTMLElement {
  const row = screen.getAllByText(amount).map((cell) => cell.closest('tr')).find((candidate) => candidate?.textContent?.includes(username));
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

describe('Withdrawals', () => {
  it('approves with a transaction id and rejects with a reason; decided rows offer no decision', async () => {
    const decide = (status: 'approved' | 'rejected' | 'returned', item: Withdrawal) => (_url: URL, init: RequestInit | undefined) => {
      const body = sentBody<{ txnId?: string; reason?: string; feeMinor?: number }>(init);
      const fee = body.feeMinor === undefined ? item.fee : { amountMinor: body.feeMinor, currency: item.amount.currency };
      const decided = { ...item, status, txnId: body.txnId ?? null, fee, reason: body.reason ?? null, decidedAt: new Date().toISOString() };
      return json(200, { success: true, message: `Withdrawal ${status}`, withdrawal: decided });
    };
    const api = withdrawalsApi({
      [`POST /api/admin/withdrawals/approve/${first._id}`]: decide('approved', first),
      [`POST /api/admin/withdrawals/reject/${second._id}`]: decide('rejected', second),
      [`POST /api/admin/withdrawals/returned/${first._id}`]: decide('returned', { ...first, txnId: 'PAYPAL-123' }),
    });
    renderApp('/admin/withdrawals');
    await screen.findByRole('region', { name: 'Withdrawals' }, { timeout: 5000 });
    expect(within(rowOf('maya_r', '$25.00')).getByText('Pending')).toBeInTheDocument();
    expect(within(rowOf('maya_r', '$25.00')).getByText('2,500 coins')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Approve withdrawal of maya_r' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText('Transaction id is required')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Transaction id'));
    await userEvent.paste('PAYPAL-123');
    expect(within(dialog).queryByText('Transaction id is required')).not.toBeInTheDocument();
    // The payout's fee comes out of the amount: more than the amount is refused before anything is sent.
    const fee = within(dialog).getByLabelText('Fee (USD)');
    await userEvent.clear(fee);
    await userEvent.type(fee, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText('Enter a fee from 0 to $25.00')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('/approve/'))).toBe(false);
    await userEvent.clear(fee);
    await userEvent.type(fee, '0.35');
    expect(within(dialog).getByText('What the payout cost, out of the amount: $24.65 reached the member.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.path.includes('/approve/'))?.body).toEqual({ txnId: 'PAYPAL-123', feeMinor: 35 });
    const approvedRow = rowOf('maya_r', '$25.00');
    expect(within(approvedRow).getByText('Approved')).toBeInTheDocument();
    expect(within(approvedRow).getByText(/Txn PAYPAL-123/)).toBeInTheDocument();
    expect(within(approvedRow).getByText('Fee $0.35, sent $24.65')).toBeInTheDocument();
    // Paid: no decision left but to mark the payout returned, should it bounce.
    expect(within(approvedRow).getAllByRole('button').map((button) => button.textContent)).toEqual(['Mark returned']);
    expect(screen.getByRole('status')).toHaveTextContent('Withdrawal approved: maya_r');

    await userEvent.click(screen.getByRole('button', { name: 'Reject withdrawal of raj_k' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.paste('Payout name does not match');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const rejectedRow = rowOf('raj_k', '$12.50');
    expect(within(rejectedRow).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejectedRow).getByText(/Payout name does not match/)).toBeInTheDocument();
    expect(within(rejectedRow).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(rowOf('maya_r', '$25.00')).getByRole('button', { name: 'Mark the payout to maya_r returned' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark payout returned' });
    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.paste('The PayPal account is closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark returned' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const returnedRow = rowOf('maya_r', '$25.00');
    expect(within(returnedRow).getByText('Returned')).toBeInTheDocument();
    expect(within(returnedRow).getByText(/The PayPal account is closed/)).toBeInTheDocument();
    expect(within(returnedRow).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows a banned member's pending withdrawal frozen, with Approve off and Reject on, where to pay it, gifts from the creator's own address, open reports, what they earned and owe", async () => {
    const frozen = withdrawal({ frozen: true, test: true, amountCoins: null, giftsFromOwnAddress: 3, openReports: 2, earned: usd(4000), owed: usd(1250) });
    withdrawalsApi({
      'GET /api/admin/withdrawals/all': () => json(200, { success: true, withdrawals: [frozen], currentPage: 1, totalPages: 1, total: 1 }),
    });
    renderApp('/admin/withdrawals');
    await screen.findByRole('region', { name: 'Withdrawals' }, { timeout: 5000 });
    const row = rowOf('maya_r', '$25.00');
    expect(within(row).getByText('Frozen: member banned')).toBeInTheDocument();
    expect(within(row).getByText('Test')).toBeInTheDocument();
    expect(within(row).getByText('3 gifts from their own address')).toBeInTheDocument();
    expect(within(row).getByText('2 open reports')).toBeInTheDocument();
    expect(within(row).getByText('Owes $12.50')).toBeInTheDocument();
    expect(within(row).getByText('Earned in all $40.00')).toBeInTheDocument();
    expect(within(row).getByText('maya.payouts@example.com')).toBeInTheDocument();
    expect(within(row).queryByText(/coins/)).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Approve withdrawal of maya_r' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Reject withdrawal of maya_r' })).toBeEnabled();
  });

  it('shows the 409 when someone else decided first, and refreshes the list', async () => {
    const api = withdrawalsApi({
      [`POST /api/admin/withdrawals/approve/${first._id}`]: () =>
        json(409, { success: false, message: 'This withdrawal was already rejected; only a pending withdrawal can be decided' }),
    });
    renderApp('/admin/withdrawals');
    await screen.findByRole('region', { name: 'Withdrawals' }, { timeout: 5000 });
    const lists = () => api.calls.filter((call) => call.path === '/api/admin/withdrawals/all').length;
    const before = lists();
    await userEvent.click(screen.getByRole('button', { name: 'Approve withdrawal of maya_r' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Transaction id'));
    await userEvent.paste('T-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This withdrawal was already rejected');
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('keeps a settled payout whose member has deleted their account, marked so', async () => {
    const orphan = withdrawal({ _id: '99999999-9999-4999-8999-999999999999', user: null, status: 'rejected', reason: 'Name does not match', decidedAt: '2026-11-03T10:00:00.000Z' });
    withdrawalsApi({
      'GET /api/admin/withdrawals/all': () => json(200, { success: true, withdrawals: [orphan, first], currentPage: 1, totalPages: 1, total: 2 }),
    });
    renderApp('/admin/withdrawals');
    await screen.findByRole('region', { name: 'Withdrawals' }, { timeout: 5000 });
    const row = rowOf('Deleted account', '$25.00');
    expect(within(row).getByText('Deleted account')).toBeInTheDocument();
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).getByText(/Name does not match/)).toBeInTheDocument();
    expect(within(rowOf('maya_r', '$25.00')).getByText('maya@example.com')).toBeInTheDocument();
  });

  it('filters by status through the URL', async () => {
    withdrawalsApi();
    const { router } = renderApp('/admin/withdrawals');
    await screen.findByRole('region', { name: 'Withdrawals' }, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'approved');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'approved' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Approve withdrawal/ })).not.toBeInTheDocument());
    expect(screen.getByText(/Txn TXN-OLD/)).toBeInTheDocument();
  });

  it("records a creator's identity as checked, only once the sanctions screening is ticked", async () => {
    const identity = { legalName: 'Maya Rivera', birthDate: '1996-04-12', address: '12 Harbour Street, Lisbon', taxId: 'PT123456789', checkedAt: null };
    let unchecked = withdrawal({ identity });
    const api = withdrawalsApi({
      'GET /api/admin/withdrawals/all': () => json(200, { success: true, withdrawals: [unchecked], currentPage: 1, totalPages: 1, total: 1 }),
      'POST /api/admin/creators/11111111-1111-4111-8111-111111111111/identity-check': () => {
        unchecked = withdrawal({ identity: { ...identity, checkedAt: '2026-12-01T10:00:00.000Z' } });
        return json(200, { success: true, identity: { ...identity, taxIdEnding: '6789', submittedAt: '2026-11-30T10:00:00.000Z', checkedAt: '2026-12-01T10:00:00.000Z' } });
      },
    });
    renderApp('/admin/withdrawals');
    await screen.findByRole('region', { name: 'Withdrawals' }, { timeout: 5000 });
    const row = rowOf('maya_r', '$25.00');
    expect(row).toHaveTextContent('Maya Rivera, born 1996-04-12; tax id PT123456789');
    await userEvent.click(within(row).getByRole('button', { name: 'Check the identity of maya_r' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check identity' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record as checked' }));
    expect(api.calls.filter((call) => call.path.includes('/identity-check'))).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /screened the name against sanctions lists/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record as checked' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.path.includes('/identity-check'))?.body).toEqual({ sanctionsScreened: true });
    expect(await within(rowOf('maya_r', '$25.00')).findByText('Identity checked')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Identity checked: maya_r');
  });
});
