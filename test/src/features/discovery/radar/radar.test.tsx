import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeRadar } from '../../../../../src/features/discovery/radar/HomeRadar';
import { dotOffset, personAtPoint, radarRingsKm, radarScaleKm } from '../../../../../src/features/discovery/radar/radar-geometry';
import { RADAR_SCREEN_SEARCH } from '../../../../../src/features/discovery/radar/RadarScreen';
import { renderScreen } from '../discover/render-screen';
import { me, mockShellApi, nearby, signInAsUser } from '../discover/fixtures';
import { json, renderApp } from '../../../support/render-app';
import { fakeMediaConditions } from '../../../support/fake-media';
import { mediaConditions } from '../../../../../src/ui';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

const PEOPLE = [nearby('aaaaaaaa-0000-4000-8000-000000000001', 'Ira', 2), nearby('aaaaaaaa-0000-4000-8000-000000000002', 'Dev', 11)];

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

/** The radar scans after the SPEC's 2 second delay (real time here; the machine test uses a simulated clock). */
async function passScanDelay() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 2050));
  });
}

describe('the Home radar', () => {
  it('asks for 20 people within 50 km of the fixed point, after the scan delay', async () => {
    signInAsUser();
    const { calls } = mockShellApi({ 'GET /api/users/radar': () => json(200, { users: PEOPLE }) });
    await renderScreen(() => <HomeRadar />);
    expect(screen.getByRole('status')).toHaveTextContent('Scanning for nearby users...');
    expect(calls.filter((call) => call.path === '/api/users/radar')).toHaveLength(0);
    await passScanDelay();
    expect(await screen.findByRole('link', { name: 'View Ira' })).toBeInTheDocument();
    const radar = calls.find((call) => call.path === '/api/users/radar');
    expect(radar).toBeDefined();
    const list = screen.getByRole('list', { name: 'People near you' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('img', { name: /Radar showing 2 people within 50 km/ })).toBeInTheDocument();
  });

  it('shows the scanning line as muted, centred text and hands no unknown props to the DOM', async () => {
    // styled-components only warns in development; the check reads NODE_ENV at render time.
    vi.stubEnv('NODE_ENV', 'development');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      signInAsUser();
      mockShellApi({ 'GET /api/users/radar': () => json(200, { users: PEOPLE }) });
      await renderScreen(() => <HomeRadar />);
      const scanning = screen.getByRole('status');
      expect(scanning).toHaveTextContent('Scanning for nearby users...');
      expect(scanning.tagName).toBe('DIV');
      expect(scanning).not.toHaveAttribute('tone');
      expect(scanning).not.toHaveAttribute('align');
      expect(getComputedStyle(scanning).textAlign).toBe('center');
      expect(warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('unknown prop'))).toEqual([]);
    } finally {
      warn.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('sends the fixed point, radius and limit in the query', async () => {
    signInAsUser();
    const urls: URL[] = [];
    mockShellApi({
      'GET /api/users/radar': (url) => {
        urls.push(url);
        return json(200, { users: [] });
      },
    });
    await renderScreen(() => <HomeRadar />);
    await passScanDelay();
    await screen.findByRole('heading', { name: 'Nobody nearby yet' });
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({ around: 'home-page', radiusKm: '50', limit: '20' });
  });

  it('shows a visitor the 5 sample users and says they are samples, without asking the server', async () => {
    const { calls } = mockShellApi({ 'GET /api/users/radar': () => json(401, { success: false, message: 'Authentication required' }) });
    await renderScreen(() => <HomeRadar />);
    await passScanDelay();
    expect(await screen.findByText('These are sample profiles. Sign in to see who is really near you.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'People near you' })).getAllByRole('listitem')).toHaveLength(5);
    // The radar is for members: a visitor's browser does not ask for an answer the server must refuse.
    expect(calls.filter((call) => call.path === '/api/users/radar')).toEqual([]);
  });

  it('tells a member when the radar could not be reached', async () => {
    signInAsUser();
    mockShellApi({ 'GET /api/users/radar': () => json(503, { success: false, message: 'Service unavailable' }) });
    await renderScreen(() => <HomeRadar />);
    await passScanDelay();
    expect(await screen.findByText("We couldn't reach the radar, so these are sample people.")).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'People near you' })).getAllByRole('listitem')).toHaveLength(5);
  });
});

