import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_MUTED_MESSAGE, LIVE_WATCH_END_TEXTS, type LiveChatMessage, type LiveStream } from '../../../../../contract/live';
import type { CommandAnswer } from '../../../../../contract/realtime';
import { liveViewerMachine } from '../../../../../machines/live/viewer.machine';
import { createSimulatedWatch } from '../../../../machines/live/viewer.sim';
import { LiveWatchPage } from '../../../../../src/features/live/watch/LiveWatchScreen';
import { createRealtimeHub, type LiveHubEvent } from '../../../../../src/realtime/hub';
import { applyLiveEvent } from '../../../../../src/realtime/live-cache';
import { spinner, watchForElement } from '../../../support/ever-shown';
import { delayed, json, mockApi, renderApp } from '../../../support/render-app';
import { me, ME_ID } from '../../discovery/discover/fixtures';
import { fakePeerFactory, FakeStream, FakeTrack } from '../host/fake-live-peer';
import { renderScreen } from '../../media/screen-harness';

/**
 * The stream page /live/{streamId}: for a visitor, for the host, and for a
 * member watching, with a hub and peer connections the test plays the
 * server's side through, or with the viewer machine's simulated actors.
 */

const STREAM_ID = '0b7c1f3e-2d4a-4b6c-8e9f-101112131415';
const HOST = { id: 'a1a1a1a1-0000-4000-8000-000000000001', name: 'Asha', avatar: '' };
const publicConfig = { success: true, data: { config: { appName: 'Orbit' } } };
const liveStream: LiveStream = {
  id: STREAM_ID,
  host: HOST,
  title: 'Sunset chat',
  startedAt: '2026-11-27T10:00:00.000Z',
  state: 'live',
  viewers: 1,
  peakViewers: 1,
  endedAt: null,
  endReason: null,
};
const hostMessage: LiveChatMessage = { id: 'c0000000-0000-4000-8000-000000000001', user: HOST.name, userId: HOST.id, message: 'Welcome everyone', timestamp: '2026-11-27T10:01:00.000Z' };
const ownMessage: LiveChatMessage = { id: 'c0000000-0000-4000-8000-000000000002', user: 'Alex', userId: ME_ID, message: 'Hello from Pune', timestamp: '2026-11-27T10:02:00.000Z' };

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // jsdom's media elements cannot play.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function watchApi(stream: LiveStream | null = liveStream, overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/config/public': () => json(200, publicConfig),
    'GET /api/user/me': () => json(200, { user: me() }),
    'GET /api/live/streams': () => json(200, { streams: stream ? [stream] : [] }),
    [`GET /api/live/streams/${STREAM_ID}`]: () => (stream ? json(200, { stream }) : json(404, { success: false, message: 'Stream not found' })),
    [`GET /api/live/streams/${STREAM_ID}/chat`]: () => json(200, { messages: [hostMessage], mutedUntil: null }),
    ...overrides,
  });
}

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

/** Whether the commands so far leave this page watching: a `live:watch` not followed by a `live:leave`. */
function stillWatching(sent: Array<{ name: string }>): boolean {
  const last = sent.filter(({ name }) => name === 'live:watch' || name === 'live:leave').at(-1);
  return last?.name === 'live:watch';
}

