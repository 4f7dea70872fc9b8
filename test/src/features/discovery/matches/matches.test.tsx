import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, renderApp } from '../../../support/render-app';
import { candidate, matchOf, mockShellApi, signInAsUser, expectSignInPrompt } from '../discover/fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

const ASHA = matchOf(candidate('aaaaaaaa-0000-4000-8000-00000000000a', 'Asha', { isOnline: true }));
const BEN = matchOf(candidate('aaaaaaaa-0000-4000-8000-00000000000b', 'Ben'));

beforeEach(() => {
  localStorage.clear();
  signInAsUser();
});
afterEach(() => localStorage.clear());

/** Report or block on Asha's card, Block Asha, then Block to confirm; returns the dialog. */
async function blockAshaFromTheCard(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: 'Report or block' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report or block Asha' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Block Asha' }));
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Block' }));
  return dialog;
}

describe('Matches (/match) against the API', () => {
  it('shows the newest match first with the counter', async () => {
    mockShellApi({ 'GET /api/matches': () => json(200, { matches: [ASHA, BEN] }) });
    renderApp('/match');
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha, 29' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 matches')).toBeInTheDocument();
  });

  it("opens Messages with that person's conversation", async () => {
    mockShellApi({ 'GET /api/matches': () => json(200, { matches: [ASHA, BEN] }), 'GET /api/conversations': () => json(200, { conversations: [] }) });
    const { router } = renderApp('/match');
    await userEvent.click(await screen.findByRole('button', { name: 'Next match' }));
    await userEvent.click(screen.getByRole('button', { name: 'Chat with Ben' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toEqual({ with: BEN.id });
  });

  it('starts a video call with them', async () => {
    mockShellApi({ 'GET /api/matches': () => json(200, { matches: [ASHA] }) });
    const { router } = renderApp('/match');
    await userEvent.click(await screen.findByRole('button', { name: 'Video call Asha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/video-call/${ASHA.id}`));
  });

  it('blocks a match from the card: the server is told, the next match moves up and the message takes focus', async () => {
    const { calls } = mockShellApi({
      'GET /api/matches': () => json(200, { matches: [ASHA, BEN] }),
      [`POST /api/users/${ASHA.id}/block`]: () => json(200, { success: true, message: 'Blocked.' }),
    });
    renderApp('/match');
    await blockAshaFromTheCard();

    const notice = await screen.findByText('You blocked Asha.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('heading', { level: 2, name: 'Ben, 29' })).toBeInTheDocument();
    expect(screen.getByText('1 of 1 matches')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === `/api/users/${ASHA.id}/block`).map((call) => call.method)).toEqual(['POST']);
  });

  it('keeps the match when the block fails, with the reason in the dialog', async () => {
    mockShellApi({
      'GET /api/matches': () => json(200, { matches: [ASHA, BEN] }),
      [`POST /api/users/${ASHA.id}/block`]: () => json(503, { success: false, message: 'Orbit is briefly unavailable; please try again in a moment' }),
    });
    renderApp('/match');
    const dialog = await blockAshaFromTheCard();
    expect(await within(dialog).findByText('Orbit is briefly unavailable; please try again in a moment', {}, { timeout: 15_000 })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Asha, 29' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 matches')).toBeInTheDocument();
    expect(screen.queryByText(/^You blocked/)).not.toBeInTheDocument();
  });

  it("shows the server's message under 'Error Loading Matches'", async () => {
    mockShellApi({ 'GET /api/matches': () => json(503, { success: false, message: 'Orbit is briefly unavailable; please try again in a moment' }) });
    renderApp('/match');
    expect(await screen.findByRole('heading', { name: 'Error Loading Matches' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Orbit is briefly unavailable; please try again in a moment')).toBeInTheDocument();
  });

  it('asks a visitor to sign in instead of showing an error, without asking the server', async () => {
    localStorage.clear();
    const { calls } = mockShellApi({ 'GET /api/matches': () => json(401, { success: false, message: 'Authentication required' }) });
    renderApp('/match');
    await expectSignInPrompt('Sign in to see your matches', '/match');
    expect(screen.queryByRole('heading', { name: 'Error Loading Matches' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/matches')).toEqual([]);
  });

  it('asks to sign in again when the session has ended on the server', async () => {
    mockShellApi({ 'GET /api/matches': () => json(401, { success: false, message: 'Authentication required' }) });
    renderApp('/match');
    // Any 401 clears the stored tokens (SPEC), so the screen becomes the visitor's.
    expect(await screen.findByRole('heading', { name: 'Sign in to see your matches' })).toBeInTheDocument();
  });
});
