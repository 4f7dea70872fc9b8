import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '../../support/render-app';
import { accountWith, coinPacksReply, heldReply, meReply, noSubscriptionReply, publicConfigReply, renderStoreApp, vipPlansReply } from './store-fixtures';

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the Store screen', () => {
  it('shows a spinner until both lists arrive, then coin packs and VIP memberships with their buttons and links', async () => {
    const plans = heldReply();
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/coinpacks': () => coinPacksReply(), 'GET /api/store/subscription': noSubscriptionReply, 'GET /api/store/vipplans': plans.handler });
    renderStoreApp('/store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Store' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the store');

    plans.release(() => vipPlansReply());
    const coins = await screen.findByRole('region', { name: 'Coin Packs' });
    expect(within(coins).getAllByRole('button', { name: 'Buy Now' })).toHaveLength(4);
    expect(within(coins).getByRole('link', { name: 'How to earn coins' })).toHaveAttribute('href', '/coins');
    const vip = screen.getByRole('region', { name: 'VIP Memberships' });
    expect(within(vip).getAllByRole('button', { name: 'Get VIP' })).toHaveLength(3);
    expect(within(vip).getByRole('link', { name: 'See all VIP benefits' })).toHaveAttribute('href', '/vip');
    expect(within(vip).getByText('RECOMMENDED')).toBeInTheDocument();
    expect(within(coins).getByText('MOST POPULAR')).toBeInTheDocument();
  });

  it("shows the signed-in user's real balance, the same number as on Coins", async () => {
    localStorage.setItem('user_token', 'user-token');
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/store/subscription': noSubscriptionReply,
      'GET /api/store/vipplans': () => vipPlansReply(),
      'GET /api/user/me': () => meReply(accountWith({ coins: 500 })),
    });
    renderStoreApp('/store');
    await screen.findByRole('region', { name: 'Coin Packs' });
    expect(screen.getByRole('complementary', { name: 'Your balance' })).toHaveTextContent('500coins');
  });

  it("shows 'Error Loading Store' when a list fails, and Try Again loads it", async () => {
    let fail = true;
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/store/subscription': noSubscriptionReply,
      'GET /api/store/vipplans': () => (fail ? json(500, { success: false, message: 'Internal server error' }) : vipPlansReply()),
    });
    renderStoreApp('/store');
    expect(await screen.findByRole('heading', { name: 'Error Loading Store' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'VIP Memberships' })).toBeInTheDocument();
  });

  it('shows each section empty on its own', async () => {
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/coinpacks': () => coinPacksReply([]), 'GET /api/store/subscription': noSubscriptionReply, 'GET /api/store/vipplans': () => vipPlansReply() });
    renderStoreApp('/store');
    expect(await screen.findByRole('heading', { name: 'No coin packs on sale' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Get VIP' })).toHaveLength(3);
  });
});