describe('the stream page in the app', () => {
  it('shows a visitor what is on and asks them to sign in to watch', async () => {
    const { calls } = watchApi();
    renderApp(`/live/${STREAM_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset chat' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Asha' })).toHaveAttribute('href', `/profile/${HOST.id}`);
    expect(screen.getByRole('link', { name: 'Sign in to watch' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(`/live/${STREAM_ID}`)}`);
    expect(screen.queryByLabelText('Live video')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/chat'))).toBe(false);
    // The first mount of the whole app loads its modules: slow on a busy machine.
  }, 60_000);

  it('opens with the stream: the route waits for it, so no loading spinner shows first', async () => {
    // The stream comes a little late, so a page that rendered before it would show its spinner first.
    watchApi(liveStream, { [`GET /api/live/streams/${STREAM_ID}`]: delayed(100, () => json(200, { stream: liveStream })) });
    const loading = watchForElement(spinner('Loading the stream'));
    renderApp(`/live/${STREAM_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset chat' })).toBeInTheDocument();
    expect(loading.stop()).toBe(false);
  });

  it('says so when the stream does not exist', async () => {
    watchApi(null);
    renderApp(`/live/${STREAM_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stream not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Live' })).toHaveAttribute('href', '/live-stream');
  });
});

describe('watching for real', () => {
  it('plays the forwarded picture muted until asked, with the real count, chat, mute, Share and the end', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    watchApi();
    const peers = fakePeerFactory();
    const { hub, sent } = fakeHub();
    const view = renderScreen(
      <LiveWatchPage member streamId={STREAM_ID} hub={hub} createPeerConnection={peers.create} shareTargets={{ clipboard: { writeText } }} />,
    );
    const server = (event: LiveHubEvent) =>
      act(() => {
        applyLiveEvent(view.queryClient, event);
        hub.publish({ type: 'live', event });
      });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset chat' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ name: 'live:watch', payload: { streamId: STREAM_ID } }]));
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    expect(screen.getByLabelText('Viewer count')).toHaveTextContent('1 viewer');

    server({ name: 'live:offer', payload: { streamId: STREAM_ID, offer: 'forwarder offer' } });
    await waitFor(() => expect(sent.at(-1)).toEqual({ name: 'live:answer', payload: { streamId: STREAM_ID, answer: 'answer to forwarder offer\na=candidate:host' } }));
    const pc = peers.latest();
    const picture = new FakeStream();
    act(() => {
      pc.receive(new FakeTrack('video', 'host-cam'), picture);
      pc.moveTo('connected');
    });
    await waitFor(() => expect(screen.queryByText('Connecting…')).not.toBeInTheDocument());
    const video = screen.getByLabelText<HTMLVideoElement>('Live video');
    expect(video.srcObject).toBe(picture);
    expect(video.muted).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();

    server({ name: 'live:viewers', payload: { streamId: STREAM_ID, viewers: 3 } });
    await waitFor(() => expect(screen.getByLabelText('Viewer count')).toHaveTextContent('3 viewers'));

    const log = await screen.findByRole('log', { name: 'Chat messages' });
    expect(within(log).getByText('Welcome everyone')).toBeInTheDocument();
    // Moderation is the host's, not a viewer's.
    expect(within(log).queryByRole('button', { name: 'Remove message' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Chat message' }), 'Hello from Pune{Enter}');
    await waitFor(() => expect(sent).toContainEqual({ name: 'live:chat', payload: { streamId: STREAM_ID, text: 'Hello from Pune' } }));
    server({ name: 'live:chat', payload: { streamId: STREAM_ID, message: ownMessage } });
    expect(await within(log).findByText('Hello from Pune')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/live/${STREAM_ID}`);

    server({ name: 'live:muted', payload: { streamId: STREAM_ID, until: new Date(Date.now() + 600_000).toISOString() } });
    expect(await screen.findByText(LIVE_MUTED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Chat message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    // A dropped picture says so and comes back.
    act(() => pc.moveTo('disconnected'));
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    act(() => pc.moveTo('connected'));
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());

    server({ name: 'live:ended', payload: { streamId: STREAM_ID, reason: 'lost' } });
    expect(await screen.findByRole('heading', { name: 'Stream ended' })).toBeInTheDocument();
    expect(screen.getByText(LIVE_WATCH_END_TEXTS.lost)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Live' })).toHaveAttribute('href', '/live-stream');
    expect(pc.closed).toBe(true);
    await waitFor(() => expect(sent.at(-1)).toEqual({ name: 'live:leave', payload: { streamId: STREAM_ID } }));
  }, 60_000);

  it('starts muted when the host muted this member before they opened the page', async () => {
    watchApi(liveStream, {
      [`GET /api/live/streams/${STREAM_ID}/chat`]: () => json(200, { messages: [], mutedUntil: new Date(Date.now() + 300_000).toISOString() }),
    });
    const { hub } = fakeHub();
    renderScreen(<LiveWatchPage member streamId={STREAM_ID} hub={hub} createPeerConnection={fakePeerFactory().create} />);
    expect(await screen.findByText(LIVE_MUTED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Chat message' })).toBeDisabled();
  });

  it('points the host to their own controls instead of watching', async () => {
    watchApi({ ...liveStream, host: { ...HOST, id: ME_ID } });
    const { hub, sent } = fakeHub();
    renderScreen(<LiveWatchPage member streamId={STREAM_ID} hub={hub} />);
    expect(await screen.findByRole('heading', { name: 'This is your stream' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your stream' })).toHaveAttribute('href', '/live-stream');
    // Watching starts before the page knows whose stream it is (for speed); it is left once it does.
    await waitFor(() => expect(stillWatching(sent)).toBe(false));
  });

  it('shows a stream that ended before the page opened as ended', async () => {
    watchApi({ ...liveStream, state: 'ended', viewers: 0, endReason: 'admin', endedAt: '2026-11-27T10:30:00.000Z' });
    const { hub, sent } = fakeHub();
    renderScreen(<LiveWatchPage member streamId={STREAM_ID} hub={hub} />);
    expect(await screen.findByRole('heading', { name: 'Stream ended' })).toBeInTheDocument();
    expect(screen.getByText(LIVE_WATCH_END_TEXTS.admin)).toBeInTheDocument();
    await waitFor(() => expect(stillWatching(sent)).toBe(false));
  });
});

describe('watching with the simulated subscription', () => {
  it('offers Try again after a refusal, watches again, and ends when the member is removed', async () => {
    const user = userEvent.setup();
    watchApi();
    const sim = createSimulatedWatch({ playDelayMs: null });
    renderScreen(<LiveWatchPage member streamId={STREAM_ID} machine={liveViewerMachine.provide({ actors: sim.actors })} />);
    await waitFor(() => expect(sim.watching).toBe(true));
    act(() => sim.send({ type: 'WATCH.REFUSED', message: 'Live streaming is not available right now. Please try again in a minute.' }));
    expect(await screen.findByText('Live streaming is not available right now. Please try again in a minute.')).toBeInTheDocument();
    expect(sim.left).toEqual([STREAM_ID]);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sim.watched).toEqual([STREAM_ID, STREAM_ID]));
    act(() => sim.send({ type: 'MEDIA.PLAYING' }));
    await waitFor(() => expect(screen.queryByText('Connecting…')).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Chat message' }), 'Hi!{Enter}');
    await waitFor(() => expect(sim.chat.map(({ message }) => message)).toEqual(['Hi!']));

    act(() => sim.send({ type: 'STREAM.ENDED', reason: 'removed' }));
    expect(await screen.findByRole('heading', { name: 'Stream ended' })).toBeInTheDocument();
    expect(screen.getByText(LIVE_WATCH_END_TEXTS.removed)).toBeInTheDocument();
    expect(sim.left).toEqual([STREAM_ID, STREAM_ID]);
  });
});
