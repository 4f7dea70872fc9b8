import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { liveKeys } from '../../../../src/api/live';
import { json, mockApi, renderApp } from '../../support/render-app';
import { listBody } from '../blog/blog-fixtures';
import { liveStreams } from '../live/now/fixtures';

// The radar belongs to the discovery screens and has its own tests.
vi.mock('../../../../src/features/discovery/radar/HomeRadar', () => ({ HomeRadar: () => <p>Radar goes here</p> }));

/** See home-screen.test.tsx: the first Home render in a worker loads the app's modules and Home's code-split sections. */
const FIRST_RENDER = { timeout: 40_000 };

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const sectionIds = () => screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby') ?? region.getAttribute('aria-label'));

describe("Home's live section", () => {
  it('is not there while no one is live', async () => {
    mockApi({
      'GET /api/blog': () => json(200, listBody([])),
      'GET /api/live/streams': () => json(200, { streams: [] }),
    });
    const { queryClient } = renderApp('/');
    // The query lives in the section's own code: once it has its answer, the section has rendered with it.
    await waitFor(() => expect(queryClient.getQueryState(liveKeys.now())?.status).toBe('success'), FIRST_RENDER);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('region', { name: 'Three steps to your first date' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Live now' })).not.toBeInTheDocument();
    expect(screen.queryByText('No one is live right now.')).not.toBeInTheDocument();
  }, 60_000);

  it('shows up to four live streams after the feature showcases, with See all', async () => {
    const streams = liveStreams(6);
    const api = mockApi({
      'GET /api/blog': () => json(200, listBody([])),
      'GET /api/live/streams': () => json(200, { streams }),
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Live now' }, FIRST_RENDER);
    const cards = within(section).getAllByRole('link', { name: /is live:/ });
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(streams.slice(0, 4).map((stream) => `/live/${stream.id}`));
    expect(cards[0]).toHaveAccessibleName('Host 1 is live: Stream number 1, 0 viewers');
    expect(within(section).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/live-stream');
    await waitFor(() => expect(sectionIds()).toEqual(expect.arrayContaining(['showcases-title', 'live-now-title', 'testimonials-title'])));
    const order = sectionIds();
    expect(order.indexOf('live-now-title')).toBe(order.indexOf('showcases-title') + 1);
    expect(api.calls.some((call) => call.path === '/api/live/streams')).toBe(true);
  }, 60_000);
});
