import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLANK_TITLE_ALERT, MEDIA_PERMISSION_ALERT } from '../../../../machines/live-stream.machine';
import { json, mockApi, renderApp } from '../../support/render-app';
import { fakeMediaDevices, installMediaDevices } from '../media/fake-media';

/** The live stream screen as the app mounts it, over fake camera and microphone devices. */

const publicConfig = { success: true, data: { config: { appName: 'Orbit' } } };
let uninstall: () => void = () => {};
let alerts: string[] = [];

beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((message?: string) => void alerts.push(String(message)));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  mockApi({ 'GET /api/config/public': () => json(200, publicConfig) });
});
afterEach(() => {
  localStorage.clear();
  uninstall();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the live stream screen', () => {
  it('needs a title, goes live with real tracks, chats, and ends on the profile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    // Signed in, so that the profile the stream ends on is open to the streamer.
    localStorage.setItem('user_token', 'token-of-a-user');
    const fake = fakeMediaDevices();
    uninstall = installMediaDevices(fake.devices);
    const { router } = renderApp('/live-stream');

    expect(await screen.findByRole('heading', { level: 1, name: 'Live Stream' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Your camera preview')).toBeInTheDocument();
    const goLive = screen.getByRole('button', { name: 'Go Live' });
    await user.type(screen.getByLabelText('Stream title'), '   ');
    await user.click(goLive);
    expect(alerts).toEqual([BLANK_TITLE_ALERT]);
    expect(screen.getByRole('form', { name: 'Stream setup' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Stream title'));
    await user.type(screen.getByLabelText('Stream title'), 'Sunset chat');
    await user.click(goLive);
    expect(await screen.findByText('LIVE')).toBeInTheDocument();
    expect(screen.getByText('0 viewers')).toBeInTheDocument();
    expect(screen.getByText('No messages yet. Say hello to your viewers!')).toBeInTheDocument();

    const controls = screen.getByRole('group', { name: 'Stream controls' });
    await user.click(within(controls).getByRole('button', { name: 'Mute' }));
    expect(fake.live().find((track) => track.kind === 'audio')?.enabled).toBe(false);
    await user.click(within(controls).getByRole('button', { name: 'Turn camera off' }));
    expect(fake.live().find((track) => track.kind === 'video')?.enabled).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Chat message' }), '  {Enter}');
    expect(screen.queryByRole('log', { name: 'Chat messages' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Chat message' }));
    await user.type(screen.getByRole('textbox', { name: 'Chat message' }), 'Welcome everyone{Enter}');
    expect(within(screen.getByRole('log', { name: 'Chat messages' })).getByText('Welcome everyone')).toBeInTheDocument();

    // The simulated audience reports every 3 seconds.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.getByText(/^\d+ viewers?$/)).toBeInTheDocument());

    await user.click(within(controls).getByRole('button', { name: 'End Stream' }));
    expect(await screen.findByRole('heading', { name: 'Stream ended' })).toBeInTheDocument();
    expect(fake.live()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back to Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('copies the link when the browser cannot share, and confirms it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    uninstall = installMediaDevices(fakeMediaDevices().devices);
    renderApp('/live-stream');
    await screen.findByLabelText('Your camera preview');
    await user.type(screen.getByLabelText('Stream title'), 'Sunset chat{Enter}');
    await user.click(within(await screen.findByRole('group', { name: 'Stream controls' })).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('explains refused camera and microphone in place, alerts when going live without them, and tries again on request', async () => {
    const user = userEvent.setup();
    const refused = fakeMediaDevices({ videoError: new DOMException('Permission denied', 'NotAllowedError') });
    uninstall = installMediaDevices(refused.devices);
    renderApp('/live-stream');
    expect(await screen.findByText('Camera and microphone unavailable')).toBeInTheDocument();
    // Opening the page is not a failed stream: no modal alert over the explanation.
    expect(alerts).toEqual([]);
    await user.type(screen.getByLabelText('Stream title'), 'Sunset chat');
    await user.click(screen.getByRole('button', { name: 'Go Live' }));
    expect(alerts).toEqual([MEDIA_PERMISSION_ALERT]);

    refused.options.videoError = undefined;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Your camera preview')).toBeInTheDocument();
  });
});
