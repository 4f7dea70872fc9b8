import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '../../support/render-app';
import { accountWith, coinPacksReply, meReply, publicConfigReply, renderStoreApp } from './store-fixtures';

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.setItem('user_token', 'user-token'));
afterEach(() => localStorage.clear());

const pricesReply = (extraLikes: number) =>
  json(200, {
    success: true,
    prices: [
      { item: 'extraLikes', title: '10 extra likes', coins: 100, value: { amountMinor: 99, currency: 'USD' } },
      { item: 'boost', title: 'A 30-minute Boost', coins: 200, value: { amountMinor: 198, currency: 'USD' } },
    ],
    extraLikes,
  });

const emptyHistory = () => json(200, { success: true, balance: 0, entries: [], currentPage: 1, totalPages: 1, total: 0 });

describe("the Coins screen's Spend Your Coins", () => {
  it('prices extra likes in coins with their money value, buys them with one click and shows the new balance', async () => {
    let coins = 250;
    let extraLikes = 0;
    const api = mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/user/me': () => meReply(accountWith({ coins })),
      'GET /api/coins/history': emptyHistory,
      'GET /api/store/purchases': () => json(200, { success: true, purchases: [], currentPage: 1, totalPages: 1, total: 0 }),
      'GET /api/coins/prices': () => pricesReply(extraLikes),
      'POST /api/coins/spend': () => {
        coins -= 100;
        extraLikes += 10;
        return json(200, {
          success: true,
          message: '10 extra likes added',
          balance: coins,
          extraLikes,
          boost: null,
          entry: { _id: 'e1', amount: -100, kind: 'spent', reference: '10 extra likes', balanceAfter: coins, createdAt: new Date().toISOString() },
        });
      },
    });
    renderStoreApp('/coins');
    const panel = await screen.findByRole('region', { name: 'Spend Your Coins' });
    expect(await within(panel).findByText('100 coins, about $0.99')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Extra likes are used once your 50 free likes of the day are gone, and never expire. You have 0 extra likes.');

    await user.click(within(panel).getByRole('button', { name: 'Buy 10 extra likes for 100 coins, about $0.99' }));
    expect(await within(panel).findByText('10 extra likes added. You have 10 extra likes.')).toBeInTheDocument();
    const spends = api.calls.filter((call) => call.path === '/api/coins/spend');
    expect(spends).toHaveLength(1);
    expect(spends[0]?.body).toMatchObject({ item: 'extraLikes', attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });
    const balance = screen.getByRole('complementary', { name: 'Your balance' });
    await waitFor(() => expect(balance).toHaveTextContent('150coins'));
  });

  it("says why a spend was refused, in the server's words", async () => {
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/user/me': () => meReply(accountWith({ coins: 20 })),
      'GET /api/coins/history': emptyHistory,
      'GET /api/store/purchases': () => json(200, { success: true, purchases: [], currentPage: 1, totalPages: 1, total: 0 }),
      'GET /api/coins/prices': () => pricesReply(0),
      'POST /api/coins/spend': () => json(409, { success: false, message: 'Not enough coins' }),
    });
    renderStoreApp('/coins');
    const panel = await screen.findByRole('region', { name: 'Spend Your Coins' });
    await user.click(await within(panel).findByRole('button', { name: /^Buy 10 extra likes/ }));
    expect(await within(panel).findByText('Not enough coins')).toBeInTheDocument();
  });

  it('tells a VIP member there is nothing to buy, since their likes have no limit', async () => {
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/user/me': () => meReply(accountWith({ isVIP: true, vipTier: 'Gold', vipUntil: null })),
      'GET /api/coins/history': emptyHistory,
      'GET /api/store/purchases': () => json(200, { success: true, purchases: [], currentPage: 1, totalPages: 1, total: 0 }),
      'GET /api/coins/prices': () => pricesReply(0),
    });
    renderStoreApp('/coins');
    const panel = await screen.findByRole('region', { name: 'Spend Your Coins' });
    expect(await within(panel).findByText('Your VIP likes have no limit. A Boost puts your card first in Discover and Spin for 30 minutes.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Buy 10 extra likes/ })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Buy A 30-minute Boost for 200 coins, about $1.98' })).toBeEnabled();
  });

  it('buys a Boost and says until when it runs', async () => {
    const endsAt = new Date(2026, 10, 30, 14, 32);
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/user/me': () => meReply(accountWith({ coins: 200 })),
      'GET /api/coins/history': emptyHistory,
      'GET /api/store/purchases': () => json(200, { success: true, purchases: [], currentPage: 1, totalPages: 1, total: 0 }),
      'GET /api/coins/prices': () => pricesReply(0),
      'POST /api/coins/spend': () =>
        json(200, {
          success: true,
          message: 'Boost started',
          balance: 0,
          extraLikes: 0,
          boost: { startedAt: new Date(endsAt.getTime() - 30 * 60_000).toISOString(), endsAt: endsAt.toISOString(), source: 'coins', views: 0 },
          entry: { _id: 'e2', amount: -200, kind: 'spent', reference: 'A 30-minute Boost', balanceAfter: 0, createdAt: new Date().toISOString() },
        }),
    });
    renderStoreApp('/coins');
    const panel = await screen.findByRole('region', { name: 'Spend Your Coins' });
    await user.click(await within(panel).findByRole('button', { name: 'Buy A 30-minute Boost for 200 coins, about $1.98' }));
    expect(await within(panel).findByText('Boost started. Your Boost runs until 14:32 · 0 views so far.')).toBeInTheDocument();
  });
});
