import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_PAYMENT_LABEL } from '../../../../contract/store/purchases';
import { TEST_CARD_DECLINED_MESSAGE, type TestCheckoutSession } from '../../../../contract/store/test-checkout';
import { json, mockApi, renderApp } from '../../support/render-app';
import { meReply, publicConfigReply } from './store-fixtures';

const user = userEvent.setup({ delay: null });

const SESSION_ID = 'tcs_0123456789abcdefXYZ';
const SESSION_PATH = `/api/store/test-checkout/${SESSION_ID}`;

function sessionWith(overrides: Partial<TestCheckoutSession> = {}): TestCheckoutSession {
  return {
    id: SESSION_ID,
    itemName: 'Value Pack',
    amount: { amountMinor: 499, currency: 'USD' },
    status: 'open',
    declined: false,
    expiresAt: new Date(Date.UTC(2026, 10, 30, 12, 30)).toISOString(),
    billingMonths: null,
    successPath: '/coins?checkout=return&purchase=p1',
    cancelPath: '/coins?checkout=cancel&purchase=p1',
    ...overrides,
  };
}

const sessionReply = (session: TestCheckoutSession) => json(200, { success: true, session });

/** The signed-in member's checkout; `routes` answer its actions. */
function mockCheckout(session: TestCheckoutSession, routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/config/public': publicConfigReply,
    'GET /api/user/me': () => meReply(),
    [`GET ${SESSION_PATH}`]: () => sessionReply(session),
    ...routes,
  });
}

const posted = (calls: Array<{ method: string; path: string; body: unknown }>, path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);

let assign: ReturnType<typeof vi.fn>;
const realLocation = window.location;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_token', 'user-token');
  // A full page load is how the provider hands the browser back; jsdom cannot navigate, so it is recorded.
  assign = vi.fn();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, origin: realLocation.origin, href: realLocation.href, assign } });
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  localStorage.clear();
});

