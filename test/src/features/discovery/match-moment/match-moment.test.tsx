import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DiscoverResponse } from '../../../../../contract/discovery';
import { json, renderApp } from '../../../support/render-app';
import { sockets } from '../../../../support/fake-socket-io';
import { candidate, me, mockShellApi, OTHER_ID, publicUser, signedInForEachTest } from '../discover/fixtures';

const MY_PHOTO = '/api/photos/0a1b2c3d-0000-4000-8000-0000000000a1/320.webp';
const ASHA = candidate('aaaaaaaa-0000-4000-8000-00000000000a', 'Asha', { avatar: '/api/photos/0a1b2c3d-0000-4000-8000-0000000000b2/320.webp' });
const PAGE: DiscoverResponse = { users: [ASHA], page: 1, totalPages: 1, total: 1, totalIsExact: true };

signedInForEachTest();

function discoverApi(match: boolean) {
  return mockShellApi({
    'GET /api/user/me': () => json(200, { user: me({ avatar: MY_PHOTO }) }),
    'GET /api/users': () => json(200, PAGE),
    'GET /api/matches': () => json(200, { matches: [] }),
    'POST /api/users/like': () => json(200, { success: true, match, matchId: match ? 'm-1' : null }),
  });
}

async function likeAsha() {
  const card = await screen.findByRole('article', { name: 'Asha, 29' });
  await userEvent.click(within(card).getByRole('button', { name: 'Like Asha' }));
  return card;
}

describe('The match moment', () => {
  it('opens on a Discover like that matches: both photos, the SPEC words, and Send a message leads to the chat', async () => {
    // The chat itself is Messages' to test: here it has no server, and says so in the console.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    discoverApi(true);
    const { router } = renderApp('/users');
    await likeAsha();

    const moment = await screen.findByRole('dialog', { name: "It's a match! 🎉" });
    expect(within(moment).getByText('You and Asha like each other.')).toBeInTheDocument();
    expect(within(moment).getByRole('img', { name: 'Alex Demo' })).toHaveAttribute('src', MY_PHOTO);
    expect(within(moment).getByRole('img', { name: 'Asha' })).toHaveAttribute('src', ASHA.avatar);
    // Focus starts on the first way on, and stays in the dialog.
    const message = within(moment).getByRole('button', { name: 'Send a message' });
    expect(message).toHaveFocus();

    await userEvent.click(message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toEqual({ with: ASHA.id });
    expect(screen.queryByRole('dialog', { name: "It's a match! 🎉" })).not.toBeInTheDocument();
  });

  it('opens for the member who liked first when the other likes them back, wherever they are, with their name and photo', async () => {
    discoverApi(false);
    renderApp('/users');
    await screen.findByRole('article', { name: 'Asha, 29' });
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    act(() => socket.serverSends('connect'));
    // Refreshing lists only: the member who liked back has their moment from their like's answer.
    act(() => socket.serverSends('match:new', { peerId: 'ben-1' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => socket.serverSends('match:new', { peerId: 'ben-1', likedBackBy: { name: 'Ben', avatar: '/api/media/avatar/ben' } }));
    const moment = await screen.findByRole('dialog', { name: "It's a match! 🎉" });
    expect(within(moment).getByText('You and Ben like each other.')).toBeInTheDocument();
    expect(within(moment).getByRole('img', { name: 'Ben' })).toHaveAttribute('src', '/api/media/avatar/ben');
  });

  it('closes with Keep browsing, leaving the member on Discover with the card saying it matched', async () => {
    discoverApi(true);
    const { router } = renderApp('/users');
    const card = await likeAsha();
    const moment = await screen.findByRole('dialog', { name: "It's a match! 🎉" });
    await userEvent.click(within(moment).getByRole('button', { name: 'Keep browsing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(within(card).getByText("It's a match! 🎉")).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    discoverApi(true);
    renderApp('/users');
    await likeAsha();
    await screen.findByRole('dialog', { name: "It's a match! 🎉" });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open for a like that does not match', async () => {
    const { calls } = discoverApi(false);
    renderApp('/users');
    const card = await likeAsha();
    expect(await within(card).findByRole('button', { name: 'Liked Asha' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/users/like')).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens on a profile's Like that matches, with their name and photo", async () => {
    const sam = publicUser();
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      [`GET /api/user/${OTHER_ID}`]: () => json(200, { user: sam, relationship: { decision: null, isMatch: false } }),
      'GET /api/matches': () => json(200, { matches: [] }),
      'POST /api/users/like': () => json(200, { success: true, match: true, matchId: 'm-2' }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Like' }));
    const moment = await screen.findByRole('dialog', { name: "It's a match! 🎉" });
    expect(within(moment).getByText('You and Sam Rivera like each other.')).toBeInTheDocument();
    expect(within(moment).getByRole('img', { name: 'Sam Rivera' })).toHaveAttribute('src', sam.profile.avatar);
  });
});
