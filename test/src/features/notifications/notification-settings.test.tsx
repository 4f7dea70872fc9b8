import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../../../contract/notifications';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../discovery/discover/fixtures';

signedInForEachTest();

function notificationsApi(saved: NotificationSettings, answerPatch: () => Response) {
  return mockShellApi({
    'GET /api/user/me': () => json(200, { user: me() }),
    'GET /api/conversations': () => json(200, { conversations: [] }),
    'GET /api/notifications/settings': () => json(200, { success: true, settings: saved }),
    'PATCH /api/notifications/settings': answerPatch,
  });
}

async function notificationsSection() {
  return within(await screen.findByRole('region', { name: 'Notifications' }));
}

describe('Settings, Notifications', () => {
  it('turns a kind of news off for the account, and message text goes with messages', async () => {
    const { calls } = notificationsApi(DEFAULT_NOTIFICATION_SETTINGS, () => json(200, { success: true, settings: { ...DEFAULT_NOTIFICATION_SETTINGS, message: false } }));
    renderApp('/settings');
    const section = await notificationsSection();
    const kinds = within(await section.findByRole('group', { name: 'What to tell me about' }));
    expect(kinds.getAllByRole('switch').map((box) => box.closest('label')?.textContent)).toEqual([
      'New matches',
      'New messages',
      'Show message text',
      'Incoming calls',
      'Matches going live',
      'News by email, at most once a day',
    ]);
    await userEvent.click(kinds.getByRole('switch', { name: 'New messages' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ message: false }));
    await waitFor(() => expect(kinds.getByRole('switch', { name: 'New messages' })).not.toBeChecked());
    expect(kinds.getByRole('switch', { name: 'Show message text' })).toBeDisabled();
    expect(kinds.getByRole('switch', { name: 'New matches' })).toBeChecked();
  });

  it("shows the server's reason and puts the switch back when a change is refused", async () => {
    notificationsApi(DEFAULT_NOTIFICATION_SETTINGS, () => json(400, { success: false, message: 'Send at least one setting to change' }));
    renderApp('/settings');
    const section = await notificationsSection();
    await userEvent.click(await section.findByRole('switch', { name: 'Incoming calls' }));
    expect(await section.findByText('Send at least one setting to change')).toBeInTheDocument();
    expect(section.getByRole('switch', { name: 'Incoming calls' })).toBeChecked();
  });

  it('says so where the browser cannot receive pushes, and offers nothing to turn on', async () => {
    notificationsApi(DEFAULT_NOTIFICATION_SETTINGS, () => json(500, {}));
    renderApp('/settings');
    const section = await notificationsSection();
    // jsdom has no service worker (and tests are no production build).
    expect(await section.findByText('This browser cannot show notifications from Orbit when it is closed.')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: /Turn on notifications/ })).not.toBeInTheDocument();
  });
});
