import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  COIN_REFUND_DAYS,
  COIN_REFUND_MESSAGES,
  TEST_PAYMENT_LABEL,
  WITHDRAWAL_WAIVER_TEXT,
  type Purchase,
  type PurchaseHistoryResponse,
  type RefundPurchaseResponse,
} from '../../../../contract/store/purchases';
import { PurchaseHistory } from '../../../../src/features/store/PurchaseHistory';
import { Receipt } from '../../../../src/features/store/Receipt';
import { createAppQueryClient } from '../../../../src/router';
import { renderWithTheme } from '../../ui/renderWithTheme';
import { json, mockApi } from '../../support/render-app';

const user = userEvent.setup({ delay: null });

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shown = (iso: string) => dateTime.format(new Date(iso));

function purchaseWith(overrides: Partial<Purchase> = {}): Purchase {
  return {
    _id: 'purchase-1',
    receiptNumber: 'OR-7K2M-91QX',
    kind: 'coinPack',
    itemName: 'Value Pack',
    coins: 500,
    billingMonths: null,
    refunded: null,
    refundStatus: null,
    refundableUntil: null,
    amount: { amountMinor: 499, currency: 'USD' },
    status: 'paid',
    provider: 'local',
    testPayment: true,
    withdrawalWaived: true,
    createdAt: '2026-11-12T09:58:00.000Z',
    paidAt: '2026-11-12T10:00:00.000Z',
    ...overrides,
  };
}

const historyReply = (purchases: Purchase[], currentPage = 1, totalPages = 1) =>
  json(200, { success: true, purchases, currentPage, totalPages, total: purchases.length } satisfies PurchaseHistoryResponse);

function renderHistory() {
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <PurchaseHistory />
    </QueryClientProvider>,
  );
}

const section = () => screen.getByRole('region', { name: 'Purchase History' });

beforeEach(() => localStorage.setItem('user_token', 'user-token'));
afterEach(() => localStorage.clear());

