import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALL_NOT_MATCHED_MESSAGE, type CallPeerResponse } from '../../../../contract/calls';
import type { CallLinkEvent } from '../../../../machines/calls/video-call.machine';
import type { CallConnection, RemoteView } from '../../../../src/features/calls/call-actors';
import { MemberVideoCall } from '../../../../src/features/calls/VideoCallScreen';
import { createRealtimeHub, type CallHubEvent, type CommandPayloads, type RealtimeHub } from '../../../../src/realtime/hub';
import { me } from '../discovery/discover/fixtures';
import { fakeMediaDevices, installMediaDevices } from '../media/fake-media';
import { currentPath, renderScreen } from '../media/screen-harness';
import { json, mockApi, renderApp } from '../../support/render-app';

/**
 * The call screen over fake camera and microphone devices: as the app mounts
 * it (a visitor, a demo person, someone not matched), and for a real call
 * with a hub and a peer connection the test plays the other side through.
 */

const MAYA_ID = '7f9c2a4e-1b3d-4c5e-8f60-112233445566';
const maya = { id: MAYA_ID, name: 'Maya Rao', avatar: '/api/media/avatar/maya-r' };
const publicConfig = { success: true, data: { config: { appName: 'Orbit' } } };
const peerAnswer = (callable: CallPeerResponse['callable']): CallPeerResponse => ({ peer: maya, callable });

