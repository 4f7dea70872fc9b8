import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveChatMessage, LiveStream } from '../../../../../contract/live';
import type { CommandAnswer } from '../../../../../contract/realtime';
import { BLANK_TITLE_ALERT, MEDIA_PERMISSION_ALERT } from '../../../../../machines/live/host.machine';
import { LiveStreamScreen } from '../../../../../src/features/live/host/LiveStreamScreen';
import { LocalMediaSession } from '../../../../../src/features/media/local-media';
import { createRealtimeHub, type LiveHubEvent } from '../../../../../src/realtime/hub';
import { applyLiveEvent } from '../../../../../src/realtime/live-cache';
import { json, mockApi, renderApp } from '../../../support/render-app';
import { fakeMediaDevices, installMediaDevices } from '../../media/fake-media';
import { currentPath, renderScreen } from '../../media/screen-harness';
import { fakePeerFactory } from './fake-live-peer';

/**
 * The live stream screen: as the app mounts it for a visitor and a member,
 * and going live for real with a hub and peer connections the test plays
 * the server's side through (the forwarder's answer, its count and chat).
 */

const STREAM_ID = '0b7c1f3e-2d4a-4b6c-8e9f-101112131415';
const HOST = { id: 'a1a1a1a1-0000-4000-8000-000000000001', name: 'Asha', avatar: '' };
const VIEWER = { id: 'b2b2b2b2-0000-4000-8000-000000000002', name: 'Ravi' };
const publicConfig = { success: true, data: { config: { appName: 'Orbit' } } };
const liveStream: LiveStream = {
  id: STREAM_ID,
  host: HOST,
  title: 'Sunset chat',
  startedAt: '2026-11-27T10:00:00.000Z',
  state: 'live',
  viewers: 0,
  peakViewers: 0,
  endedAt: null,
  endReason: null,
};
const viewerMessage: LiveChatMessage = { id: 'c0000000-0000-4000-8000-000000000001', user: VIEWER.name, userId: VIEWER.id, message: 'Hi from Pune', timestamp: '2026-11-27T10:01:00.000Z' };
const hostMessage: LiveChatMessage = { id: 'c0000000-0000-4000-8000-000000000002', user: HOST.name, userId: HOST.id, message: 'Welcome everyone', timestamp: '2026-11-27T10:02:00.000Z' };

