import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CREATOR_FIRST_PENDING_DAYS, CREATOR_PENDING_DAYS, CREATOR_SHARE_PERCENT, CREATOR_TERMS_SUMMARY, type CreatorStatusResponse, type Earning } from '../../../../contract/creators';
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
      balances: [{ currency: 'USD', pendingMinor: 45, withdrawableMinor: 0, test: true }],
      earnings: [earning('e2', 15, 'Night market', '2026-12-01T18:00:00.000Z'), earning('e1', 30, 'Morning run', '2026-11-30T08:00:00.000Z')],
    });
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/user/me': () => meReply(), 'GET /api/creators/me': () => json(200, status) });
    renderApp('/creator');
    const balance = await screen.findByRole('region', { name: 'Test earnings (USD, no money moved)' });
    expect(balance).toHaveTextContent('Withdrawable$0.00');
    expect(balance).toHaveTextContent('Pending$0.45');
    const totals = screen.getByRole('region', { name: 'By stream and by day' });
    expect(within(totals).getByText('Night market').parentElement).toHaveTextContent('$0.15 (test)');
    expect(within(totals).getByText('Morning run').parentElement).toHaveTextContent('$0.30 (test)');
    const gifts = within(screen.getByRole('region', { name: 'Gifts received, newest first' })).getAllByRole('row');
    expect(gifts.slice(1).map((row) => row.textContent)).toEqual([expect.stringContaining('Heart (30 coins)Omar') as unknown, expect.stringContaining('Morning run$0.30 (test)') as unknown]);
  });
});