describe('the test checkout page', () => {
  it('shows the test label, the item and its price, and pays: the pay action is posted and the browser returns to the success path', async () => {
    const api = mockCheckout(sessionWith(), { [`POST ${SESSION_PATH}/actions`]: () => sessionReply(sessionWith({ status: 'complete' })) });
    renderApp(`/test-checkout/${SESSION_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Test checkout' })).toBeInTheDocument();
    expect(screen.getByText(TEST_PAYMENT_LABEL)).toBeInTheDocument();
    expect(await screen.findByText('Value Pack')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel and return to Orbit' })).toHaveAttribute('href', '/coins?checkout=cancel&purchase=p1');
    expect(screen.getByRole('button', { name: 'Pay later (bank transfer)' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/coins?checkout=return&purchase=p1'));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(posted(api.calls, `${SESSION_PATH}/actions`)).toEqual([{ action: 'pay' }]);
    expect(screen.getByText('Taking you back to Orbit…')).toBeInTheDocument();
    expect(screen.getByText(TEST_PAYMENT_LABEL)).toBeInTheDocument();
  });

  it('declines the card: says so, and keeps the checkout open to try again', async () => {
    const api = mockCheckout(sessionWith(), { [`POST ${SESSION_PATH}/actions`]: () => sessionReply(sessionWith({ declined: true })) });
    renderApp(`/test-checkout/${SESSION_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Decline card' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(TEST_CARD_DECLINED_MESSAGE);
    expect(posted(api.calls, `${SESSION_PATH}/actions`)).toEqual([{ action: 'decline' }]);
    expect(screen.getByRole('button', { name: 'Pay $4.99' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay later (bank transfer)' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cancel and return to Orbit' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('pays later: the transfer is pending, with the bank\'s two answers, and the bank confirming it ends the checkout', async () => {
    let settled = false;
    const api = mockCheckout(sessionWith(), {
      [`POST ${SESSION_PATH}/actions`]: () => sessionReply(sessionWith({ status: 'processing' })),
      [`POST ${SESSION_PATH}/settle`]: () => {
        settled = true;
        return sessionReply(sessionWith({ status: 'complete' }));
      },
    });
    renderApp(`/test-checkout/${SESSION_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Pay later (bank transfer)' }));

    const pending = await screen.findByRole('heading', { level: 2, name: 'Bank transfer pending' });
    await waitFor(() => expect(pending).toHaveFocus());
    expect(screen.getByText('Your bank transfer is pending. Orbit credits your coins when the bank confirms it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay $4.99' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bank rejects payment' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Return to Orbit' })).toHaveAttribute('href', '/coins?checkout=return&purchase=p1');
    expect(screen.getByText(TEST_PAYMENT_LABEL)).toBeInTheDocument();
    expect(posted(api.calls, `${SESSION_PATH}/actions`)).toEqual([{ action: 'payLater' }]);

    await user.click(screen.getByRole('button', { name: 'Bank confirms payment' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Already paid' })).toBeInTheDocument();
    expect(settled).toBe(true);
    expect(posted(api.calls, `${SESSION_PATH}/settle`)).toEqual([{ outcome: 'succeed' }]);
    expect(screen.getByRole('link', { name: 'Back to Coins' })).toHaveAttribute('href', '/coins');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the bank rejecting a pending transfer as a failed payment', async () => {
    const api = mockCheckout(sessionWith({ status: 'processing' }), {
      [`POST ${SESSION_PATH}/settle`]: () => sessionReply(sessionWith({ status: 'failed' })),
    });
    renderApp(`/test-checkout/${SESSION_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Bank rejects payment' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('The bank rejected this payment. Nothing was charged and no coins were credited.')).toBeInTheDocument();
    expect(posted(api.calls, `${SESSION_PATH}/settle`)).toEqual([{ outcome: 'fail' }]);
  });

  it("shows the server's message when the checkout is no longer open (409), and where it stands now", async () => {
    let status: TestCheckoutSession['status'] = 'open';
    mockCheckout(sessionWith(), {
      [`GET ${SESSION_PATH}`]: () => sessionReply(sessionWith({ status })),
      [`POST ${SESSION_PATH}/actions`]: () => {
        status = 'expired';
        return json(409, { success: false, message: 'This checkout has expired' });
      },
    });
    renderApp(`/test-checkout/${SESSION_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Pay $4.99' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This checkout has expired');
    const expired = await screen.findByRole('heading', { level: 2, name: 'Checkout expired' });
    await waitFor(() => expect(expired).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Pay $4.99' })).not.toBeInTheDocument();
    expect(screen.getByText(TEST_PAYMENT_LABEL)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps every button busy or disabled while a request runs', async () => {
    let answer: (reply: Response) => void = () => {};
    mockCheckout(sessionWith(), {
      [`POST ${SESSION_PATH}/actions`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp(`/test-checkout/${SESSION_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Pay later (bank transfer)' }));

    const buttons = within(screen.getByRole('region', { name: 'Choose how this test payment ends' })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Pay $4.99', 'Pay later (bank transfer)', 'Decline card']);
    buttons.forEach((button) => expect(button).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Pay later (bank transfer)' })).toHaveAttribute('aria-busy', 'true');
    answer(sessionReply(sessionWith({ status: 'processing' })));
    expect(await screen.findByRole('button', { name: 'Bank confirms payment' })).toBeEnabled();
  });

  it('shows a paid checkout opened again plainly, with the way back', async () => {
    mockCheckout(sessionWith({ status: 'complete' }));
    renderApp(`/test-checkout/${SESSION_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Already paid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Coins' })).toHaveAttribute('href', '/coins');
    expect(assign).not.toHaveBeenCalled();
  });

  it("says 'Checkout not found' for another member's or an unknown checkout", async () => {
    mockCheckout(sessionWith(), { [`GET ${SESSION_PATH}`]: () => json(404, { success: false, message: 'Checkout not found' }) });
    renderApp(`/test-checkout/${SESSION_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.getByText(TEST_PAYMENT_LABEL)).toBeInTheDocument();
  });

  it('sends a visitor to sign in first', async () => {
    localStorage.clear();
    const api = mockCheckout(sessionWith());
    const { router } = renderApp(`/test-checkout/${SESSION_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls.some((call) => call.path === SESSION_PATH)).toBe(false);
  });
});
