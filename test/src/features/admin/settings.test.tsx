import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderApp } from '../../support/render-app';
import { PUBLIC_CONFIG } from './fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const setting = (value: unknown) => ({ value, type: 'string', description: '', public: true });
const CONFIGS = { appName: setting('Orbit'), androidApkUrl: setting('') };

function settingsApi(update: Parameters<typeof mockApi>[0][string]) {
  return mockApi({
    'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
    'GET /api/config/app': () => json(200, { success: true, data: { configs: CONFIGS } }),
    'POST /api/config/app': update,
  });
}

async function openSettings() {
  renderApp('/admin/settings');
  return within(await screen.findByRole('form', { name: 'App settings' }, { timeout: 5000 }));
}

describe('Admin app settings', () => {
  it('saves the trimmed app name and Android APK URL', async () => {
    const { calls } = settingsApi(() => json(200, { success: true, message: 'Configuration updated successfully' }));
    const form = await openSettings();
    await userEvent.clear(form.getByLabelText('App name'));
    await userEvent.type(form.getByLabelText('App name'), '  Orbit Social ');
    await userEvent.type(form.getByLabelText('Android APK URL'), '/downloads/orbit-2.0.apk');
    await userEvent.click(form.getByRole('button', { name: 'Save Settings' }));

    expect(await form.findByText('Settings saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      configs: {
        appName: { value: 'Orbit Social', type: 'string', public: true },
        androidApkUrl: { value: '/downloads/orbit-2.0.apk', type: 'string', public: true },
      },
    });
  });

  it('marks the field the server refused, and withdraws the mark when that field is edited', async () => {
    settingsApi(() =>
      json(400, {
        success: false,
        message: 'configs.androidApkUrl.value: Android APK URL must be an http(s) URL or a path starting with /',
        errors: [{ field: 'configs.androidApkUrl.value', message: 'Android APK URL must be an http(s) URL or a path starting with /' }],
      }),
    );
    const form = await openSettings();
    await userEvent.type(form.getByLabelText('Android APK URL'), 'ftp://example.com/orbit.apk');
    await userEvent.click(form.getByRole('button', { name: 'Save Settings' }));

    const apkUrl = form.getByLabelText('Android APK URL');
    expect(await form.findByRole('alert')).toHaveTextContent('Failed to update settings:');
    expect(apkUrl).toHaveAccessibleDescription(/Android APK URL must be an http\(s\) URL or a path starting with \/$/);
    // Editing another field leaves the mark where it is.
    await userEvent.type(form.getByLabelText('App name'), '!');
    expect(apkUrl).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(apkUrl);
    expect(apkUrl).not.toHaveAttribute('aria-invalid', 'true');
    expect(apkUrl).not.toHaveAccessibleDescription(/Android APK URL must be/);
  });
});
