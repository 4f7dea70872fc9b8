import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCoinPack } from '../../../../contract/store/catalogue';
import { json, mockApi, renderApp } from '../../support/render-app';
import { PUBLIC_CONFIG, sentBody, usd } from './fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const starter: AdminCoinPack = { _id: '99999999-9999-4999-8999-999999999999', name: 'Starter Pack', coins: 100, price: usd(99), popular: false, active: true };

function catalogueApi(extra: Parameters<typeof mockApi>[0] = {}) {
  let packs: AdminCoinPack[] = [starter];
  const api = mockApi({
    'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
    'GET /api/admin/gifts': () => json(200, { success: true, gifts: [{ _id: 'g1', name: 'Rose', icon: '🌹', price: 10, active: true }] }),
    'GET /api/admin/coinpacks': () => json(200, { success: true, coinPacks: packs }),
    'POST /api/admin/coinpacks': (_url, init) => {
      const { coinPack } = sentBody<{ coinPack: Omit<AdminCoinPack, '_id'> & { _id?: string } }>(init);
      const saved = { ...coinPack, _id: coinPack._id ?? 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' };
      packs = coinPack._id ? packs.map((pack) => (pack._id === saved._id ? saved : pack)) : [...packs, saved];
      return json(coinPack._id ? 200 : 201, { success: true, message: `Coin pack ${coinPack._id ? 'updated' : 'created'} successfully`, coinPack: saved });
    },
    [`DELETE /api/admin/coinpacks/${starter._id}`]: () => {
      packs = packs.filter((pack) => pack._id !== starter._id);
      return json(200, { success: true, message: 'Coin pack "Starter Pack" deleted' });
    },
    ...extra,
  });
  return api;
}

describe('Store catalogue', () => {
  it('lists gifts, and creates a coin pack after checking it with the contract rules', async () => {
    const api = catalogueApi();
    renderApp('/admin/catalogue');
    expect(await screen.findByText('🌹 Rose', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('10 coins')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Coin Packs' }));
    const table = await screen.findByRole('region', { name: 'Coin Packs' }, { timeout: 5000 });
    expect(within(table).getByText('$0.99')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add coin pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add coin pack' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Mega Pack');
    await userEvent.type(within(dialog).getByLabelText('Coins'), '0');
    await userEvent.type(within(dialog).getByLabelText('Price'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Coins must be a positive whole number')).toBeInTheDocument();
    expect(within(dialog).getByText('Price must be greater than 0')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText('Coins'));
    await userEvent.type(within(dialog).getByLabelText('Coins'), '5000');
    // The edited field's message goes; the other one stays until its field is edited.
    expect(within(dialog).queryByText('Coins must be a positive whole number')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Price must be greater than 0')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Price'));
    await userEvent.type(within(dialog).getByLabelText('Price'), '34.99');
    await userEvent.click(within(dialog).getByLabelText('Most popular'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      coinPack: { name: 'Mega Pack', coins: 5000, price: { amountMinor: 3499, currency: 'USD' }, popular: true, active: true },
    });
    expect(await screen.findByText('Mega Pack')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Coin pack created successfully');
  });

  it('reads the price as typed in major units: text that is not an amount is refused before sending, 4.99 EUR is sent as 499 cents', async () => {
    const api = catalogueApi();
    renderApp('/admin/catalogue?tab=coinPacks');
    await screen.findByRole('region', { name: 'Coin Packs' }, { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Add coin pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add coin pack' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Euro Pack');
    await userEvent.type(within(dialog).getByLabelText('Coins'), '500');
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('USD');
    const price = within(dialog).getByLabelText('Price');
    for (const unreadable of ['9.999', 'abc']) {
      await userEvent.clear(price);
      await userEvent.type(price, unreadable);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(price).toHaveAccessibleDescription(expect.stringContaining('Price must be an amount like 9.99'));
    }
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(price);
    await userEvent.type(price, '4.99');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      coinPack: { name: 'Euro Pack', coins: 500, price: { amountMinor: 499, currency: 'EUR' }, popular: false, active: true },
    });
    expect(await screen.findByText('€4.99')).toBeInTheDocument();
  });

  it("shows the API's price messages under the Price and Currency fields", async () => {
    catalogueApi({
      'POST /api/admin/coinpacks': () =>
        json(400, {
          success: false,
          message: 'coinPack.price.amountMinor: Price must be at most 10,000; coinPack.price.currency: Currency must be one of USD, EUR, GBP',
          errors: [
            { field: 'coinPack.price.amountMinor', message: 'Price must be at most 10,000' },
            { field: 'coinPack.price.currency', message: 'Currency must be one of USD, EUR, GBP' },
          ],
        }),
    });
    renderApp('/admin/catalogue?tab=coinPacks');
    await screen.findByRole('region', { name: 'Coin Packs' }, { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Starter Pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coin pack' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Price')).toHaveAccessibleDescription(expect.stringContaining('Price must be at most 10,000')));
    expect(within(dialog).getByLabelText('Currency')).toHaveAccessibleDescription(expect.stringContaining('Currency must be one of USD, EUR, GBP'));
  });

  it('edits a coin pack with its _id, and deletes one after confirmation', async () => {
    const api = catalogueApi();
    renderApp('/admin/catalogue?tab=coinPacks');
    await screen.findByRole('region', { name: 'Coin Packs' }, { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Starter Pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coin pack' });
    expect(within(dialog).getByLabelText('Coins')).toHaveValue(100);
    expect(within(dialog).getByLabelText('Price')).toHaveValue('0.99');
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('USD');
    await userEvent.clear(within(dialog).getByLabelText('Price'));
    await userEvent.type(within(dialog).getByLabelText('Price'), '1.49');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      coinPack: { _id: starter._id, name: 'Starter Pack', coins: 100, price: { amountMinor: 149, currency: 'USD' }, popular: false, active: true },
    });
    expect(await screen.findByText('$1.49')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Starter Pack' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete coin pack' });
    expect(within(confirm).getByText('Are you sure you want to delete the coin pack "Starter Pack"?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Starter Pack' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Starter Pack')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Coin pack "Starter Pack" deleted');
    expect(await screen.findByRole('heading', { name: 'No coin packs yet' })).toBeInTheDocument();
  });
});
