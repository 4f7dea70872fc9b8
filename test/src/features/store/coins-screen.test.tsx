import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '../../support/render-app';
import { accountWith, COIN_PACKS, coinPacksReply, heldReply, meReply, publicConfigReply, renderStoreApp } from './store-fixtures';

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const packCard = (name: string) => screen.getByRole('article', { name });

describe('the Coins screen', () => {
  it('shows a spinner while the packs load, then the packs with prices and the MOST POPULAR flag', async () => {
    const packs = heldReply();
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/coinpacks': packs.handler });
    renderStoreApp('/coins');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Coins' })).toBeInTheDocument();
    expect(screen.getByText('Use coins to unlock special features')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading coin packs');
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();

    packs.release(() => coinPacksReply());
    await screen.findByRole('article', { name: 'Value Pack' });
    expect(screen.queryByText('Loading coin packs')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Buy Now' })).toHaveLength(4);
    expect(screen.getAllByText('MOST POPULAR')).toHaveLength(1);
    expect(within(packCard('Value Pack')).getByText('MOST POPULAR')).toBeInTheDocument();
    expect(within(packCard('Value Pack')).getByText('$4.99')).toBeInTheDocument();
    expect(packCard('Premium Pack')).toHaveTextContent('1,200 coins');
    expect(within(packCard('Starter Pack')).getByText('$0.99')).toBeInTheDocument();
    expect(within(packCard('Starter Pack')).queryByText('MOST POPULAR')).not.toBeInTheDocument();
    // The admin's order is kept.
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby') && within(card).getByRole('heading').textContent)).toEqual(
      COIN_PACKS.map((pack) => pack.name),
    );
  });

  it('lists the ways coins are really earned, with their limits', async () => {
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/coinpacks': () => coinPacksReply() });
    renderStoreApp('/coins');
    const panel = await screen.findByRole('region', { name: 'How to Earn Coins' });
    const ways = within(panel).getAllByRole('listitem').map((item) => item.textContent);
    expect(ways).toEqual([
      'Complete your profile+50 coins, once: add a photo, an about text and interests',
      'Like profiles+5 coins for each person you like, up to 50 coins a day',
      'Go live+10 coins per viewer who watches your stream for a minute, up to 500 coins a stream',
    ]);
  });

  it("shows the signed-in user's real balance", async () => {
    localStorage.setItem('user_token', 'user-token');
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/user/me': () => meReply(accountWith({ coins: 1234 })),
    });
    renderStoreApp('/coins');
    const balance = await screen.findByRole('complementary', { name: 'Your balance' });
    await waitFor(() => expect(balance).toHaveTextContent('1,234coins'));
    expect(balance).not.toHaveTextContent('owed');
  });

  it('tells a member who owes coins for a reversed payment what that means for spending', async () => {
    localStorage.setItem('user_token', 'user-token');
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/user/me': () => meReply(accountWith({ coins: 0, coinsOwed: 1200 })),
    });
    renderStoreApp('/coins');
    const balance = await screen.findByRole('complementary', { name: 'Your balance' });
    await waitFor(() => expect(balance).toHaveTextContent('1,200 coins owed for a payment your bank reversed: new coins settle it first, and spending waits until then.'));
  });

  it("shows the signed-in member's coin history, newest first, and pages through it", async () => {
    localStorage.setItem('user_token', 'user-token');
    const entry = (index: number, amount: number, kind: string, reference: string) => ({
      _id: `entry-${index}`,
      amount,
      kind,
      reference,
      balanceAfter: 100 + index,
      createdAt: new Date(Date.UTC(2026, 10, index, 12)).toISOString(),
    });
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/user/me': () => meReply(accountWith({ coins: 300 })),
      'GET /api/coins/history': (url) =>
        url.searchParams.get('page') === '2'
          ? json(200, { success: true, balance: 300, entries: [entry(1, 500, 'granted', 'Demo balance')], currentPage: 2, totalPages: 2, total: 3 })
          : json(200, { success: true, balance: 300, entries: [entry(3, -25, 'spent', 'Boost'), entry(2, 300, 'granted', 'Welcome gift')], currentPage: 1, totalPages: 2, total: 3 }),
    });
    renderStoreApp('/coins');
    const section = await screen.findByRole('region', { name: 'Coin History' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^Spent: Boost.*−25$/), expect.stringMatching(/^Granted by Orbit: Welcome gift.*\+300$/)]);
    expect(within(items[0] as HTMLElement).getByLabelText('minus 25 coins')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: /next/i }));
    await waitFor(() => expect(within(section).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Granted by Orbit: Demo balance/)]));
  });

  it('tells a member with no coin history what will show there', async () => {
    localStorage.setItem('user_token', 'user-token');
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => coinPacksReply(),
      'GET /api/user/me': () => meReply(accountWith({ coins: 0 })),
      'GET /api/coins/history': () => json(200, { success: true, balance: 0, entries: [], currentPage: 1, totalPages: 1, total: 0 }),
    });
    renderStoreApp('/coins');
    const section = await screen.findByRole('region', { name: 'Coin History' });
    expect(await within(section).findByRole('heading', { name: 'No coin history yet' })).toBeInTheDocument();
  });

  it('invites a visitor to sign in instead of showing a balance', async () => {
    const api = mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/coinpacks': () => coinPacksReply() });
    renderStoreApp('/coins');
    const balance = await screen.findByRole('complementary', { name: 'Your balance' });
    expect(balance).toHaveTextContent('Sign in to see your balance and buy coins.');
    expect(within(balance).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?redirect=%2Fcoins');
    await screen.findByRole('article', { name: 'Value Pack' });
    expect(api.calls.some((call) => call.path === '/api/user/me')).toBe(false);
    expect(api.calls.some((call) => call.path === '/api/coins/history')).toBe(false);
    expect(screen.queryByRole('region', { name: 'Coin History' })).not.toBeInTheDocument();
  });

  it("shows 'Error Loading Data' with the server's message, and Try Again loads the packs", async () => {
    let fail = true;
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/coinpacks': () => (fail ? json(503, { success: false, message: 'The store is resting' }) : coinPacksReply()),
    });
    renderStoreApp('/coins');
    expect(await screen.findByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The store is resting');
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Value Pack' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Error Loading Data' })).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to load coin data' when the server says nothing", async () => {
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/coinpacks': () => new Response('oops', { status: 500 }) });
    renderStoreApp('/coins');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load coin data');
    expect(screen.getByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
  });

  it('shows an empty state when no pack is on sale', async () => {
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/coinpacks': () => coinPacksReply([]) });
    renderStoreApp('/coins');
    expect(await screen.findByRole('heading', { name: 'No coin packs on sale' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
  });
});
