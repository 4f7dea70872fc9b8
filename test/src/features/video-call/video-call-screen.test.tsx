import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatElapsed } from '../../../../machines/video-call.machine';
import { CALL_QUALITIES, pickQuality } from '../../../../machines/video-call.sim';
import { json, mockApi, renderApp } from '../../support/render-app';
import { fakeMediaDevices, installMediaDevices } from '../media/fake-media';

/**
 * The call screen as the app mounts it, over fake camera and microphone
 * devices: the callee from the API, real track toggling, and every track
 * stopped when the call ends or the page is left.
 */

const MAYA_ID = '7f9c2a4e-1b3d-4c5e-8f60-112233445566';
const publicConfig = { success: true, data: { config: { appName: 'Orbit' } } };
const mayaProfile = {
  user: {
    _id: MAYA_ID,
    username: 'maya_r',
    avatar: '/api/media/avatar/maya-r',
    age: 27,
    gender: 'female',
    region: 'Mumbai',
    isOnline: true,
    isVIP: false,
    vipTier: null,
    vipUntil: null,
    interests: [],
    photos: [],
    bio: '',
    lang: 'en',
    profile: {
      name: 'Maya Rao',
      avatar: '/api/media/avatar/maya-r',
      isVerified: false,
      isVIP: false,
      vipLevel: 'none',
      vipUntil: null,
      age: 27,
      location: 'Mumbai',
      gender: 'female',
      language: 'en',
      bio: '',
      interests: [],
      photos: [],
      followers: 0,
      following: 0,
      lastSeen: null,
    },
  },
  relationship: { decision: null, isMatch: true },
};

let uninstall: () => void = () => {};
beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  uninstall();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

function controls() {
  return screen.getByRole('group', { name: 'Call controls' });
}

describe('the video call screen', () => {
  it("calls the person from the link: connects, counts, mutes and turns the camera off for real, then ends back on Discover", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    localStorage.setItem('user_token', 'token-of-a-user');
    mockApi({ 'GET /api/config/public': () => json(200, publicConfig), [`GET /api/user/${MAYA_ID}`]: () => json(200, mayaProfile) });
    const fake = fakeMediaDevices();
    uninstall = installMediaDevices(fake.devices);
    const { router } = renderApp(`/video-call/${MAYA_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Video call with Maya Rao' })).toBeInTheDocument();
    expect(await screen.findByText('Connecting...')).toBeInTheDocument();
    expect(fake.requests).toContainEqual({ video: true, audio: true });
    expect(screen.getByLabelText('Your camera')).toBeInTheDocument();
    // One camera: nothing to switch to.
    expect(within(controls()).getByRole('button', { name: 'Switch camera' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.getByRole('timer', { name: 'Call length' })).toHaveTextContent(/^00:0[3-9]$/));
    expect(screen.getByText(/^Quality: (Good|Fair|Poor)$/)).toBeInTheDocument();

    // (React's StrictMode starts the camera twice in development; the first stream is already stopped.)
    const video = fake.live().find((track) => track.kind === 'video');
    const audio = fake.live().find((track) => track.kind === 'audio');
    await user.click(within(controls()).getByRole('button', { name: 'Mute' }));
    expect(audio?.enabled).toBe(false);
    await user.click(within(controls()).getByRole('button', { name: 'Unmute' }));
    expect(audio?.enabled).toBe(true);
    await user.click(within(controls()).getByRole('button', { name: 'Turn camera off' }));
    expect(video?.enabled).toBe(false);
    expect(screen.queryByLabelText('Your camera')).not.toBeInTheDocument();
    expect(fake.live()).toHaveLength(2);

    await user.click(within(controls()).getByRole('button', { name: 'End call' }));
    expect(await screen.findByText('Call ended', { selector: 'p[role="status"]' })).toBeInTheDocument();
    expect(fake.live()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('switches between two cameras, stopping the one it leaves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    mockApi({ 'GET /api/config/public': () => json(200, publicConfig) });
    const fake = fakeMediaDevices({ cameras: ['front-camera', 'back-camera'] });
    uninstall = installMediaDevices(fake.devices);
    renderApp('/video-call');
    expect(await screen.findByRole('heading', { level: 1, name: 'Video call with Orbit member' })).toBeInTheDocument();
    await screen.findByText('Connecting...');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await user.click(await within(controls()).findByRole('button', { name: 'Switch camera' }));
    await waitFor(() => expect(fake.live().map((track) => track.deviceId).sort()).toEqual(['back-camera', 'microphone']));
    expect(fake.created.filter((track) => track.deviceId === 'front-camera').every((track) => track.readyState === 'ended')).toBe(true);
  });

  it('explains a refused camera, goes on with audio only, and stops the microphone when the page is left', async () => {
    localStorage.setItem('user_token', 'token-of-a-user');
    const user = userEvent.setup();
    mockApi({ 'GET /api/config/public': () => json(200, publicConfig) });
    const fake = fakeMediaDevices({ videoError: new DOMException('Permission denied', 'NotAllowedError') });
    uninstall = installMediaDevices(fake.devices);
    const { router } = renderApp('/video-call/b1b2b3b4-0000-4000-8000-000000000000');

    // The API does not know this id: a generic caller, not an error.
    expect(await screen.findByRole('heading', { level: 1, name: 'Video call with Orbit member' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Camera access was blocked');
    await user.click(within(alert).getByRole('button', { name: 'Continue with audio only' }));
    expect(await screen.findByText('Connecting...')).toBeInTheDocument();
    expect(fake.requests.at(-1)).toEqual({ video: false, audio: true });
    expect(within(controls()).getByRole('button', { name: 'Turn camera off' })).toBeDisabled();
    expect(screen.getByText('Audio only')).toBeInTheDocument();
    expect(fake.live().map((track) => track.kind)).toEqual(['audio']);

    await act(() => router.navigate({ to: '/users' }));
    expect(fake.live()).toEqual([]);
  });

  it('offers only ending when the microphone is refused too', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/config/public': () => json(200, publicConfig) });
    const refused = new DOMException('Permission denied', 'NotAllowedError');
    uninstall = installMediaDevices(fakeMediaDevices({ videoError: refused, audioError: refused }).devices);
    renderApp('/video-call');
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Continue with audio only' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your microphone is unavailable too'));
    expect(within(screen.getByRole('alert')).queryByRole('button', { name: 'Continue with audio only' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'End call' }));
    expect(await screen.findByText('Call ended', { selector: 'p[role="status"]' })).toBeInTheDocument();
  });
});

describe('call helpers', () => {
  it('writes the elapsed time as mm:ss, minutes running past an hour', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(65)).toBe('01:05');
    expect(formatElapsed(3600)).toBe('60:00');
  });

  it('draws the quality evenly from the random source', () => {
    expect([0, 0.34, 0.67, 0.999999].map((value) => pickQuality(() => value))).toEqual(['good', 'fair', 'poor', 'poor']);
    expect(CALL_QUALITIES).toEqual(['good', 'fair', 'poor']);
  });
});
