import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { otherDevicesSignedOutMessage } from '../../../../contract/auth/sign-in';
import type { SignedInDevice, SignedInDevicesResponse } from '../../../../contract/auth/sessions';
import { SIGNED_IN_DEVICES_TEXT } from '../../../../src/features/auth/SignedInDevicesSection';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../discovery/discover/fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

signedInForEachTest();

const PHONE_ID = '6f1c1c3e-94b3-4d55-9a7c-0d7f1f4f0a01';
const LAPTOP_ID = '6f1c1c3e-94b3-4d55-9a7c-0d7f1f4f0a02';
const TABLET_ID = '6f1c1c3e-94b3-4d55-9a7c-0d7f1f4f0a03';

function device(id: string, fields: Partial<SignedInDevice>): SignedInDevice {
  const signedInAt = fields.signedInAt ?? '2026-11-20T09:00:00.000Z';
  return { id, browser: null, os: null, kind: null, signedInAt, lastActiveAt: signedInAt, expiresAt: '2026-12-20T09:00:00.000Z', current: false, ...fields };
}
const phone = device(PHONE_ID, { browser: 'Chrome', os: 'Android', kind: 'mobile', current: true, signedInAt: '2026-11-24T09:00:00.000Z' });
const laptop = device(LAPTOP_ID, { browser: 'Firefox', os: 'Windows', kind: 'desktop', signedInAt: '2026-11-18T09:00:00.000Z', lastActiveAt: '2026-11-23T21:00:00.000Z' });
const tablet = device(TABLET_ID, {});