let alerts: string[] = [];
let uninstall: () => void = () => {};
beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((message?: string) => void alerts.push(String(message)));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  localStorage.clear();
  uninstall();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the live stream page in the app', () => {
  it("shows a visitor who is live and asks them to sign in, starting no camera", async () => {
    const fake = fakeMediaDevices();
    uninstall = installMediaDevices(fake.devices);
    mockApi({
      'GET /api/config/public': () => json(200, publicConfig),
      'GET /api/live/streams': () => json(200, { streams: [{ ...liveStream, viewers: 3 }] }),
    });
    renderApp('/live-stream');
    expect(await screen.findByRole('link', { name: 'Sign in to watch or go live' })).toHaveAttribute('href', expect.stringMatching(/^\/login/));
    const list = screen.getByRole('region', { name: 'Live now' });
    const card = await within(list).findByRole('link', { name: /Asha.*Sunset chat/ });
    expect(card).toHaveAttribute('href', `/live/${STREAM_ID}`);
    expect(screen.queryByRole('button', { name: 'Go Live' })).not.toBeInTheDocument();
    expect(fake.requests).toEqual([]);
    // The first mount of the whole app loads its modules: slow on a busy machine.
  }, 60_000);

  it('explains refused camera and microphone in place, alerts when going live without them, and tries again on request', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user_token', 'token-of-a-user');
    mockApi({ 'GET /api/config/public': () => json(200, publicConfig), 'GET /api/live/streams': () => json(200, { streams: [] }) });
    const refused = fakeMediaDevices({ videoError: new DOMException('Permission denied', 'NotAllowedError') });
    uninstall = installMediaDevices(refused.devices);
    renderApp('/live-stream');
    // Opening Live asks nothing of the browser: the camera turns on when the member sets up a stream.
    expect(await screen.findByText('Your camera is off')).toBeInTheDocument();
    expect(refused.requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Turn On Camera' }));
    expect(await screen.findByText('Camera and microphone unavailable')).toBeInTheDocument();
    expect(refused.requests).toHaveLength(1);
    // Beside the set-up: who is live now.
    expect(await within(screen.getByRole('region', { name: 'Live now' })).findByText('No one is live right now.')).toBeInTheDocument();
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

/** A hub whose commands the test answers and records, and through which it plays the server's events (cache first, as the connection does). */
function fakeHub(answer: (name: string) => CommandAnswer = () => ({ ok: true })) {
  const hub = createRealtimeHub();
  const sent: Array<{ name: string; payload: unknown }> = [];
  hub.setCommandSender((name, payload) => {
    sent.push({ name, payload });
    return Promise.resolve(answer(name));
  });
  hub.publish({ type: 'status', status: 'connected' });
  return { hub, sent };
}

function hostApi(overrides: Record<string, () => Response> = {}) {
  return mockApi({
    'GET /api/live/streams': () => json(200, { streams: [] }),
    'POST /api/live/streams': () => json(201, { stream: liveStream, answer: 'forwarder answer' }),
    [`GET /api/live/streams/${STREAM_ID}`]: () => json(200, { stream: liveStream }),
    [`GET /api/live/streams/${STREAM_ID}/chat`]: () => json(200, { messages: [viewerMessage], mutedUntil: null }),
    [`POST /api/live/streams/${STREAM_ID}/end`]: () => json(200, { stream: { ...liveStream, state: 'ended', viewers: 0, peakViewers: 2, endReason: 'ended' } }),
    [`POST /api/users/${VIEWER.id}/block`]: () => json(200, { success: true, message: 'Blocked' }),
    ...overrides,
  });
}

function renderHost(answer?: (name: string) => CommandAnswer) {
  const fake = fakeMediaDevices();
  const peers = fakePeerFactory();
  const { hub, sent } = fakeHub(answer);
  const view = renderScreen(<LiveStreamScreen hub={hub} createPeerConnection={peers.create} createSession={() => new LocalMediaSession(fake.devices)} />);
  const server = (event: LiveHubEvent) =>
    act(() => {
      applyLiveEvent(view.queryClient, event);
      hub.publish({ type: 'live', event });
    });
  return { ...view, fake, peers, hub, sent, server };
}

async function goLive(user: ReturnType<typeof userEvent.setup>, host: ReturnType<typeof renderHost>) {
  // From a freshly opened Live (camera off) or a set-up already previewing.
  await screen.findByRole('button', { name: /^(Turn On Camera|Go Live)$/ });
  const turnOn = screen.queryByRole('button', { name: 'Turn On Camera' });
  if (turnOn) await user.click(turnOn);
  await screen.findByLabelText('Your camera preview');
  await user.type(screen.getByLabelText('Stream title'), 'Sunset chat');
  await user.click(screen.getByRole('button', { name: 'Go Live' }));
  expect(await screen.findByRole('button', { name: 'Going live...' })).toBeDisabled();
  await waitFor(() => expect(host.peers.made).toHaveLength(1));
  await waitFor(() => expect(host.peers.latest().remoteDescription).toEqual({ type: 'answer', sdp: 'forwarder answer' }));
  act(() => host.peers.latest().moveTo('connected'));
  expect(await screen.findByText('LIVE')).toBeInTheDocument();
}

describe('going live for real', () => {
  it('publishes the camera, shows the real count and chat, moderates, shares the stream page and ends', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = hostApi();
    const host = renderHost();

    await user.click(await screen.findByRole('button', { name: 'Turn On Camera' }));
    await screen.findByLabelText('Your camera preview');
    await user.click(screen.getByRole('button', { name: 'Go Live' }));
    expect(alerts).toEqual([BLANK_TITLE_ALERT]);
    expect(host.peers.made).toEqual([]);

    await goLive(user, host);
    const offer = calls.find((call) => call.method === 'POST' && call.path === '/api/live/streams');
    expect(offer?.body).toEqual({ title: 'Sunset chat', offer: 'offer\nm=video sendonly\nm=audio sendonly\na=candidate:host' });
    await waitFor(() => expect(host.sent).toContainEqual({ name: 'live:host', payload: { streamId: STREAM_ID } }));

    // The count and the chat are the server's.
    expect(screen.getByLabelText('Viewer count')).toHaveTextContent('0 viewers');
    host.server({ name: 'live:viewers', payload: { streamId: STREAM_ID, viewers: 2 } });
    // TanStack Query tells the screen a tick later.
    await waitFor(() => expect(screen.getByLabelText('Viewer count')).toHaveTextContent('2 viewers'));
    const log = await screen.findByRole('log', { name: 'Chat messages' });
    expect(within(log).getByText('Hi from Pune')).toBeInTheDocument();

    // Blank messages are not sent; a real one goes as `live:chat` and shows when the server sends it to everyone.
    await user.type(screen.getByRole('textbox', { name: 'Chat message' }), '   {Enter}');
    expect(host.sent.some(({ name }) => name === 'live:chat')).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: 'Chat message' }));
    await user.type(screen.getByRole('textbox', { name: 'Chat message' }), 'Welcome everyone{Enter}');
    await waitFor(() => expect(host.sent).toContainEqual({ name: 'live:chat', payload: { streamId: STREAM_ID, text: 'Welcome everyone' } }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Chat message' })).toHaveValue(''));
    host.server({ name: 'live:chat', payload: { streamId: STREAM_ID, message: hostMessage } });
    const ownLine = (await within(log).findByText('Welcome everyone')).closest('li');
    const viewerLine = within(log).getByText('Hi from Pune').closest('li');
    if (!ownLine || !viewerLine) throw new Error('chat lines missing');
    // The host moderates viewers' messages, not their own.
    expect(within(ownLine).queryByRole('button', { name: 'Remove message' })).not.toBeInTheDocument();

    await user.click(within(viewerLine).getByRole('button', { name: 'Mute for 10 minutes' }));
    await waitFor(() => expect(host.sent).toContainEqual({ name: 'live:mute', payload: { streamId: STREAM_ID, userId: VIEWER.id } }));
    expect(await screen.findByText("Ravi can't chat for 10 minutes.")).toBeInTheDocument();
    await user.click(within(viewerLine).getByRole('button', { name: 'Remove message' }));
    await waitFor(() => expect(host.sent).toContainEqual({ name: 'live:remove-chat', payload: { streamId: STREAM_ID, messageId: viewerMessage.id } }));
    host.server({ name: 'live:chat-removed', payload: { streamId: STREAM_ID, messageId: viewerMessage.id } });
    await waitFor(() => expect(within(log).queryByText('Hi from Pune')).not.toBeInTheDocument());

    host.server({ name: 'live:chat', payload: { streamId: STREAM_ID, message: { ...viewerMessage, id: 'c0000000-0000-4000-8000-000000000003', message: 'rude' } } });
    const rudeLine = (await within(log).findByText('rude')).closest('li');
    if (!rudeLine) throw new Error('chat line missing');
    await user.click(within(rudeLine).getByRole('button', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Ravi?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Ravi.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === `/api/users/${VIEWER.id}/block`)).toBe(true);

    const controls = screen.getByRole('group', { name: 'Stream controls' });
    await user.click(within(controls).getByRole('button', { name: 'Mute' }));
    expect(host.fake.live().find((track) => track.kind === 'audio')?.enabled).toBe(false);
    await user.click(within(controls).getByRole('button', { name: 'Turn camera off' }));
    expect(host.fake.live().find((track) => track.kind === 'video')?.enabled).toBe(false);
    await user.click(within(controls).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/live/${STREAM_ID}`);
    Reflect.deleteProperty(navigator, 'clipboard');

    // A dropped connection says so, and recovers by itself.
    act(() => host.peers.latest().moveTo('disconnected'));
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    act(() => host.peers.latest().moveTo('connected'));
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());

    // End Stream asks first; Keep streaming changes nothing.
    await user.click(within(controls).getByRole('button', { name: 'End Stream' }));
    const asked = await screen.findByRole('dialog', { name: 'End your stream?' });
    await user.click(within(asked).getByRole('button', { name: 'Keep streaming' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/live/streams/${STREAM_ID}/end`)).toBe(false);
    await user.click(within(controls).getByRole('button', { name: 'End Stream' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'End your stream?' })).getByRole('button', { name: 'End Stream' }));
    expect(await screen.findByRole('heading', { name: 'Stream ended' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === `/api/live/streams/${STREAM_ID}/end`)).toBe(true);
    expect(screen.getByText(/At its busiest, 2 viewers watched\./)).toBeInTheDocument();
    expect(host.peers.latest().closed).toBe(true);
    expect(host.fake.live()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back to Profile' }));
    await waitFor(() => expect(currentPath(host.router)).toBe('/profile'));
    // A long walk through the whole screen: typing and role queries take their time in jsdom.
  }, 60_000);

  it('stays on the set-up with the server’s reason when going live is refused', async () => {
    const user = userEvent.setup();
    const { calls } = hostApi({ 'POST /api/live/streams': () => json(409, { success: false, message: 'You are already live in another tab' }) });
    const host = renderHost();
    await user.click(await screen.findByRole('button', { name: 'Turn On Camera' }));
    await screen.findByLabelText('Your camera preview');
    await user.type(screen.getByLabelText('Stream title'), 'Sunset chat{Enter}');
    expect(await screen.findByText('You are already live in another tab')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Live' })).toBeEnabled();
    expect(host.peers.latest().closed).toBe(true);
    expect(calls.some((call) => call.path.endsWith('/end'))).toBe(false);
  });

  it('ends on air when the server ends the stream (an admin), saying why', async () => {
    const user = userEvent.setup();
    hostApi();
    const host = renderHost();
    await goLive(user, host);
    host.server({ name: 'live:ended', payload: { streamId: STREAM_ID, reason: 'admin' } });
    expect(await screen.findByRole('heading', { name: 'Stream ended' })).toBeInTheDocument();
    expect(screen.getByText('Orbit ended this stream.')).toBeInTheDocument();
    expect(host.peers.latest().closed).toBe(true);
  });

  it('claims the stream again after the realtime connection comes back, and ends when it is gone meanwhile', async () => {
    const user = userEvent.setup();
    let hostAnswer: CommandAnswer = { ok: true };
    hostApi();
    const host = renderHost((name) => (name === 'live:host' ? hostAnswer : { ok: true }));
    await goLive(user, host);
    await waitFor(() => expect(host.sent.filter(({ name }) => name === 'live:host')).toHaveLength(1));
    hostAnswer = { ok: false, status: 410, message: 'This stream has ended' };
    act(() => {
      host.hub.publish({ type: 'status', status: 'disconnected' });
      host.hub.publish({ type: 'status', status: 'connected' });
    });
    await waitFor(() => expect(host.sent.filter(({ name }) => name === 'live:host')).toHaveLength(2));
    expect(await screen.findByRole('heading', { name: 'Stream ended' })).toBeInTheDocument();
    expect(screen.getByText('Your connection was lost for too long, so the stream ended.')).toBeInTheDocument();
  });
});
