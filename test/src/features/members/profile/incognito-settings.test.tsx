import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp } from '../../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../../discovery/discover/fixtures';

signedInForEachTest();

const incognitoSwitch = () => screen.getByRole('switch', { name: 'Incognito mode' });

/** Settings for a member with this VIP status and Incognito choice; a switch sends PATCH, answered with `saved`. */
async function openSettings(account: { isVIP: boolean; incognito: boolean }, saved: () => Response = () => json(500, {})) {
  const { calls } = mockShellApi({
    'GET /api/user/me': () => json(200, { user: me(account) }),
    'PATCH /api/user/me': saved,
    'GET /api/conversations': () => json(200, { conversations: [] }),
  });
  renderApp('/settings');
  await screen.findByRole('switch', { name: 'Incognito mode' });
  return { patchBody: () => calls.find((call) => call.method === 'PATCH')?.body };
}

describe('Settings, Incognito', () => {
  it('is locked for a free member, with the reason and a way to VIP', async () => {
    await openSettings({ isVIP: false, incognito: false });
    expect(incognitoSwitch()).toBeDisabled();
    expect(incognitoSwitch()).not.toBeChecked();
    expect(incognitoSwitch()).toHaveAccessibleDescription(/Only people you like can see you in Discover, Spin and the radar\..*Incognito is a VIP feature\./);
    expect(screen.getByRole('link', { name: 'Get VIP' })).toHaveAttribute('href', '/vip');
  });

  it('turns on for a VIP and stays on', async () => {
    const { patchBody } = await openSettings({ isVIP: true, incognito: false }, () => json(200, { user: me({ isVIP: true, incognito: true }) }));
    expect(incognitoSwitch()).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Get VIP' })).not.toBeInTheDocument();
    expect(incognitoSwitch()).toHaveAccessibleDescription(/when VIP ends, everyone can find you again/);
    await userEvent.click(incognitoSwitch());
    await waitFor(() => expect(patchBody()).toEqual({ incognito: true }));
    await waitFor(() => expect(incognitoSwitch()).toBeChecked());
    expect(incognitoSwitch()).toBeEnabled();
  });

  it("shows the server's reason and puts the switch back when it is refused", async () => {
    await openSettings({ isVIP: true, incognito: false }, () => json(403, { message: 'Incognito is a VIP feature' }));
    await userEvent.click(incognitoSwitch());
    expect(await screen.findByText('Incognito is a VIP feature')).toBeInTheDocument();
    await waitFor(() => expect(incognitoSwitch()).not.toBeChecked());
  });

  it('can still be turned off after VIP ended, and is locked once off', async () => {
    const { patchBody } = await openSettings({ isVIP: false, incognito: true }, () => json(200, { user: me({ isVIP: false, incognito: false }) }));
    expect(screen.getByText(/Your VIP has ended, so everyone can find you again/)).toBeInTheDocument();
    await userEvent.click(incognitoSwitch());
    await waitFor(() => expect(patchBody()).toEqual({ incognito: false }));
    await waitFor(() => expect(incognitoSwitch()).toBeDisabled());
    expect(incognitoSwitch()).not.toBeChecked();
  });
});
