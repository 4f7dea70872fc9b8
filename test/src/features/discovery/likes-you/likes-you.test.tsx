import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Admirer, LikesYouResponse } from '../../../../../contract/likes-you';
import { json, renderApp } from '../../../support/render-app';
import { candidate, expectSignInPrompt, me, mockShellApi, signedInForEachTest } from '../discover/fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

const admirer = (id: string, name: string, superLike: boolean): Admirer => ({
  ...candidate(id, name, { region: 'Pune' }),
  superLike,
  likedAt: '2026-05-01T10:00:00.000Z',
});
const BEN = admirer('aaaaaaaa-0000-4000-8000-00000000000b', 'Ben', true);
const ASHA = admirer('aaaaaaaa-0000-4000-8000-00000000000a', 'Asha', false);
const VIP_PAGE: LikesYouResponse = { access: 'vip', count: 2, people: [BEN, ASHA], next: null };

signedInForEachTest();

function likesYouApi(answer: () => Response, extra: Parameters<typeof mockShellApi>[0] = {}) {
  return mockShellApi({
    'GET /api/user/me': () => json(200, { user: me() }),
    'GET /api/users/likes-you': answer,
    'GET /api/matches': () => json(200, { matches: [] }),
    ...extra,
  });
}

describe('Likes you (/likes-you)', () => {
  it('tells a free member how many, over blurred cards with no photo, and leads to VIP', async () => {
    likesYouApi(() => json(200, { access: 'locked', count: 9 }));
    renderApp('/likes-you');
    expect(await screen.findByRole('heading', { level: 2, name: '9 people like you' })).toBeInTheDocument();
    // Six stand-ins at most, hidden from screen readers, and no picture in any of them.
    const standIns = screen.getAllByTestId('locked-card');
    expect(standIns).toHaveLength(6);
    for (const card of standIns) {
      expect(card.closest('[aria-hidden="true"]')).not.toBeNull();
      expect(card.querySelector('img')).toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Get VIP to see who' })).toHaveAttribute('href', '/vip');
    expect(screen.queryByRole('button', { name: /Like back/ })).not.toBeInTheDocument();
  });

  it('says one person in the singular', async () => {
    likesYouApi(() => json(200, { access: 'locked', count: 1 }));
    renderApp('/likes-you');
    expect(await screen.findByRole('heading', { level: 2, name: '1 person likes you' })).toBeInTheDocument();
    expect(screen.getAllByTestId('locked-card')).toHaveLength(1);
  });

  it('shows a VIP member the people with a super-like mark; liking back matches and takes the card off', async () => {
    const { calls } = likesYouApi(() => json(200, VIP_PAGE), {
      'POST /api/users/like': () => json(200, { success: true, match: true, matchId: 'm-1' }),
    });
    renderApp('/likes-you');
    const ben = await screen.findByRole('article', { name: 'Ben, 29' });
    expect(within(ben).getByRole('img', { name: 'Ben' })).toHaveAttribute('src', BEN.avatar);
    expect(within(ben).getByText('Super like')).toBeInTheDocument();
    expect(within(ben).getByText('Pune')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Asha, 29' })).queryByText('Super like')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '2 people like you' })).toBeInTheDocument();

    await userEvent.click(within(ben).getByRole('button', { name: 'Like back Ben' }));
    const moment = await screen.findByRole('dialog', { name: "It's a match! 🎉" });
    expect(within(moment).getByText('You and Ben like each other.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/users/like', body: { targetId: BEN.id, type: 'like' } }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ben, 29' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: '1 person likes you' })).toBeInTheDocument();
  });

  it('marks a demo person with the Demo label, and nobody else', async () => {
    const DANA = { ...admirer('aaaaaaaa-0000-4000-8000-00000000000d', 'Dana', false), isDemo: true };
    likesYouApi(() => json(200, { access: 'vip', count: 2, people: [DANA, ASHA], next: null }));
    renderApp('/likes-you');
    const dana = await screen.findByRole('article', { name: 'Dana, 29' });
    expect(within(dana).getByText('Demo')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Asha, 29' })).queryByText('Demo')).not.toBeInTheDocument();
  });

  it('passes on someone: the server is told, the card goes, and focus moves to the count', async () => {
    const { calls } = likesYouApi(() => json(200, VIP_PAGE), {
      'POST /api/users/like': () => json(200, { success: true, match: false, matchId: null }),
    });
    renderApp('/likes-you');
    const asha = await screen.findByRole('article', { name: 'Asha, 29' });
    await userEvent.click(within(asha).getByRole('button', { name: 'Pass on Asha' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Asha, 29' })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ targetId: ASHA.id, type: 'dislike' });
    expect(screen.getAllByRole('status').some((region) => region.textContent === 'You passed on Asha.')).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: '1 person likes you' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when nobody is waiting', async () => {
    likesYouApi(() => json(200, { access: 'vip', count: 0, people: [], next: null }));
    renderApp('/likes-you');
    expect(await screen.findByRole('heading', { name: 'No new likes yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover People' })).toHaveAttribute('href', '/users');
  });

  it('shows a failure with Try Again, which asks again', async () => {
    let attempts = 0;
    likesYouApi(() => (++attempts === 1 ? json(500, { success: false, message: 'Database unavailable' }) : json(200, VIP_PAGE)));
    renderApp('/likes-you');
    expect(await screen.findByRole('heading', { name: 'Error Loading Likes' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Ben, 29' })).toBeInTheDocument();
  });

  it('is reached from Matches, with how many wait', async () => {
    likesYouApi(() => json(200, { access: 'locked', count: 3 }));
    renderApp('/match');
    expect(await screen.findByRole('link', { name: 'Likes you: 3' })).toHaveAttribute('href', '/likes-you');
  });

  it('asks a visitor to sign in, without asking the server', async () => {
    localStorage.clear();
    const { calls } = likesYouApi(() => json(401, { success: false, message: 'Authentication required' }));
    renderApp('/likes-you');
    await expectSignInPrompt('Sign in to see who likes you', '/likes-you');
    expect(calls.some((call) => call.path === '/api/users/likes-you')).toBe(false);
  });
});
