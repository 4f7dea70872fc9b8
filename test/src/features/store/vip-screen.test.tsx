import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '../../support/render-app';
import { accountWith, heldReply, meReply, noSubscriptionReply, publicConfigReply, renderStoreApp, vipPlansReply } from './store-fixtures';

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const expiry = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));

describe('the VIP screen', () => {
  it('shows a spinner, then the plans with price, billing period, RECOMMENDED and Get VIP', async () => {
    const plans = heldReply();
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/subscription': noSubscriptionReply, 'GET /api/store/vipplans': plans.handler });
    renderStoreApp('/vip');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading VIP plans');

    plans.release(() => vipPlansReply());
    const platinum = await screen.findByRole('article', { name: 'Platinum' });
    expect(within(platinum).getByText('RECOMMENDED')).toBeInTheDocument();
    expect(within(platinum).getByText('every 3 months, renews until you cancel')).toBeInTheDocument();
    expect(within(platinum).getByText('$19.99')).toBeInTheDocument();
    expect(within(platinum).getByRole('list', { name: 'Platinum includes' })).toHaveTextContent('See Who Liked You');
    expect(screen.getAllByText('RECOMMENDED')).toHaveLength(1);
    expect(within(screen.getByRole('article', { name: 'Diamond' })).getByText('every 12 months, renews until you cancel')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Get VIP' })).toHaveLength(3);
  });

  it('lists the four benefits', async () => {
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/subscription': noSubscriptionReply, 'GET /api/store/vipplans': () => vipPlansReply() });
    renderStoreApp('/vip');
    const panel = await screen.findByRole('region', { name: 'VIP Benefits' });
    const titles = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(titles).toEqual(['Unlimited Likes', 'See Who Liked You', 'Boost Profile', 'Incognito Mode']);
  });

  it("invites a visitor to 'Unlock VIP Features'", async () => {
    mockApi({ 'GET /api/config/public': publicConfigReply, 'GET /api/store/subscription': noSubscriptionReply, 'GET /api/store/vipplans': () => vipPlansReply() });
    renderStoreApp('/vip');
    expect(await screen.findByRole('region', { name: 'Unlock VIP Features' })).toBeInTheDocument();
    expect(screen.queryByText(/You are a VIP member/)).not.toBeInTheDocument();
  });

  it("invites a signed-in user who is not VIP to 'Unlock VIP Features'", async () => {
    localStorage.setItem('user_token', 'user-token');
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/subscription': noSubscriptionReply,
      'GET /api/store/vipplans': () => vipPlansReply(),
      'GET /api/user/me': () => meReply(accountWith({ isVIP: false })),
    });
    renderStoreApp('/vip');
    const banner = await screen.findByRole('region', { name: 'Unlock VIP Features' });
    expect(banner).toHaveTextContent('message anyone');
  });

  it('shows a VIP member their membership and its expiry date', async () => {
    localStorage.setItem('user_token', 'user-token');
    const vipUntil = '2025-12-31T12:00:00.000Z';
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/subscription': noSubscriptionReply,
      'GET /api/store/vipplans': () => vipPlansReply(),
      'GET /api/user/me': () => meReply(accountWith({ isVIP: true, vipTier: 'Platinum', vipUntil })),
    });
    renderStoreApp('/vip');
    const banner = await screen.findByRole('region', { name: 'You are a VIP member' });
    expect(banner).toHaveTextContent(`Your Platinum membership is active until ${expiry(vipUntil)}.`);
    expect(banner).toHaveTextContent('December 31, 2025');
    expect(screen.queryByRole('region', { name: 'Unlock VIP Features' })).not.toBeInTheDocument();
  });

  it("says so when a VIP membership has no end date", async () => {
    localStorage.setItem('user_token', 'user-token');
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/subscription': noSubscriptionReply,
      'GET /api/store/vipplans': () => vipPlansReply(),
      'GET /api/user/me': () => meReply(accountWith({ isVIP: true, vipTier: null, vipUntil: null })),
    });
    renderStoreApp('/vip');
    const banner = await screen.findByRole('region', { name: 'You are a VIP member' });
    expect(banner).toHaveTextContent('Your membership has no end date.');
  });

  it("falls back to 'Failed to load VIP data', and Try Again loads the plans", async () => {
    let fail = true;
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/subscription': noSubscriptionReply,
      'GET /api/store/vipplans': () => (fail ? new Response('', { status: 502 }) : vipPlansReply()),
    });
    renderStoreApp('/vip');
    expect(await screen.findByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load VIP data');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Gold' })).toBeInTheDocument();
  });

  it("shows the account's failure when the plans loaded but the account did not", async () => {
    localStorage.setItem('user_token', 'user-token');
    let fail = true;
    mockApi({
      'GET /api/config/public': publicConfigReply,
      'GET /api/store/subscription': noSubscriptionReply,
      'GET /api/store/vipplans': () => vipPlansReply(),
      'GET /api/user/me': () => (fail ? json(500, { success: false, message: 'Internal server error' }) : meReply(accountWith({ isVIP: true, vipUntil: '2030-01-01T00:00:00.000Z' }))),
    });
    renderStoreApp('/vip');
    expect(await screen.findByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'You are a VIP member' })).toBeInTheDocument());
  });
});