describe('the Radar screen', () => {
  it('scans for 10 people around the stored location and links View and Call', async () => {
    signInAsUser();
    const urls: URL[] = [];
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/radar': (url) => {
        urls.push(url);
        return json(200, { users: PEOPLE });
      },
    });
    renderApp('/radar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Radar' })).toBeInTheDocument();
    await passScanDelay();
    expect(await screen.findByRole('link', { name: 'View Dev' })).toHaveAttribute('href', `/profile/${PEOPLE[1]?._id}`);
    expect(screen.getByRole('link', { name: 'Call Ira' })).toHaveAttribute('href', `/video-call/${PEOPLE[0]?._id}`);
    expect(screen.getByText('11 km away · Mumbai')).toBeInTheDocument();
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({ around: 'me', radiusKm: '50', limit: '10' });
    expect(screen.queryByText(/You are hidden from the radar/)).toBeNull();
  });

  it("opens the profile of the person whose dot is tapped, and nobody's for a tap beside the dots", async () => {
    signInAsUser();
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }), 'GET /api/users/radar': () => json(200, { users: PEOPLE }) });
    const { history } = renderApp('/radar');
    await passScanDelay();
    await screen.findByRole('link', { name: 'View Dev' });
    const canvas = screen.getByRole('img', { name: /Radar showing 2 people/ });
    // Drawn 500 px wide at the top left: the outer ring's radius is 240 px (a 2% margin each side).
    vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 500, height: 500 }));
    const dev = PEOPLE[1];
    if (!dev) throw new Error('no Dev');
    const dot = dotOffset(dev._id, dev.distanceKm, radarScaleKm(RADAR_SCREEN_SEARCH.radiusKm));

    // Opposite Dev's dot, where nobody is drawn: nothing happens.
    fireEvent.click(canvas, { clientX: 250 - dot.x * 240, clientY: 250 - dot.y * 240 });
    expect(history.location.pathname).toBe('/radar');
    // A fingertip off Dev's dot still picks Dev.
    fireEvent.click(canvas, { clientX: 250 + dot.x * 240 + 10, clientY: 250 + dot.y * 240 - 8 });
    await waitFor(() => expect(history.location.pathname).toBe(`/profile/${dev._id}`));
  });

  it('tells a member who chose to be off the radar, and where to change it', async () => {
    signInAsUser();
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me({ showOnRadar: false }) }), 'GET /api/users/radar': () => json(200, { users: PEOPLE }) });
    renderApp('/radar');
    const notice = await screen.findByText(/You are hidden from the radar: others do not see you on theirs/);
    expect(within(notice).getByRole('link', { name: "profile's Settings" })).toHaveAttribute('href', '/profile');
  });
});

describe('the radar canvas', () => {
  it('stops the sweep under prefers-reduced-motion', async () => {
    const media = fakeMediaConditions([mediaConditions.reducedMotion]);
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    try {
      mockShellApi({ 'GET /api/users/radar': () => json(200, { users: PEOPLE }) });
      await renderScreen(() => <HomeRadar />);
      expect(screen.getByRole('img', { name: /Radar sweep/ })).toHaveAttribute('data-reduced-motion', 'true');
      expect(frame).not.toHaveBeenCalled();
    } finally {
      media.restore();
    }
  });

  it('picks the person whose dot is nearest a tap, within reach only', () => {
    const [ira, dev] = PEOPLE;
    if (!ira || !dev) throw new Error('no people');
    const scaleKm = 15;
    const iraDot = dotOffset(ira._id, ira.distanceKm, scaleKm);
    expect(personAtPoint(PEOPLE, iraDot, 0.05, scaleKm)).toBe(ira);
    expect(personAtPoint(PEOPLE, { x: iraDot.x + 0.04, y: iraDot.y }, 0.05, scaleKm)).toBe(ira);
    expect(personAtPoint(PEOPLE, { x: iraDot.x + 0.06, y: iraDot.y }, 0.05, scaleKm)).toBeUndefined();
    // Between two dots, the nearer one wins.
    const devDot = dotOffset(dev._id, dev.distanceKm, scaleKm);
    const nearerDev = { x: iraDot.x + 0.6 * (devDot.x - iraDot.x), y: iraDot.y + 0.6 * (devDot.y - iraDot.y) };
    expect(personAtPoint(PEOPLE, nearerDev, 10, scaleKm)).toBe(dev);
  });

  it('labels the rings with the round distances they are drawn at, the outer one covering the radius searched', () => {
    // Within 50 km (the Radar screen and Home): rings at 20, 40 and 60 km, so someone 45 km away is inside the outer ring.
    expect(radarRingsKm(50)).toEqual([20, 40, 60]);
    expect(radarRingsKm(15)).toEqual([5, 10, 15]);
    expect(radarRingsKm(4)).toEqual([2, 4, 6]);
    expect(radarScaleKm(50)).toBe(60);
  });

  it('places each dot at its distance on the outer ring\'s scale, anyone further out on the rim', () => {
    const near = dotOffset('some-id', 30, 60);
    expect(Math.hypot(near.x, near.y)).toBeCloseTo(0.5);
    const within = dotOffset('some-id', 45, 60);
    expect(Math.hypot(within.x, within.y)).toBeCloseTo(0.75);
    const far = dotOffset('some-id', 80, 60);
    expect(Math.hypot(far.x, far.y)).toBeCloseTo(1);
    // The same person keeps the same angle from one scan to the next.
    expect(dotOffset('some-id', 5, 60)).toEqual(dotOffset('some-id', 5, 60));
  });
});
