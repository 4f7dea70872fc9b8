import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp } from '../../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../../discovery/discover/fixtures';

signedInForEachTest();

describe('Settings, Messages', () => {
  it('turns read receipts off for the account', async () => {
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me({ readReceipts: true }) }),
      'PATCH /api/user/me': () => json(200, { user: me({ readReceipts: false }) }),
      'GET /api/conversations': () => json(200, { conversations: [] }),
    });
    renderApp('/settings');
    const receipts = await screen.findByRole('switch', { name: 'Read receipts' });
    expect(receipts).toBeChecked();
    await userEvent.click(receipts);
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ readReceipts: false }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Read receipts' })).not.toBeChecked());
  });

  it('offers desktop notifications only where the browser has them', async () => {
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }), 'GET /api/conversations': () => json(200, { conversations: [] }) });
    renderApp('/settings');
    // jsdom has no Notification: the switch is there, off and disabled.
    const notifications = await screen.findByRole('switch', { name: 'Desktop notifications' });
    expect(notifications).not.toBeChecked();
    expect(notifications).toBeDisabled();
  });
});
