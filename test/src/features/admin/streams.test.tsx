import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminStream, AdminStreamsResponse } from '../../../../contract/live';
import { json, mockApi, renderApp } from '../../support/render-app';
import { adminStream } from '../live/now/fixtures';
import { PUBLIC_CONFIG } from './fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const live = adminStream({ viewers: 4, peakViewers: 9, totalViewers: 23 });
const ended = adminStream({
  id: '5d1e2f3a-4b5c-4d6e-8f70-81a2b3c4d5e6',
  host: { id: '55555555-5555-4555-8555-555555555555', name: 'Raj K', avatar: '' },
  title: 'Cooking with Raj',
  state: 'ended',
  viewers: 0,
  peakViewers: 6,
  totalViewers: 14,
  endedAt: '2026-11-26T20:30:00.000Z',
  endReason: 'lost',
});

function page(streams: AdminStream[], total = streams.length): AdminStreamsResponse {
  return { streams, total, page: 1, pageSize: 20 };
}

function streamsApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
    'GET /api/admin/activity': () => json(200, { success: true, activity: [] }),
    'GET /api/admin/streams': (url) => json(200, page(url.searchParams.get('state') === 'all' ? [live, ended] : [live])),
    ...extra,
  });
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

const listRequests = (calls: Array<{ path: string }>) => calls.filter((call) => call.path === '/api/admin/streams').length;

describe('Admin live streams', () => {
  it('lists live streams with their audience, and all streams with how each ended', async () => {
    const api = streamsApi();
    const { router } = renderApp('/admin/streams');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live streams' }, { timeout: 5000 })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Live streams' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Host', 'Title', 'Started', 'Ended', 'Viewers now', 'Peak', 'Total unique']);
    const cells = within(rowOf('Sunset chat from the rooftop')).getAllByRole('cell');
    expect(cells.slice(0, 2).map((cell) => cell.textContent)).toEqual(['Maya R', 'Sunset chat from the rooftop']);
    // A live stream's Ended cell says it is live, and offers to end it.
    const [, , , endedCell] = cells;
    if (!endedCell) throw new Error('no Ended cell');
    expect(within(endedCell).getByText('Live')).toBeInTheDocument();
    expect(within(endedCell).getByRole('button', { name: 'End stream by Maya R: Sunset chat from the rooftop' })).toBeInTheDocument();
    expect(cells.slice(4).map((cell) => cell.textContent)).toEqual(['4', '9', '23']);
    expect(screen.getByText('1 live stream')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/admin/streams')).toBeDefined();

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ state: 'all' }));
    const endedRow = await waitFor(() => rowOf('Cooking with Raj'));
    expect(within(endedRow).getByText('Host lost connection')).toBeInTheDocument();
    expect(within(endedRow).queryByRole('button', { name: /End stream/ })).not.toBeInTheDocument();
    expect(within(endedRow).getAllByRole('cell').map((cell) => cell.textContent).slice(4, 7)).toEqual(['—', '6', '14']);
    expect(screen.getByText('2 streams')).toBeInTheDocument();
    // The first full-app render in a worker also pays for loading the app's modules.
  }, 40_000);

  it('ends a live stream after a confirmation, then shows the list again', async () => {
    let over = false;
    const api = streamsApi({
      'GET /api/admin/streams': () => json(200, page(over ? [] : [live])),
      [`POST /api/admin/streams/${live.id}/end`]: () => {
        over = true;
        return json(200, { stream: { ...live, state: 'ended', viewers: 0, endedAt: new Date().toISOString(), endReason: 'admin' } });
      },
    });
    renderApp('/admin/streams');
    await screen.findByRole('region', { name: 'Live streams' }, { timeout: 5000 });

    // Cancelling asks nothing of the server.
    await userEvent.click(screen.getByRole('button', { name: 'End stream by Maya R: Sunset chat from the rooftop' }));
    let dialog = await screen.findByRole('dialog', { name: 'End stream' });
    expect(dialog).toHaveTextContent('End “Sunset chat from the rooftop” by Maya R?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    const before = listRequests(api.calls);
    await userEvent.click(screen.getByRole('button', { name: /End stream by Maya R/ }));
    dialog = await screen.findByRole('dialog', { name: 'End stream' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End stream' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`/api/admin/streams/${live.id}/end`]);
    expect(screen.getByRole('status')).toHaveTextContent('Stream ended: “Sunset chat from the rooftop” by Maya R');
    await waitFor(() => expect(listRequests(api.calls)).toBeGreaterThan(before));
    expect(await screen.findByRole('heading', { name: 'No one is live right now' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when ending fails, and reloads a stream that was already over', async () => {
    const api = streamsApi({
      [`POST /api/admin/streams/${live.id}/end`]: () => json(409, { success: false, message: 'This stream has ended' }),
    });
    renderApp('/admin/streams');
    await screen.findByRole('region', { name: 'Live streams' }, { timeout: 5000 });
    const before = listRequests(api.calls);
    await userEvent.click(screen.getByRole('button', { name: /End stream by Maya R/ }));
    const dialog = await screen.findByRole('dialog', { name: 'End stream' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End stream' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This stream has ended');
    await waitFor(() => expect(listRequests(api.calls)).toBeGreaterThan(before));
  });

  it('shows the failure to load with Try Again, and the empty list', async () => {
    let fail = true;
    streamsApi({
      'GET /api/admin/streams': () => (fail ? json(500, { success: false, message: 'Failed to fetch streams' }) : json(200, page([]))),
    });
    renderApp('/admin/streams');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Error Loading Streams');
    expect(alert).toHaveTextContent('Failed to fetch streams');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No one is live right now' })).toBeInTheDocument();
  });
});
