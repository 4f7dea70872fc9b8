import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Match } from '../../../../../contract/discovery';
import { json, renderApp } from '../../../support/render-app';
import { candidate, matchOf, mockShellApi, signedInForEachTest } from '../discover/fixtures';
import { SAMPLE_CANDIDATES } from '../../../../../src/features/discovery/spin/sample-candidates';
import { VISITOR_SPIN_NOTICE } from '../../../../../src/features/discovery/spin/SpinScreen';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

const ASHA = candidate('aaaaaaaa-0000-4000-8000-00000000000a', 'Asha', { isOnline: true });
const BEN = candidate('aaaaaaaa-0000-4000-8000-00000000000b', 'Ben');
const CLEO = candidate('aaaaaaaa-0000-4000-8000-00000000000c', 'Cleo');

signedInForEachTest();

describe('Spin (/spin) against the API', () => {
  it("loads 10 candidates and the recent matches, and shows the first with their own compatibility, in the SPEC's words", async () => {
    const urls: URL[] = [];
    mockShellApi({
      'GET /api/users/spin': (url) => {
        urls.push(url);
        return json(200, { users: [ASHA, BEN] });
      },
      'GET /api/matches': () => json(200, { matches: [matchOf(CLEO)] }),
    });
    renderApp('/spin');
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha, 29' })).toBeInTheDocument();
    // The server's score for Asha (72), not SPEC's fixed 85.
    expect(screen.getByText('72% compatibility')).toBeInTheDocument();
    expect(screen.queryByText('85% compatibility')).not.toBeInTheDocument();
    expect(screen.getByText('Online Now')).toBeInTheDocument();
    expect(screen.getByText('Spin to discover new people • 2 users available')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your Matches' })).getByRole('link', { name: 'Cleo' })).toHaveAttribute('href', `/profile/${CLEO.id}`);
    expect(urls[0]?.searchParams.get('limit')).toBe('10');
  });

  it("sends a like, shows 'It's a match! 🎉' when the server says so, and adds them to Your Matches", async () => {
    // As the server does: once the like makes the match, GET /matches lists Asha.
    let matches: Match[] = [];
    const { calls } = mockShellApi({
      'GET /api/users/spin': () => json(200, { users: [ASHA, BEN] }),
      'GET /api/matches': () => json(200, { matches }),
      'POST /api/users/like': () => {
        matches = [matchOf(ASHA, 'm-1')];
        return json(200, { success: true, match: true, matchId: 'm-1' });
      },
    });
    renderApp('/spin');
    await userEvent.click(await screen.findByRole('button', { name: 'Super like' }));
    // The shared match moment opens over the deck; SPEC's notice is under it.
    const moment = await screen.findByRole('dialog', { name: "It's a match! 🎉" });
    expect(within(moment).getByText('You and Asha like each other.')).toBeInTheDocument();
    expect(within(moment).getByRole('img', { name: 'Asha' })).toHaveAttribute('src', ASHA.avatar);
    await userEvent.click(within(moment).getByRole('button', { name: 'Keep browsing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText("It's a match! 🎉")).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ targetId: ASHA.id, type: 'super' });
    expect(within(screen.getByRole('region', { name: 'Your Matches' })).getByRole('link', { name: 'Asha' })).toBeInTheDocument();
    // Like and super like move on after 1 second.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ben, 29' }, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByText('Spin to discover new people • 1 users available')).toBeInTheDocument();
    // Ben is not online: no 'Online Now' badge for him.
    expect(screen.queryByText('Online Now')).not.toBeInTheDocument();
    // The notice stays over the next person, so it says whom it is about.
    expect(screen.getByText("It's a match! 🎉").closest('[role="status"]')).toHaveTextContent("It's a match! 🎉 You and Asha like each other.");
  });

  it('shows a visitor sample people, says so, skips without the server, and sends a like to sign-in', async () => {
    localStorage.clear();
    const { calls } = mockShellApi({});
    const { router } = renderApp('/spin');
    expect(await screen.findByText(VISITOR_SPIN_NOTICE)).toBeInTheDocument();
    const first = SAMPLE_CANDIDATES[0];
    const second = SAMPLE_CANDIDATES[1];
    expect(screen.getByRole('heading', { level: 2, name: `${first?.name}, ${first?.age}` })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dislike' }));
    expect(await screen.findByRole('heading', { level: 2, name: `${second?.name}, ${second?.age}` })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect: '/spin' });
    expect(calls.filter((call) => call.path.startsWith('/api/users') || call.path === '/api/matches')).toEqual([]);
  });

  it('alerts the SPEC text when a dislike fails, and stays on the person', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockShellApi({
      'GET /api/users/spin': () => json(200, { users: [ASHA] }),
      'GET /api/matches': () => json(200, { matches: [] }),
      'POST /api/users/like': () => json(500, { success: false, message: 'Internal server error' }),
    });
    renderApp('/spin');
    await userEvent.click(await screen.findByRole('button', { name: 'Dislike' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to dislike user'));
    expect(screen.getByRole('heading', { level: 2, name: 'Asha, 29' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled();
  });

  it('shows sample people when the candidates cannot be fetched', async () => {
    mockShellApi({ 'GET /api/users/spin': () => json(500, { success: false, message: 'Failed to fetch spin users' }) });
    renderApp('/spin');
    expect(await screen.findByRole('heading', { level: 2, name: 'Priya, 26' })).toBeInTheDocument();
    expect(screen.getByText('Spin to discover new people • 5 users available')).toBeInTheDocument();
  });
});
