import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise, SimulatedClock } from 'xstate';
import { CHECKOUT_CANCELLED_MESSAGE, TEST_PAYMENT_LABEL, WITHDRAWAL_WAIVER_TEXT, type StartCheckoutBody } from '../../../../contract/store/purchases';
import { purchaseMachine, type CheckoutRequest, type CheckoutStart } from '../../../../machines/store/purchase.machine';
import { VIP_START_NOW_TEXT } from '../../../../contract/store/subscriptions';
import { realtimeHub } from '../../../../src/realtime/hub';
import { json, mockApi } from '../../support/render-app';
import {
  accountWith,
  COIN_PACKS,
  coinPacksReply,
  meReply,
  noSubscriptionReply,
  paymentsModeReply,
  publicConfigReply,
  purchaseOf,
  renderStoreApp,
  VIP_PLANS,
  vipPlansReply,
} from './store-fixtures';

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const PURCHASE_ID = purchaseOf('paid')._id;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function catalogueApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/config/public': publicConfigReply,
    'GET /api/store/coinpacks': () => coinPacksReply(),
    'GET /api/store/subscription': noSubscriptionReply,
    'GET /api/store/vipplans': () => vipPlansReply(),
    'GET /api/user/me': () => meReply(),
    ...routes,
  });
}

const checkoutFailingWith = (reason: Error) =>
  purchaseMachine.provide({ actors: { createCheckout: fromPromise<CheckoutStart, CheckoutRequest>(() => Promise.reject(reason)) } });

async function buy(cardName: string, button: 'Buy Now' | 'Get VIP') {
  const card = await screen.findByRole('article', { name: cardName });
  await user.click(within(card).getByRole('button', { name: button }));
}

