import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { purchaseMachine, type PurchaseItem, type PurchaseReceipt } from '../../../../machines/store/purchase.machine';
import { mockApi } from '../../support/render-app';
import { coinPacksReply, meReply, publicConfigReply, renderStoreApp, vipPlansReply } from './store-fixtures';

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

function catalogueApi() {
  return mockApi({
    'GET /api/config/public': publicConfigReply,
    'GET /api/store/coinpacks': () => coinPacksReply(),
    'GET /api/store/vipplans': () => vipPlansReply(),
    'GET /api/user/me': () => meReply(),
  });
}

const checkoutFailingWith = (reason: Error) =>
  purchaseMachine.provide({ actors: { purchase: fromPromise<PurchaseReceipt, PurchaseItem>(() => Promise.reject(reason)) } });

async function buy(cardName: string, button: 'Buy Now' | 'Get VIP') {
  const card = await screen.findByRole('article', { name: cardName });
  await user.click(within(card).getByRole('button', { name: button }));
}

describe('buying', () => {
  it('signed out, Buy Now goes to /login first and opens no checkout', async () => {
    catalogueApi();
    const { router } = renderStoreApp('/coins');
    await buy('Value Pack', 'Buy Now');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Signing in brings them back to the pack they chose.
    expect(router.state.location.search).toMatchObject({ redirect: '/coins' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('signed out, Get VIP goes to /login first', async () => {
    catalogueApi();
    const { router } = renderStoreApp('/vip');
    await buy('Platinum', 'Get VIP');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect: '/vip' });
  });

  it('signed in, a coin pack shows the alert that a real app would redirect to payment, and OK closes it', async () => {
    localStorage.setItem('user_token', 'user-token');
    const api = catalogueApi();
    renderStoreApp('/coins');
    await buy('Value Pack', 'Buy Now');
    const dialog = await screen.findByRole('dialog', { name: 'Checkout: Value Pack' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'In a real app you would now be redirected to a secure payment page to pay $4.99 for Value Pack. No payment was taken.',
    );
    expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
    // Simulated: nothing is sent to the server.
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Buy Now' }).every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);
  });

  it('signed in, a VIP plan on the Store shows the alert for that plan; Escape closes it', async () => {
    localStorage.setItem('user_token', 'user-token');
    catalogueApi();
    renderStoreApp('/store');
    await buy('Diamond', 'Get VIP');
    const dialog = await screen.findByRole('dialog', { name: 'Checkout: Diamond VIP' });
    expect(dialog).toHaveTextContent('to pay $49.99 for Diamond VIP');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("alerts checkout's error text when it fails", async () => {
    localStorage.setItem('user_token', 'user-token');
    catalogueApi();
    renderStoreApp('/coins', { machine: checkoutFailingWith(new Error('Card declined')) });
    await buy('Starter Pack', 'Buy Now');
    const dialog = await screen.findByRole('dialog', { name: 'Checkout: Starter Pack' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Card declined');
  });

  it("alerts 'Purchase failed' when checkout fails without a message", async () => {
    localStorage.setItem('user_token', 'user-token');
    catalogueApi();
    renderStoreApp('/vip', { machine: checkoutFailingWith(new Error('')) });
    await buy('Gold', 'Get VIP');
    const dialog = await screen.findByRole('dialog', { name: 'Checkout: Gold VIP' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Purchase failed$/);
  });
});
