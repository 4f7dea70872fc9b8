import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT, OFFLINE_TITLE } from '../../../../src/features/shell/OfflineNotice';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../discovery/discover/fixtures';

signedInForEachTest();

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("You're offline", () => {
  it('heads a member\'s screen while the device has no connection, and goes when it is back', async () => {
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }), 'GET /api/conversations': () => json(200, { conversations: [] }) });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument();
    goOffline(true);
    expect(await screen.findByText(OFFLINE_TITLE)).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_TEXT)).toBeInTheDocument();
    goOffline(false);
    await waitFor(() => expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument());
  });
});
