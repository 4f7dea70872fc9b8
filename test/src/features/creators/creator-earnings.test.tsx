import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CREATOR_FIRST_PENDING_DAYS, CREATOR_PENDING_DAYS, CREATOR_SHARE_PERCENT, CREATOR_TERMS_SUMMARY,
  WITHDRAWAL_MIN_MINOR, type CreatorStatusResponse, type Earning, type MemberWithdrawal } from '../../../../contract/creators';
import { json, mockApi, renderApp } from '../../support/render-app';
import { meReply, publicConfigReply } from '../store/store-fixtures';

// The Creator earnings page: enrolling with the published terms, then the
// balances, the totals by stream and by day, and each gift received.

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.setItem('user_token', 'user-token'));
afterEach(() => localStorage.clear());

function statusWith(overrides: Partial<CreatorStatusResponse> = {}): CreatorStatusResponse {
  return {
    success: true,
    enrolled: false,
    sharePercent: CREATOR_SHARE_PERCENT,
    pendingDays: CREATOR_PENDING_DAYS,
    firstPendingDays: CREATOR_FIRST_PENDING_DAYS,
    terms: [...CREATOR_TERMS_SUMMARY],
    balances: [],
    earnings: [],
    minimumWithdrawalMinor: WITHDRAWAL_MIN_MINOR,
    withdrawals: [],
    yearlyTotals: [],
    identity: null,
    ...overrides,
  };
}

const earning = (id: string, amountMinor: number, streamTitle: string, earnedAt: string): Earning => ({
  _id: id,
  amount: { amountMinor, currency: 'USD' },
  test: true,
  giftName: 'Heart',
  giftIcon: '💖',
  coins: 30,
  senderName: 'Omar',
  streamId: `stream-${streamTitle}`,
  streamTitle,
  earnedAt,
  availableAt: '2027-01-30T12:00:00.000Z',
});

const GIVEN_IDENTITY = { legalName: 'Maya Rivera', birthDate: '1996-04-12', address: '12 Harbour Street, Lisbon', taxIdEnding: '6789', submittedAt: '2026-11-20T10:00:00.000Z', checkedAt: null };

const paidOut = (id: string, decided: Partial<MemberWithdrawal>): MemberWithdrawal => ({
  _id: id,
  amount: { amountMinor: 2500, currency: 'USD' },
  test: false,
  method: 'Bank transfer (IBAN)',
  accountEnding: '3000',
  status: 'pending',
  reference: null,
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
  ...decided,
});