let uninstall: () => void = () => {};
let fake: ReturnType<typeof fakeMediaDevices>;
beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  fake = fakeMediaDevices();
  uninstall = installMediaDevices(fake.devices);
});
afterEach(() => {
  uninstall();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

const controls = () => screen.getByRole('group', { name: 'Call controls' });
const statusLine = () => document.querySelector('p[role="status"]');

function memberApi(callable: CallPeerResponse['callable']) {
  return mockApi({
    'GET /api/config/public': () => json(200, publicConfig),
    'GET /api/user/me': () => json(200, { user: me() }),
    [`GET /api/calls/peers/${MAYA_ID}`]: () => json(200, peerAnswer(callable)),
    'POST /api/users/like': () => json(200, { success: true, match: false }),
  });
}

describe('the video call screen in the app', () => {
  it('asks a visitor to sign in, and never starts a camera or a call', async () => {
    const { calls } = memberApi('match');
    renderApp(`/video-call/${MAYA_ID}`);
    expect(await screen.findByRole('heading', { name: 'Sign in to make video calls' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(`/video-call/${MAYA_ID}`)}`);
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Call controls' })).not.toBeInTheDocument();
    expect(fake.requests).toEqual([]);
    expect(calls.some((call) => call.path.startsWith('/api/calls'))).toBe(false);
  });

  it('calls a demo person: labelled, connected after 2 s, counting, then ended and back on Discover', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    localStorage.setItem('user_token', 'token-of-a-user');
    memberApi('demo');
    const { router } = renderApp(`/video-call/${MAYA_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Video call with Maya Rao' })).toBeInTheDocument();
    expect(screen.getByText('Demo call')).toBeInTheDocument();
    expect(screen.getByText('This is a demo person: the call is simulated.')).toBeInTheDocument();
    await waitFor(() => expect(statusLine()).toHaveTextContent('Connecting...'));
    expect(fake.requests).toContainEqual({ video: true, audio: true });
    expect(screen.getByTestId('local-video')).toHaveAccessibleName('Your camera');

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(statusLine()).toHaveTextContent('Connecting...');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(statusLine()).toHaveTextContent('Connected'));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('timer', { name: 'Call length' })).toHaveTextContent(/^00:0[3-4]$/);
    expect(screen.getByText(/^Quality: (Good|Fair|Poor)$/)).toBeInTheDocument();

    const audio = fake.live().find((track) => track.kind === 'audio');
    await user.click(within(controls()).getByRole('button', { name: 'Mute' }));
    expect(audio?.enabled).toBe(false);

    await user.click(within(controls()).getByRole('button', { name: 'End call' }));
    await waitFor(() => expect(statusLine()).toHaveTextContent('Call ended'));
    const ended = screen.getByRole('region', { name: 'Call ended' });
    expect(ended).toHaveTextContent(/Call length 00:0[3-4]/);
    expect(ended).toHaveTextContent('How was it?');
    expect(ended).toHaveTextContent('Taking you back to Discover...');
    expect(fake.live()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('switches between two cameras, stopping the one it leaves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    uninstall();
    fake = fakeMediaDevices({ cameras: ['front-camera', 'back-camera'] });
    uninstall = installMediaDevices(fake.devices);
    localStorage.setItem('user_token', 'token-of-a-user');
    memberApi('demo');
    renderApp(`/video-call/${MAYA_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Video call with Maya Rao' });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(statusLine()).toHaveTextContent('Connected'));
    await user.click(within(controls()).getByRole('button', { name: 'Switch camera' }));
    await waitFor(() => expect(fake.live().map((track) => track.deviceId).sort()).toEqual(['back-camera', 'microphone']));
    expect(fake.created.filter((track) => track.deviceId === 'front-camera').every((track) => track.readyState === 'ended')).toBe(true);
  });

  it('explains a refused camera, goes on with audio only, and stops the microphone when the page is left', async () => {
    const user = userEvent.setup();
    uninstall();
    fake = fakeMediaDevices({ videoError: new DOMException('Permission denied', 'NotAllowedError') });
    uninstall = installMediaDevices(fake.devices);
    localStorage.setItem('user_token', 'token-of-a-user');
    memberApi('demo');
    const { router } = renderApp(`/video-call/${MAYA_ID}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Camera access was blocked');
    await user.click(within(alert).getByRole('button', { name: 'Continue with audio only' }));
    await waitFor(() => expect(statusLine()).toHaveTextContent('Connecting...'));
    expect(fake.requests.at(-1)).toEqual({ video: false, audio: true });
    expect(within(controls()).getByRole('button', { name: 'Turn camera off' })).toBeDisabled();
    expect(screen.getByText('Audio only')).toBeInTheDocument();
    expect(fake.live().map((track) => track.kind)).toEqual(['audio']);

    await act(() => router.navigate({ to: '/users' }));
    expect(fake.live()).toEqual([]);
  });

  it('offers only ending when the microphone is refused too', async () => {
    const user = userEvent.setup();
    uninstall();
    const refused = new DOMException('Permission denied', 'NotAllowedError');
    fake = fakeMediaDevices({ videoError: refused, audioError: refused });
    uninstall = installMediaDevices(fake.devices);
    localStorage.setItem('user_token', 'token-of-a-user');
    memberApi('demo');
    renderApp(`/video-call/${MAYA_ID}`);
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Continue with audio only' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your microphone is unavailable too'));
    expect(within(screen.getByRole('alert')).queryByRole('button', { name: 'Continue with audio only' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'End call' }));
    await waitFor(() => expect(statusLine()).toHaveTextContent('Call ended'));
  });

  it('explains that calls open once you match, and offers Like', async () => {
    localStorage.setItem('user_token', 'token-of-a-user');
    const user = userEvent.setup();
    const { calls } = memberApi('not-matched');
    renderApp(`/video-call/${MAYA_ID}`);

    expect(await screen.findByRole('heading', { name: 'Calls open once you match' })).toBeInTheDocument();
    expect(screen.getByText(CALL_NOT_MATCHED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Call controls' })).not.toBeInTheDocument();
    expect(fake.requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('You liked Maya Rao.')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/users/like', body: { targetId: MAYA_ID, type: 'like' } });
  });
});

/** A peer connection the test drives: it says what the machine hears (LINK_*, REMOTE_MEDIA) and records what it was asked. */
function fakeConnection() {
  const events = new Set<(event: CallLinkEvent) => void>();
  const views = new Set<() => void>();
  let view: RemoteView = { stream: null, version: 0 };
  const asked: string[] = [];
  const connection: CallConnection = {
    start: (callId, polite) => void asked.push(`start ${callId} ${polite ? 'polite' : 'impolite'}`),
    stop: () => void asked.push('stop'),
    restartIce: () => void asked.push('restart'),
    sendMediaState: (muted, cameraOff) => void asked.push(`media ${muted} ${cameraOff}`),
    measure: () => Promise.resolve('fair'),
    subscribe: (listener) => {
      views.add(listener);
      return () => views.delete(listener);
    },
    getRemoteView: () => view,
    onEvent: (listener) => {
      events.add(listener);
      return () => events.delete(listener);
    },
  };
  return {
    connection,
    asked,
    emit: (event: CallLinkEvent) => act(() => events.forEach((listener) => listener(event))),
    showRemote: () =>
      act(() => {
        view = { stream: {} as MediaStream, version: view.version + 1 };
        views.forEach((listener) => listener());
      }),
  };
}

type Sent = { name: string; payload: unknown };

/** A hub whose commands the test answers (ok unless `refuse` names one) and whose server events the test publishes. */
function fakeHub(refuse: Partial<Record<keyof CommandPayloads, { status: number; message: string }>> = {}) {
  const hub: RealtimeHub = createRealtimeHub();
  const sent: Sent[] = [];
  hub.setCommandSender((name, payload) => {
    sent.push({ name, payload });
    const refusal = refuse[name];
    return Promise.resolve(refusal ? { ok: false, ...refusal } : { ok: true });
  });
  hub.publish({ type: 'status', status: 'connected' });
  return { hub, sent, server: (event: CallHubEvent) => act(() => hub.publish({ type: 'call', event })) };
}

function renderRealCall({ answerCallId, refuse }: { answerCallId?: string; refuse?: Parameters<typeof fakeHub>[0] } = {}) {
  mockApi({ [`GET /api/calls/peers/${MAYA_ID}`]: () => json(200, peerAnswer('match')) });
  const link = fakeConnection();
  const { hub, sent, server } = fakeHub(refuse);
  const view = renderScreen(<MemberVideoCall userId={MAYA_ID} answerCallId={answerCallId} hub={hub} createConnection={() => link.connection} />);
  return { ...view, link, sent, server };
}

const inviteOf = (sent: Sent[]) => sent.find((command) => command.name === 'call:invite')?.payload as { callId: string; calleeId: string } | undefined;

describe('a real call on the call screen', () => {
  it("calls: 'Calling…', 'Ringing…', connects, shows the other side's video, their mute and camera off, and their hang-up", async () => {
    const { link, sent, server } = renderRealCall();
    await waitFor(() => expect(inviteOf(sent)?.calleeId).toBe(MAYA_ID));
    const callId = inviteOf(sent)?.callId ?? '';
    expect(callId).toMatch(/^[0-9a-f-]{36}$/);
    expect(statusLine()).toHaveTextContent('Calling…');

    server({ name: 'call:ringing', payload: { callId } });
    expect(statusLine()).toHaveTextContent('Ringing…');
    // Another call's news is not this call's.
    server({ name: 'call:answered', payload: { callId: '00000000-0000-4000-8000-000000000000' } });
    expect(statusLine()).toHaveTextContent('Ringing…');

    server({ name: 'call:answered', payload: { callId } });
    expect(statusLine()).toHaveTextContent('Connecting...');
    expect(link.asked).toContain(`start ${callId} impolite`);
    link.showRemote();
    link.emit({ type: 'LINK_CONNECTED' });
    expect(statusLine()).toHaveTextContent('Connected');
    expect(screen.getByTestId('remote-video')).toBeVisible();
    expect(screen.getByRole('timer', { name: 'Call length' })).toHaveTextContent('00:00');

    link.emit({ type: 'REMOTE_MEDIA', muted: true, cameraOff: true });
    expect(screen.getByText('Muted')).toBeInTheDocument();
    expect(screen.getByText('Maya Rao turned their camera off')).toBeInTheDocument();
    expect(screen.getByTestId('remote-video')).not.toBeVisible();
    link.emit({ type: 'REMOTE_MEDIA', muted: false, cameraOff: false });
    expect(screen.queryByText('Muted')).not.toBeInTheDocument();
    expect(screen.queryByText('Maya Rao turned their camera off')).not.toBeInTheDocument();

    // Their End ends it here, with the server's length.
    server({ name: 'call:ended', payload: { callId, reason: 'hung-up', seconds: 192 } });
    expect(statusLine()).toHaveTextContent('Call ended');
    expect(screen.getByRole('region', { name: 'Call ended' })).toHaveTextContent('Call length 03:12');
    expect(screen.queryByRole('group', { name: 'Call controls' })).not.toBeInTheDocument();
    expect(sent.some((command) => command.name === 'call:hangup')).toBe(false);
  });

  it("says 'Declined' when the other member declines, without a call length or a report", async () => {
    const { sent, server } = renderRealCall();
    await waitFor(() => expect(inviteOf(sent)).toBeDefined());
    server({ name: 'call:ended', payload: { callId: inviteOf(sent)?.callId ?? '', reason: 'declined', seconds: null } });
    expect(statusLine()).toHaveTextContent('Declined');
    expect(screen.getAllByText('Declined')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Call ended' })).not.toHaveTextContent('Call length');
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('shows the message of a refused invite', async () => {
    renderRealCall({ refuse: { 'call:invite': { status: 429, message: 'Too many calls. Try again in a few minutes.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many calls. Try again in a few minutes.');
    expect(statusLine()).toHaveTextContent('Call ended');
  });

  it('answers the call of its link as the polite side, and End hangs up', async () => {
    const callId = '5b7d1c1e-2f0a-4c39-9a55-0d6f3b8e4a21';
    const user = userEvent.setup();
    const { link, sent } = renderRealCall({ answerCallId: callId });
    await waitFor(() => expect(sent).toContainEqual({ name: 'call:answer', payload: { callId } }));
    expect(sent.some((command) => command.name === 'call:invite')).toBe(false);
    await waitFor(() => expect(link.asked).toContain(`start ${callId} polite`));
    link.emit({ type: 'LINK_CONNECTED' });
    await user.click(within(controls()).getByRole('button', { name: 'Turn camera off' }));
    expect(link.asked).toContain('media false true');
    await user.click(within(controls()).getByRole('button', { name: 'End call' }));
    expect(sent).toContainEqual({ name: 'call:hangup', payload: { callId, reason: 'hung-up' } });
    expect(statusLine()).toHaveTextContent('Call ended');
  });

  it('leaving the page mid-call hangs up and closes the connection', async () => {
    const { link, sent, server, router } = renderRealCall();
    await waitFor(() => expect(inviteOf(sent)).toBeDefined());
    const callId = inviteOf(sent)?.callId ?? '';
    server({ name: 'call:ringing', payload: { callId } });
    await act(() => router.navigate({ to: '/users' }));
    expect(sent).toContainEqual({ name: 'call:hangup', payload: { callId, reason: 'hung-up' } });
    await waitFor(() => expect(link.asked).toContain('stop'));
    expect(fake.live()).toEqual([]);
  });

  it('stays on the ended screen after Report, with the report dialog open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { link, sent, server, router } = renderRealCall();
    await waitFor(() => expect(inviteOf(sent)).toBeDefined());
    const callId = inviteOf(sent)?.callId ?? '';
    server({ name: 'call:answered', payload: { callId } });
    link.emit({ type: 'LINK_CONNECTED' });
    server({ name: 'call:ended', payload: { callId, reason: 'hung-up', seconds: 40 } });

    expect(screen.getByText('Taking you back to your chat...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Taking you back to your chat...')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(currentPath(router)).toBe('/screen');

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    // A real call ends back in the chat with the other member (issue 51).
    await user.click(screen.getByRole('button', { name: 'Back to chat' }));
    await waitFor(() => expect(currentPath(router)).toBe('/messages'));
    expect(router.state.location.search).toEqual({ with: MAYA_ID });
  });

  /** A connected call the server then ends for `reason`, and the 2 seconds of the ended screen. */
  async function endedBy(reason: 'hung-up' | 'blocked') {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { link, sent, server, router } = renderRealCall();
    await waitFor(() => expect(inviteOf(sent)).toBeDefined());
    const callId = inviteOf(sent)?.callId ?? '';
    server({ name: 'call:answered', payload: { callId } });
    link.emit({ type: 'LINK_CONNECTED' });
    server({ name: 'call:ended', payload: { callId, reason, seconds: 12 } });
    const waiting = screen.getByRole('region', { name: 'Call ended' }).textContent;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    return { router, waiting };
  }

  it('goes back to the chat by itself 2 seconds after the other side hangs up', async () => {
    const { router, waiting } = await endedBy('hung-up');
    expect(waiting).toContain('Taking you back to your chat...');
    await waitFor(() => expect(currentPath(router)).toBe('/messages'));
    expect(router.state.location.search).toEqual({ with: MAYA_ID });
  });

  it('goes to Discover after a block ended the call: there is no chat to go back to', async () => {
    const { router, waiting } = await endedBy('blocked');
    expect(waiting).toContain('Taking you back to Discover...');
    await waitFor(() => expect(currentPath(router)).toBe('/users'));
  });
});