describe("the member's purchase history", () => {
  it('lists each purchase with its date, item, amount and status; only a paid one has a receipt', async () => {
    mockApi({
      'GET /api/store/purchases': () =>
        historyReply([
          purchaseWith(),
          purchaseWith({ _id: 'purchase-2', itemName: 'Premium Pack', coins: 1200, amount: { amountMinor: 999, currency: 'USD' }, status: 'processing', paidAt: null, createdAt: '2026-11-10T08:00:00.000Z' }),
          purchaseWith({ _id: 'purchase-3', itemName: 'Starter Pack', coins: 100, amount: { amountMinor: 99, currency: 'EUR' }, status: 'failed', paidAt: null }),
          purchaseWith({ _id: 'purchase-4', itemName: 'Starter Pack', status: 'expired', paidAt: null }),
        ]),
    });
    renderHistory();

    expect(screen.getByRole('heading', { level: 2, name: 'Purchase History' })).toBeInTheDocument();
    const items = await within(section()).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [paid, processing, failed, expired] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(paid).toHaveTextContent('Value Pack');
    expect(paid).toHaveTextContent(shown('2026-11-12T10:00:00.000Z'));
    expect(paid).toHaveTextContent('$4.99');
    expect(paid).toHaveTextContent('Paid');
    expect(processing).toHaveTextContent('Premium Pack');
    expect(processing).toHaveTextContent(shown('2026-11-10T08:00:00.000Z'));
    expect(processing).toHaveTextContent('$9.99');
    expect(processing).toHaveTextContent('Waiting for your bank');
    expect(failed).toHaveTextContent('€0.99');
    expect(failed).toHaveTextContent('Payment failed');
    expect(expired).toHaveTextContent('Expired');

    expect(within(paid).getByRole('button', { name: `Receipt for Value Pack, ${shown('2026-11-12T10:00:00.000Z')}` })).toBeInTheDocument();
    for (const unpaid of [processing, failed, expired]) expect(within(unpaid).queryByRole('button', { name: /Receipt/ })).not.toBeInTheDocument();
  });

  it('opens the receipt of a paid purchase in a dialog, and closes it', async () => {
    mockApi({ 'GET /api/store/purchases': () => historyReply([purchaseWith()]) });
    renderHistory();

    const open = await within(section()).findByRole('button', { name: /^Receipt/ });
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'Receipt' });
    const read = (term: string) => {
      const dt = within(dialog).getByText(term, { selector: 'dt' });
      return dt.nextElementSibling?.textContent;
    };
    expect(read('Receipt number')).toBe('OR-7K2M-91QX');
    expect(read('Date paid')).toBe(shown('2026-11-12T10:00:00.000Z'));
    expect(read('Item')).toBe('Value Pack');
    expect(read('Coins')).toBe('500 coins');
    expect(read('Amount')).toBe('$4.99 (VAT included)');
    expect(read('Status')).toBe('Paid');
    expect(within(dialog).getByText(TEST_PAYMENT_LABEL)).toBeInTheDocument();
    expect(within(dialog).getByText(`You confirmed: "${WITHDRAWAL_WAIVER_TEXT}".`)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('tells a member with no purchases what will show there', async () => {
    mockApi({ 'GET /api/store/purchases': () => historyReply([]) });
    renderHistory();
    expect(await within(section()).findByRole('heading', { level: 3, name: 'No purchases yet' })).toBeInTheDocument();
    expect(
      within(section()).getByText(`Coin packs you buy show here, each with its receipt. A pack whose coins are all unspent can be refunded for ${COIN_REFUND_DAYS} days.`),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers a refund while a pack may be refunded, confirms it, and shows the refunded purchase', async () => {
    let refunded = false;
    const refundable = purchaseWith({ refundableUntil: '2026-11-26T10:00:00.000Z' });
    const afterRefund = purchaseWith({ refundStatus: 'succeeded', refunded: { amountMinor: 499, currency: 'USD' } });
    const message = COIN_REFUND_MESSAGES.refunded('4.99 USD', '500');
    const api = mockApi({
      'GET /api/store/purchases': () => historyReply([refunded ? afterRefund : refundable]),
      'POST /api/store/purchases/purchase-1/refund': () => {
        refunded = true;
        return json(200, { success: true, purchase: afterRefund, message, balance: 0 } satisfies RefundPurchaseResponse);
      },
    });
    renderHistory();

    await user.click(await within(section()).findByRole('button', { name: `Refund Value Pack, ${shown('2026-11-12T10:00:00.000Z')}` }));
    const dialog = screen.getByRole('dialog', { name: 'Refund Value Pack' });
    expect(dialog).toHaveTextContent('500 coins leave your balance now and $4.99 goes back to how you paid.');
    expect(dialog).toHaveTextContent(/You may refund this pack until .+, while none of its coins are spent\./);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/store/purchases/purchase-1/refund']);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const [row] = await within(section()).findAllByRole('listitem');
    await waitFor(() => expect(row).toHaveTextContent('$4.99 refunded'));
    expect(within(section()).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
  });

  it('says why a refund was refused, and keeps the coins', async () => {
    mockApi({
      'GET /api/store/purchases': () => historyReply([purchaseWith({ refundableUntil: '2026-11-26T10:00:00.000Z' })]),
      'POST /api/store/purchases/purchase-1/refund': () => json(409, { success: false, message: COIN_REFUND_MESSAGES.spent }),
    });
    renderHistory();
    await user.click(await within(section()).findByRole('button', { name: /^Refund Value Pack/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund Value Pack' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(COIN_REFUND_MESSAGES.spent)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep my coins' })).toBeEnabled();
  });

  it('shows a refund still on its way, and one the provider refused', async () => {
    mockApi({
      'GET /api/store/purchases': () =>
        historyReply([
          purchaseWith({ refundStatus: 'pending', refunded: { amountMinor: 499, currency: 'USD' } }),
          purchaseWith({ _id: 'purchase-2', refundStatus: 'failed' }),
        ]),
    });
    renderHistory();
    const [pending, failed] = (await within(section()).findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(pending).toHaveTextContent('Refund on its way');
    expect(failed).toHaveTextContent('Refund refused by the payment provider; our team will refund you');
  });

  it('pages through the history, asking the server for each page', async () => {
    const api = mockApi({
      'GET /api/store/purchases': (url) =>
        url.searchParams.get('page') === '2'
          ? historyReply([purchaseWith({ _id: 'old', itemName: 'Starter Pack', receiptNumber: 'OR-OLD' })], 2, 2)
          : historyReply([purchaseWith({ _id: 'new', itemName: 'Premium Pack' })], 1, 2),
    });
    renderHistory();

    await within(section()).findByText('Premium Pack');
    const pages = within(section()).getByRole('navigation', { name: 'Purchase history pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(within(section()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Starter Pack/)]));
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(api.calls.filter((call) => call.path === '/api/store/purchases').map((call) => call.method)).toEqual(['GET', 'GET']);
  });

  it("shows 'Error Loading Purchases' with the server's message, and Try Again asks again", async () => {
    let fail = true;
    mockApi({ 'GET /api/store/purchases': () => (fail ? json(503, { success: false, message: 'The store is resting' }) : historyReply([purchaseWith()])) });
    renderHistory();

    expect(await within(section()).findByRole('heading', { level: 3, name: 'Error Loading Purchases' })).toBeInTheDocument();
    expect(within(section()).getByText('The store is resting')).toBeInTheDocument();
    fail = false;
    await user.click(within(section()).getByRole('button', { name: 'Try Again' }));
    expect(await within(section()).findByText('Value Pack')).toBeInTheDocument();
  });
});

describe('a receipt', () => {
  it('of a purchase not paid yet says when it started and that it is not paid, with no test label or waiver for a real payment', () => {
    renderWithTheme(
      <Receipt
        purchase={purchaseWith({ kind: 'vipPlan', itemName: 'Gold', coins: null, status: 'pending', paidAt: null, testPayment: false, withdrawalWaived: false, provider: 'stripe' })}
      />,
    );
    expect(screen.getByText('Date started', { selector: 'dt' }).nextElementSibling).toHaveTextContent(shown('2026-11-12T09:58:00.000Z'));
    expect(screen.queryByText('Date paid')).not.toBeInTheDocument();
    expect(screen.queryByText('Coins', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Not paid yet');
    expect(screen.queryByText(TEST_PAYMENT_LABEL)).not.toBeInTheDocument();
    expect(screen.queryByText(/You confirmed/)).not.toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'Cancelled'],
    ['processing', 'Waiting for your bank'],
    ['failed', 'Payment failed'],
    ['expired', 'Expired'],
  ] as const)('reads %s as "%s"', (status, words) => {
    renderWithTheme(<Receipt purchase={purchaseWith({ status, paidAt: null })} />);
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(words);
  });
});
