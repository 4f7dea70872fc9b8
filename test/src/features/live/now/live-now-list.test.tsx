import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_NOW_REFRESH_MS } from '../../../../../src/api/live';
import { LiveNowList } from '../../../../../src/features/live/now/LiveNowList';
import { LiveVisitorPrompt } from '../../../../../src/features/live/now/LiveVisitorPrompt';
import { renderScreen } from '../../discovery/discover/render-screen';
import { json, mockApi } from '../../../support/render-app';
import { liveStream, liveStreams } from './fixtures';

afterEach(() => {
  vi.useRealTimers();
});

const liveNow = () => screen.getByRole('region', { name: 'Live now' });

describe('LiveNowList', () => {
  it('shows each live stream as a link to its page, with the host, the title, LIVE and the viewer count', async () => {
    const maya = liveStream();
    const [, solo] = liveStreams(2);
    if (!solo) throw new Error('fixture');
    mockApi({ 'GET /api/live/streams': () => json(200, { streams: [maya, { ...solo, viewers: 1 }] }) });
    await renderScreen(() => <LiveNowList />);

    const region = liveNow();
    expect(within(region).getByRole('heading', { level: 2, name: 'Live now' })).toBeInTheDocument();
    const card = await within(region).findByRole('link', { name: /Maya R.*Sunset chat from the rooftop/ });
    expect(card).toHaveAttribute('href', `/live/${maya.id}`);
    expect(card).toHaveAccessibleName('Maya R is live: Sunset chat from the rooftop, 3 viewers');
    expect(within(card).getByRole('img', { name: 'Maya R' })).toHaveAttribute('src', maya.host.avatar);
    expect(within(card).getByText('LIVE')).toBeInTheDocument();
    expect(within(card).getByText('3 viewers')).toBeInTheDocument();
    expect(within(card).getByText('Sunset chat from the rooftop')).toBeInTheDocument();

    // No photo: the host's initials stand in; one viewer is singular.
    const second = within(region).getByRole('link', { name: /Host 2.*Stream number 2/ });
    expect(second).toHaveAttribute('href', `/live/${solo.id}`);
    expect(within(second).getByRole('img', { name: 'Host 2' })).toHaveTextContent('H2');
    expect(within(second).getByText('1 viewer')).toBeInTheDocument();
    expect(within(region).getAllByRole('link')).toHaveLength(2);
    expect(within(region).queryByText('No one is live right now.')).not.toBeInTheDocument();
  });

  it('says so when no one is live', async () => {
    mockApi({ 'GET /api/live/streams': () => json(200, { streams: [] }) });
    await renderScreen(() => <LiveNowList />);
    expect(await within(liveNow()).findByText('No one is live right now.')).toBeInTheDocument();
    expect(within(liveNow()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a busy skeleton while loading', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'GET /api/live/streams': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderScreen(() => <LiveNowList />);
    expect(liveNow()).toHaveAttribute('aria-busy', 'true');
    expect(within(liveNow()).getByRole('status')).toHaveTextContent('Loading live streams');
    answer(json(200, { streams: [liveStream()] }));
    expect(await within(liveNow()).findByRole('link', { name: /Maya R/ })).toBeInTheDocument();
    expect(liveNow()).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the failure with Try Again, which asks again', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/live/streams': () =>
        fail ? json(500, { success: false, message: 'Failed to load live streams' }) : json(200, { streams: [liveStream()] }),
    });
    await renderScreen(() => <LiveNowList />);
    const alert = await within(liveNow()).findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load who is live");
    expect(alert).toHaveTextContent('Failed to load live streams');

    fail = false;
    await userEvent.click(within(liveNow()).getByRole('button', { name: 'Try Again' }));
    expect(await within(liveNow()).findByRole('link', { name: /Maya R/ })).toBeInTheDocument();
    expect(within(liveNow()).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/live/streams')).toHaveLength(2);
  });

  it('asks again on its own every LIVE_NOW_REFRESH_MS, since visitors have no socket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let streams = [liveStream()];
    const api = mockApi({ 'GET /api/live/streams': () => json(200, { streams }) });
    await renderScreen(() => <LiveNowList />);
    expect(await within(liveNow()).findByRole('link', { name: /Maya R/ })).toBeInTheDocument();

    streams = [];
    await vi.advanceTimersByTimeAsync(LIVE_NOW_REFRESH_MS);
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/live/streams')).toHaveLength(2));
    expect(await within(liveNow()).findByText('No one is live right now.')).toBeInTheDocument();
  });
});

describe('LiveVisitorPrompt', () => {
  it('asks a visitor to sign in, and brings them back to the page afterwards', async () => {
    await renderScreen(() => <LiveVisitorPrompt />, { path: '/live-stream' });
    const signIn = screen.getByRole('link', { name: 'Sign in to watch or go live' });
    expect(signIn).toHaveAttribute('href', '/login?redirect=%2Flive-stream');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?redirect=%2Flive-stream');
  });
});