describe('the Creator earnings page', () => {
  it('shows the terms and enrols the member once they accept them', async () => {
    const enrolled = statusWith({ enrolled: true });
    const { calls } = mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/user/me': () => meReply(),
      'GET /api/creators/me': () => json(200, statusWith()),
      'POST /api/creators/me': () => json(200, enrolled),
    });
    renderApp('/creator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Creator earnings' })).toBeInTheDocument();
    for (const line of CREATOR_TERMS_SUMMARY) expect(screen.getByText(line)).toBeInTheDocument();
    const become = screen.getByRole('button', { name: 'Become a creator' });
    expect(become).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the creator terms' }));
    await user.click(become);
    expect(await screen.findByText('No earnings yet. Go live: gifts your viewers send show here.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/creators/me').map((call) => call.body)).toEqual([{ acceptTerms: true }]);
  });

  it('shows pending and withdrawable earnings, totals by stream and by day, and each gift', async () => {
    const status = statusWith({
      enrolled: true,
      balances: [
        { currency: 'USD', pendingMinor: 45, withdrawableMinor: 0, owedMinor: 0, test: true },
        { currency: 'EUR', pendingMinor: 0, withdrawableMinor: 0, owedMinor: 120, test: false },
      ],
      earnings: [earning('e2', 15, 'Night market', '2026-12-01T18:00:00.000Z'), earning('e1', 30, 'Morning run', '2026-11-30T08:00:00.000Z')],
      yearlyTotals: [{ year: 2026, currency: 'EUR', test: false, earnedMinor: 4500, paidOutMinor: 2500 }],
      withdrawals: [
        paidOut('w2', { status: 'approved', reference: 'PAYPAL-8F2K1' }),
        paidOut('w1', { status: 'rejected', reason: 'The IBAN is not in your name' }),
      ],
    });
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/user/me': () => meReply(), 'GET /api/creators/me': () => json(200, status) });
    renderApp('/creator');
    const balance = await screen.findByRole('region', { name: 'Test earnings (USD, no money moved)' });
    expect(balance).toHaveTextContent('Withdrawable$0.00');
    expect(balance).toHaveTextContent('Pending$0.45');
    expect(balance).not.toHaveTextContent('Owed');
    const owing = screen.getByRole('region', { name: 'Earnings (EUR)' });
    expect(owing).toHaveTextContent('Owed€1.20');
    expect(owing).toHaveTextContent('New earnings settle what you owe before you can withdraw again.');
    expect(within(owing).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    const totals = screen.getByRole('region', { name: 'By stream and by day' });
    expect(within(totals).getByText('Night market').parentElement).toHaveTextContent('$0.15 (test)');
    expect(within(totals).getByText('Morning run').parentElement).toHaveTextContent('$0.30 (test)');
    const years = within(screen.getByRole('region', { name: 'By year, for tax reporting' })).getAllByRole('row');
    expect(years[1]).toHaveTextContent('2026€45.00€25.00');
    const withdrawals = within(screen.getByRole('region', { name: 'Your withdrawals, newest first' })).getAllByRole('row');
    expect(withdrawals.slice(1).map((row) => row.lastChild?.textContent)).toEqual(['Paid · reference PAYPAL-8F2K1', 'Rejected: The IBAN is not in your name']);
    const gifts = within(screen.getByRole('region', { name: 'Gifts received, newest first' })).getAllByRole('row');
    expect(gifts.slice(1).map((row) => row.textContent)).toEqual([expect.stringContaining('Heart (30 coins)Omar') as unknown, expect.stringContaining('Morning run$0.30 (test)') as unknown]);
  });

  it('withdraws: the amount and the account, a review, then the request shows as Requested', async () => {
    const requested: MemberWithdrawal = {
      _id: 'w1',
      amount: { amountMinor: 3000, currency: 'USD' },
      test: false,
      method: 'PayPal',
      accountEnding: '.com',
      status: 'pending',
      reference: null,
      reason: null,
      createdAt: '2026-12-01T10:00:00.000Z',
      decidedAt: null,
    };
    let status = statusWith({ enrolled: true, identity: GIVEN_IDENTITY, balances: [{ currency: 'USD', pendingMinor: 0, withdrawableMinor: 5000, owedMinor: 0, test: false }] });
    const { calls } = mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/user/me': () => meReply(),
      'GET /api/creators/me': () => json(200, status),
      'POST /api/creators/me/withdrawals': () => {
        status = { ...status, balances: [{ currency: 'USD', pendingMinor: 0, withdrawableMinor: 2000, owedMinor: 0, test: false }], withdrawals: [requested] };
        return json(201, { success: true, message: 'Withdrawal requested', withdrawal: requested });
      },
    });
    renderApp('/creator');
    const balance = await screen.findByRole('region', { name: 'Earnings (USD)' });
    await user.click(within(balance).getByRole('button', { name: 'Withdraw' }));
    const form = await screen.findByRole('form', { name: 'Withdraw earnings' });
    const amount = within(form).getByRole('textbox', { name: 'Amount (USD)' });
    expect(amount).toHaveValue('50.00');
    await user.clear(amount);
    await user.type(amount, '60');
    await user.type(within(form).getByRole('textbox', { name: 'PayPal email' }), 'maya@example.com');
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    expect(within(form).getByText('Enter an amount from $20.00 to $50.00')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Withdraw $30.00 to PayPal maya@example.com?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('Withdrawal requested. It shows below as Requested until an admin pays it.')).toBeInTheDocument();
    const posted = calls.filter((call) => call.method === 'POST' && call.path === '/api/creators/me/withdrawals').map((call) => call.body);
    expect(posted).toEqual([{ requestId: expect.any(String) as unknown, amountMinor: 3000, currency: 'USD', test: false, method: 'paypal', account: 'maya@example.com' }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));

    const list = await screen.findByRole('region', { name: 'Your withdrawals, newest first' });
    expect(within(list).getAllByRole('row')[1]).toHaveTextContent('$30.00PayPal ending .comRequested');
    expect(screen.getByRole('region', { name: 'Earnings (USD)' })).toHaveTextContent('Withdrawable$20.00');
  });

  it('says why a request was refused, and tries the same request again', async () => {
    const refusal = 'You can withdraw at most 20.00 USD; you asked for 30.00 USD';
    const status = statusWith({ enrolled: true, identity: GIVEN_IDENTITY, balances: [{ currency: 'USD', pendingMinor: 0, withdrawableMinor: 3000, owedMinor: 0, test: false }] });
    const { calls } = mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/user/me': () => meReply(),
      'GET /api/creators/me': () => json(200, status),
      'POST /api/creators/me/withdrawals': () => json(400, { success: false, message: refusal }),
    });
    renderApp('/creator');
    await user.click(within(await screen.findByRole('region', { name: 'Earnings (USD)' })).getByRole('button', { name: 'Withdraw' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pay to' }), 'iban');
    await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'DE89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    const ids = calls.filter((call) => call.method === 'POST' && call.path === '/api/creators/me/withdrawals').map((call) => (call.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  });

  it('asks for the identity before a withdrawal, saves it, and shows it waiting for a check', async () => {
    let status = statusWith({ enrolled: true, balances: [{ currency: 'USD', pendingMinor: 0, withdrawableMinor: 5000, owedMinor: 0, test: false }] });
    const { calls } = mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/user/me': () => meReply(),
      'GET /api/creators/me': () => json(200, status),
      'PUT /api/creators/me/identity': () => {
        status = { ...status, identity: GIVEN_IDENTITY };
        return json(200, { success: true, identity: GIVEN_IDENTITY });
      },
    });
    renderApp('/creator');
    const balance = await screen.findByRole('region', { name: 'Earnings (USD)' });
    expect(within(balance).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(balance).toHaveTextContent('Give your identity for payouts first');
    const form = screen.getByRole('form', { name: 'Your identity for payouts' });
    await user.type(within(form).getByRole('textbox', { name: 'Legal name' }), 'Maya Rivera');
    await user.type(within(form).getByLabelText('Date of birth'), '1996-04-12');
    await user.type(within(form).getByRole('textbox', { name: 'Address' }), '12 Harbour Street, Lisbon');
    await user.type(within(form).getByRole('textbox', { name: 'Tax id' }), 'PT123456789');
    await user.click(within(form).getByRole('button', { name: 'Save identity' }));
    expect(await screen.findByText(/Waiting for Orbit's check/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your identity for payouts' })).toHaveTextContent('Maya Rivera');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { legalName: 'Maya Rivera', birthDate: '1996-04-12', address: '12 Harbour Street, Lisbon', taxId: 'PT123456789' },
    ]);
    expect(within(screen.getByRole('region', { name: 'Earnings (USD)' })).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });
});