const listed = (sessions: SignedInDevice[], total = sessions.length): SignedInDevicesResponse => ({ success: true, sessions, total });
const settingsApi = { 'GET /api/user/me': () => json(200, { user: me() }), 'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }) };

async function openSignedInDevices() {
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  const section = within(within(screen.getByRole('dialog', { name: 'Settings' })).getByRole('region', { name: "Where you're signed in" }));
  expect(section.getByText(SIGNED_IN_DEVICES_TEXT)).toBeInTheDocument();
  return section;
}

const on = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

describe("Where you're signed in, in Settings", () => {
  it('lists this device first, then the others by browser, system, last activity and sign-in date, each with Sign out', async () => {
    mockShellApi({ ...settingsApi, 'GET /api/auth/sessions': () => json(200, listed([phone, laptop, tablet])) });
    renderApp('/profile');
    const section = await openSignedInDevices();

    const rows = within(await section.findByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');
    // The description of each row, without its button.
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      `Chrome on Android This devicePhone · Active now · Signed in ${on(phone.signedInAt)}`,
      `Firefox on Windows Computer · Active ${on(laptop.lastActiveAt)} · Signed in ${on(laptop.signedInAt)}`,
      // Not used since it signed in: one time says it all.
      `Unknown device Signed in ${on(tablet.signedInAt)}`,
    ]);
    // This device is signed out with Logout, not from here.
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(section.getByRole('button', { name: `Sign out Firefox on Windows, signed in ${on(laptop.signedInAt)}` })).toBeEnabled();
    expect(section.getByRole('button', { name: 'Sign out of other devices' })).toBeEnabled();
  });

  it('signs out one device, removes it from the list and says which, keeping focus in the dialog', async () => {
    const { calls } = mockShellApi({
      ...settingsApi,
      'GET /api/auth/sessions': () => json(200, listed([phone, laptop, tablet])),
      [`DELETE /api/auth/sessions/${LAPTOP_ID}`]: () => json(200, { success: true, message: 'Signed out of that device' }),
    });
    renderApp('/profile');
    const section = await openSignedInDevices();
    await userEvent.click(await section.findByRole('button', { name: /^Sign out Firefox on Windows/ }));

    expect(await section.findByText('Firefox on Windows was signed out.')).toBeInTheDocument();
    expect(section.getByRole('heading', { name: "Where you're signed in" })).toHaveFocus();
    expect(section.getAllByRole('listitem').map((row) => row.textContent?.split(' ')[0])).toEqual(['Chrome', 'Unknown']);
    expect(calls.filter((call) => call.path.startsWith('/api/auth/sessions/')).map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /api/auth/sessions/${LAPTOP_ID}`,
    ]);
    expect(localStorage.getItem('user_token')).not.toBeNull();
  });

  it('shows a failure beside the device and keeps it listed', async () => {
    mockShellApi({
      ...settingsApi,
      'GET /api/auth/sessions': () => json(200, listed([phone, laptop])),
      [`DELETE /api/auth/sessions/${LAPTOP_ID}`]: () => json(429, { success: false, message: 'Too many requests, please try again in 30 seconds' }),
    });
    renderApp('/profile');
    const section = await openSignedInDevices();
    await userEvent.click(await section.findByRole('button', { name: /^Sign out Firefox on Windows/ }));
    const row = (await section.findByText('Too many requests, please try again in 30 seconds')).closest('li');
    expect(row?.textContent).toContain('Firefox on Windows');
    expect(section.getByRole('button', { name: /^Sign out Firefox on Windows/ })).toBeEnabled();
  });

  it('takes a device off the list when it had already been signed out meanwhile', async () => {
    mockShellApi({
      ...settingsApi,
      'GET /api/auth/sessions': () => json(200, listed([phone, laptop])),
      [`DELETE /api/auth/sessions/${LAPTOP_ID}`]: () => json(404, { success: false, message: 'That session has already ended' }),
    });
    renderApp('/profile');
    const section = await openSignedInDevices();
    await userEvent.click(await section.findByRole('button', { name: /^Sign out Firefox on Windows/ }));
    expect(await section.findByText('Firefox on Windows was already signed out.')).toBeInTheDocument();
    expect(section.getAllByRole('listitem')).toHaveLength(1);
    expect(section.getByText("You aren't signed in anywhere else.")).toBeInTheDocument();
  });

  it('signs out every other device, says how many, and asks the server for the list again', async () => {
    let signedOut = false;
    const { calls } = mockShellApi({
      ...settingsApi,
      'GET /api/auth/sessions': () => json(200, signedOut ? listed([phone]) : listed([phone, laptop], 3)),
      'POST /api/auth/logout/others': () => {
        signedOut = true;
        return json(200, { success: true, message: otherDevicesSignedOutMessage(2) });
      },
    });
    renderApp('/profile');
    const section = await openSignedInDevices();
    expect(await section.findByText("And 1 more sign-in not listed here; Sign out of other devices ends them too.")).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Sign out of other devices' }));

    expect(await section.findByText('Signed out of 2 other devices.')).toBeInTheDocument();
    expect(await section.findByText("You aren't signed in anywhere else.")).toBeInTheDocument();
    expect(section.getAllByRole('listitem')).toHaveLength(1);
    expect(section.queryByRole('button', { name: 'Sign out of other devices' })).toBeNull();
    const lastListed = calls.map((call) => `${call.method} ${call.path}`).lastIndexOf('GET /api/auth/sessions');
    expect(lastListed).toBeGreaterThan(calls.findIndex((call) => call.path === '/api/auth/logout/others'));
    expect(localStorage.getItem('user_token')).not.toBeNull();
  });

  it("shows the server's message when signing out the others fails", async () => {
    mockShellApi({
      ...settingsApi,
      'GET /api/auth/sessions': () => json(200, listed([phone, laptop])),
      'POST /api/auth/logout/others': () => json(503, { success: false, message: 'The service is unavailable, please try again shortly' }),
    });
    renderApp('/profile');
    const section = await openSignedInDevices();
    await userEvent.click(await section.findByRole('button', { name: 'Sign out of other devices' }));
    expect(await section.findByText('The service is unavailable, please try again shortly')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Sign out of other devices' })).toBeEnabled();
  });

  it('offers Try Again when the list cannot be loaded', async () => {
    let failing = true;
    mockShellApi({
      ...settingsApi,
      // Retry-After: 0 lets the app's own retries (two, on a 5xx) run out at once.
      'GET /api/auth/sessions': () =>
        failing
          ? new Response(JSON.stringify({ success: false, message: 'Failed to load where you are signed in' }), {
              status: 503,
              headers: { 'Content-Type': 'application/json', 'Retry-After': '0' },
            })
          : json(200, listed([phone])),
    });
    renderApp('/profile');
    const section = await openSignedInDevices();
    expect(await section.findByText('Failed to load where you are signed in')).toBeInTheDocument();
    failing = false;
    await userEvent.click(section.getByRole('button', { name: 'Try Again' }));
    expect(await section.findByText("You aren't signed in anywhere else.")).toBeInTheDocument();
  });
});