const checkoutReply = () => json(200, { success: true, purchase: purchaseOf('pending'), checkoutUrl: `/test-checkout/cs_local_1` });

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

  it('a coin pack asks for the withdrawal waiver (never pre-ticked), then starts one checkout and goes to its page', async () => {
    localStorage.setItem('user_token', 'user-token');
    const api = catalogueApi({ 'POST /api/store/checkout': checkoutReply });
    const pages: string[] = [];
    renderStoreApp('/coins', { goToCheckout: (url) => pages.push(url) });
    await buy('Value Pack', 'Buy Now');

    const dialog = await screen.findByRole('dialog', { name: 'Buy Value Pack' });
    expect(dialog).toHaveTextContent('Value Pack for $4.99 (VAT included)');
    const box = within(dialog).getByRole('checkbox', { name: WITHDRAWAL_WAIVER_TEXT });
    expect(box).not.toBeChecked();
    const proceed = within(dialog).getByRole('button', { name: 'Continue to payment' });
    expect(proceed).toBeDisabled();
    await user.click(proceed);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(box);
    expect(proceed).toBeEnabled();
    // A double click starts one checkout.
    await user.dblClick(proceed);
    await waitFor(() => expect(pages).toEqual(['/test-checkout/cs_local_1']));
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/api/store/checkout');
    const body = posts[0]?.body as StartCheckoutBody;
    expect(body.attemptId).toMatch(UUID);
    expect(body).toEqual({ item: { kind: 'coinPack', id: COIN_PACKS[1]?._id }, attemptId: body.attemptId, waiveWithdrawal: true });
    // The page is leaving: everything stays busy.
    expect(within(screen.getByRole('dialog', { name: 'Buy Value Pack' })).getByRole('button', { name: 'Opening checkout...' })).toBeDisabled();
    expect(within(screen.getByRole('article', { name: 'Value Pack' })).getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('Cancel closes the waiver dialog without starting checkout', async () => {
    localStorage.setItem('user_token', 'user-token');
    const api = catalogueApi();
    renderStoreApp('/store');
    await buy('Starter Pack', 'Buy Now');
    const dialog = await screen.findByRole('dialog', { name: 'Buy Starter Pack' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("alerts the server's refusal, and the next Buy Now is a new attempt", async () => {
    localStorage.setItem('user_token', 'user-token');
    const api = catalogueApi({ 'POST /api/store/checkout': () => json(404, { success: false, message: 'This coin pack is no longer on sale' }) });
    renderStoreApp('/coins', { goToCheckout: () => {} });
    const buyWithWaiver = async () => {
      await buy('Premium Pack', 'Buy Now');
      const dialog = await screen.findByRole('dialog', { name: 'Buy Premium Pack' });
      await user.click(within(dialog).getByRole('checkbox', { name: WITHDRAWAL_WAIVER_TEXT }));
      await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    };
    await buyWithWaiver();
    const failed = await screen.findByRole('dialog', { name: 'Checkout: Premium Pack' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('This coin pack is no longer on sale');
    expect(within(failed).getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.click(within(failed).getByRole('button', { name: 'OK' }));

    await buyWithWaiver();
    await screen.findByRole('dialog', { name: 'Checkout: Premium Pack' });
    const attempts = api.calls.filter((call) => call.method === 'POST').map((call) => (call.body as { attemptId: string }).attemptId);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).not.toBe(attempts[1]);
  });

  it('Get VIP on the Store asks for the request to start now, then opens the plan\'s checkout; Escape before that closes it', async () => {
    localStorage.setItem('user_token', 'user-token');
    const pages: string[] = [];
    const api = catalogueApi({ 'POST /api/store/checkout': checkoutReply });
    renderStoreApp('/store', { goToCheckout: (url) => pages.push(url) });
    await buy('Diamond', 'Get VIP');
    const first = await screen.findByRole('dialog', { name: 'Get Diamond VIP' });
    expect(first).toHaveTextContent('Diamond VIP for $49.99 every 12 months (VAT included)');
    expect(first).toHaveTextContent('It renews until you cancel.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await buy('Diamond', 'Get VIP');
    const dialog = await screen.findByRole('dialog', { name: 'Get Diamond VIP' });
    const box = within(dialog).getByRole('checkbox', { name: VIP_START_NOW_TEXT });
    expect(box).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(pages).toEqual(['/test-checkout/cs_local_1']));
    const [post] = api.calls.filter((call) => call.method === 'POST');
    const body = post?.body as StartCheckoutBody;
    expect(body.attemptId).toMatch(UUID);
    const diamond = VIP_PLANS.find((plan) => plan.name === 'Diamond');
    expect(body).toEqual({ item: { kind: 'vipPlan', id: diamond?._id }, attemptId: body.attemptId, startNow: true });
  });

  it("alerts 'Purchase failed' when checkout fails without a message", async () => {
    localStorage.setItem('user_token', 'user-token');
    catalogueApi();
    renderStoreApp('/vip', { machine: checkoutFailingWith(new Error('')) });
    await buy('Gold', 'Get VIP');
    const consent = await screen.findByRole('dialog', { name: 'Get Gold VIP' });
    await user.click(within(consent).getByRole('checkbox', { name: VIP_START_NOW_TEXT }));
    await user.click(within(consent).getByRole('button', { name: 'Continue to payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout: Gold VIP' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Purchase failed$/);
  });
});

describe('back from checkout', () => {
  it('confirms the purchase, shows the receipt and the new balance, and OK forgets the return address', async () => {
    localStorage.setItem('user_token', 'user-token');
    let balance = 1234;
    const api = catalogueApi({
      'GET /api/user/me': () => meReply(accountWith({ coins: balance })),
      [`POST /api/store/purchases/${PURCHASE_ID}/confirm`]: () => {
        balance = 1734;
        return json(200, { success: true, purchase: purchaseOf('paid') });
      },
    });
    const { router } = renderStoreApp(`/coins?purchase=${PURCHASE_ID}`);

    const dialog = await screen.findByRole('dialog', { name: 'Payment received' });
    expect(dialog).toHaveTextContent('500 coins added to your balance.');
    expect(dialog).toHaveTextContent('OR-5D1F-0C2A');
    expect(dialog).toHaveTextContent('Value Pack');
    expect(dialog).toHaveTextContent('$4.99');
    expect(dialog).toHaveTextContent(TEST_PAYMENT_LABEL);
    expect(dialog).toHaveTextContent(WITHDRAWAL_WAIVER_TEXT);
    const posts = () => new Set(api.calls.filter((call) => call.method === 'POST').map((call) => call.path));
    // (React's StrictMode restarts the page's effects once in development, asking twice: the server answers the same.)
    expect(posts()).toEqual(new Set([`/api/store/purchases/${PURCHASE_ID}/confirm`]));
    const asked = api.calls.length;
    // Granted: the account (balance, coin and purchase history) is asked again.
    await waitFor(() => expect(screen.getByRole('complementary', { name: 'Your balance' })).toHaveTextContent('1,734coins'));

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe('/coins');
    // Nothing is confirmed again.
    expect(api.calls.slice(asked).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('left without paying: cancels the checkout and says nothing was charged', async () => {
    localStorage.setItem('user_token', 'user-token');
    const api = catalogueApi({
      [`POST /api/store/purchases/${PURCHASE_ID}/cancel`]: () =>
        json(200, { success: true, purchase: purchaseOf('cancelled'), message: CHECKOUT_CANCELLED_MESSAGE }),
    });
    const { router } = renderStoreApp(`/coins?purchase=${PURCHASE_ID}&checkout=cancelled`);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout cancelled' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(CHECKOUT_CANCELLED_MESSAGE);
    expect(new Set(api.calls.filter((call) => call.method === 'POST').map((call) => call.path))).toEqual(new Set([`/api/store/purchases/${PURCHASE_ID}/cancel`]));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('left checkout but the payment went through (409): the receipt', async () => {
    localStorage.setItem('user_token', 'user-token');
    catalogueApi({
      [`POST /api/store/purchases/${PURCHASE_ID}/cancel`]: () => json(409, { success: false, message: 'This purchase is already paid' }),
      [`POST /api/store/purchases/${PURCHASE_ID}/confirm`]: () => json(200, { success: true, purchase: purchaseOf('paid') }),
    });
    renderStoreApp(`/coins?purchase=${PURCHASE_ID}&checkout=cancelled`);
    expect(await screen.findByRole('dialog', { name: 'Payment received' })).toHaveTextContent('OR-5D1F-0C2A');
  });

  it('not paid yet: waits for the server\'s news of this purchase, says so after 5 seconds, and shows the receipt when it is paid', async () => {
    localStorage.setItem('user_token', 'user-token');
    catalogueApi({ [`POST /api/store/purchases/${PURCHASE_ID}/confirm`]: () => json(200, { success: true, purchase: purchaseOf('pending') }) });
    const clock = new SimulatedClock();
    renderStoreApp(`/coins?purchase=${PURCHASE_ID}`, { clock });

    const dialog = await screen.findByRole('dialog', { name: 'Confirming your payment' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Confirming your payment…');
    act(() => clock.increment(4999));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Confirming your payment…');
    act(() => clock.increment(1));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Still confirming your payment.'));

    // Another purchase's news is not this one's.
    act(() => realtimeHub.publish({ type: 'purchase', purchase: purchaseOf('paid', { _id: '00000000-0000-4000-8000-00000000ffff' }) }));
    expect(screen.queryByRole('dialog', { name: 'Payment received' })).not.toBeInTheDocument();
    act(() => realtimeHub.publish({ type: 'purchase', purchase: purchaseOf('processing') }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Your bank is confirming this payment.'));
    act(() => realtimeHub.publish({ type: 'purchase', purchase: purchaseOf('paid') }));
    expect(await screen.findByRole('dialog', { name: 'Payment received' })).toHaveTextContent('500 coins added to your balance.');
  });

  it('a failed payment says nothing was charged', async () => {
    localStorage.setItem('user_token', 'user-token');
    catalogueApi({ [`POST /api/store/purchases/${PURCHASE_ID}/confirm`]: () => json(200, { success: true, purchase: purchaseOf('failed') }) });
    renderStoreApp(`/coins?purchase=${PURCHASE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your payment failed. Nothing was charged.');
  });

  it('ignores a return address whose purchase is not an id', async () => {
    localStorage.setItem('user_token', 'user-token');
    const api = catalogueApi();
    renderStoreApp('/coins?purchase=not-an-id&checkout=maybe');
    await screen.findByRole('article', { name: 'Value Pack' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('the test payments banner', () => {
  for (const path of ['/coins', '/store', '/vip']) {
    it(`shows on ${path} while no money moves`, async () => {
      catalogueApi({ 'GET /api/store/payments': () => paymentsModeReply(true) });
      renderStoreApp(path);
      expect(await screen.findByText('Test payments: no money moves')).toBeInTheDocument();
    });
  }

  it('does not show with a real payment provider', async () => {
    const api = catalogueApi({ 'GET /api/store/payments': () => paymentsModeReply(false) });
    renderStoreApp('/coins');
    await screen.findByRole('article', { name: 'Value Pack' });
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/store/payments')).toBe(true));
    expect(screen.queryByText('Test payments: no money moves')).not.toBeInTheDocument();
  });
});
