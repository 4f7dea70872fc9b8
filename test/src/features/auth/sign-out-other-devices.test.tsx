import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { otherDevicesSignedOutMessage } from '../../../../contract/auth';
import { OTHER_DEVICES_TEXT } from '../../../../src/features/auth/SignOutOtherDevicesSection';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../discover/fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

signedInForEachTest();

async function openOtherDevices() {
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  const section = within(within(screen.getByRole('dialog', { name: 'Settings' })).getByRole('region', { name: 'Other devices' }));
  expect(section.getByText(OTHER_DEVICES_TEXT)).toBeInTheDocument();
  return section;
}

describe('Other devices, in Settings', () => {
  it('signs out every other device and says how many, leaving this one signed in', async () => {
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'POST /api/auth/logout/others': () => json(200, { success: true, message: otherDevicesSignedOutMessage(2) }),
    });
    renderApp('/profile');
    const section = await openOtherDevices();
    await userEvent.click(section.getByRole('button', { name: 'Sign out of other devices' }));

    expect(await section.findByText('Signed out of 2 other devices.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/logout/others').map((call) => call.method)).toEqual(['POST']);
    expect(localStorage.getItem('user_token')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it("shows the server's message when it fails", async () => {
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'POST /api/auth/logout/others': () => json(503, { success: false, message: 'The service is unavailable, please try again shortly' }),
    });
    renderApp('/profile');
    const section = await openOtherDevices();
    await userEvent.click(section.getByRole('button', { name: 'Sign out of other devices' }));
    expect(await section.findByText('The service is unavailable, please try again shortly')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Sign out of other devices' })).toBeEnabled();
  });
});
