import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DiscoverResponse } from '../../../../../contract/discovery';
import { json, renderApp } from '../../../support/render-app';
import { candidate, mockShellApi, signedInForEachTest, expectSignInPrompt } from './fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

const ASHA = candidate('aaaaaaaa-0000-4000-8000-00000000000a', 'Asha', { isOnline: true, compatibility: 88 });
const BEN = candidate('aaaaaaaa-0000-4000-8000-00000000000b', 'Ben', { gender: 'male', isVIP: true });

function page(users = [ASHA, BEN], extra: Partial<Omit<DiscoverResponse, 'users'>> = {}): DiscoverResponse {
  return { users, page: 1, totalPages: 1, total: users.length, totalIsExact: true, ...extra };
}

signedInForEachTest();

describe('Discover (/users)', () => {
  it('lists people as cards with Like and Video Call', async () => {
    mockShellApi({ 'GET /api/users': () => json(200, page()) });
    renderApp('/users');
    const card = await screen.findByRole('article', { name: 'Asha, 29' });
    expect(within(card).getByText('88% compatibility')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like Asha' })).toBeEnabled();
    expect(within(card).getByRole('link', { name: 'Video Call Asha' })).toHaveAttribute('href', `/video-call/${ASHA.id}`);
    expect(within(card).getByRole('link', { name: 'Asha, 29' })).toHaveAttribute('href', `/profile/${ASHA.id}`);
    // Her main photo as wide as the card (a phone's whole width), not a small circle.
    const photo = within(card).getByRole('img', { name: 'Asha' });
    expect(photo).toHaveAttribute('src', ASHA.avatar);
    expect(photo).toHaveAttribute('width', '400');
    expect(screen.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
  });

  it('marks demo people on their cards and says once that they answer automatically; real members carry no mark', async () => {
    const DEMO = candidate('aaaaaaaa-0000-4000-8000-00000000000d', 'Dana', { isDemo: true });
    mockShellApi({ 'GET /api/users': () => json(200, page([DEMO, ASHA])) });
    renderApp('/users');
    const demoCard = await screen.findByRole('article', { name: 'Dana, 29' });
    expect(within(demoCard).getByText('Demo')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Asha, 29' })).queryByText('Demo')).not.toBeInTheDocument();
    expect(screen.getByText('People marked Demo are sample profiles that answer automatically; they are not real members.')).toBeInTheDocument();
  });

  it('says nothing of demo people when only real members are shown', async () => {
    mockShellApi({ 'GET /api/users': () => json(200, page()) });
    renderApp('/users');
    await screen.findByRole('article', { name: 'Asha, 29' });
    expect(screen.queryByText(/answer automatically/)).not.toBeInTheDocument();
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();
  });

  it('applies the gender and age filters on the server, with the SPEC placeholders', async () => {
    const queries: Array<Record<string, string>> = [];
    mockShellApi({
      'GET /api/users': (url) => {
        queries.push(Object.fromEntries(url.searchParams));
        return json(200, page([BEN]));
      },
    });
    const { router } = renderApp('/users');
    await screen.findByRole('article', { name: 'Ben, 29' });
    expect(screen.getByLabelText('Min age')).toHaveAttribute('placeholder', '18');
    expect(screen.getByLabelText('Max age')).toHaveAttribute('placeholder', '99');
    expect(within(screen.getByLabelText('Gender')).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'male', 'female']);

    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'male');
    await userEvent.type(screen.getByLabelText('Min age'), '25');
    await userEvent.type(screen.getByLabelText('Max age'), '35');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ gender: 'male', minAge: '25', maxAge: '35', page: '1', limit: '12' }));
    expect(router.state.location.search).toMatchObject({ gender: 'male', minAge: 25, maxAge: 35 });
  });

  it('explains a wrong age range instead of searching', async () => {
    const { calls } = mockShellApi({ 'GET /api/users': () => json(200, page()) });
    renderApp('/users');
    await screen.findByRole('article', { name: 'Asha, 29' });
    const before = calls.length;
    await userEvent.type(screen.getByLabelText('Min age'), '40');
    await userEvent.type(screen.getByLabelText('Max age'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByLabelText('Min age')).toHaveAccessibleDescription('Min age must not be more than max age');
    expect(calls.length).toBe(before);

    // The range is wrong because of either bound, so editing the other one withdraws the message too.
    await userEvent.type(screen.getByLabelText('Max age'), '5');
    expect(screen.getByLabelText('Min age')).toBeValid();
    expect(screen.getByLabelText('Min age')).not.toHaveAccessibleDescription('Min age must not be more than max age');
  });

  it("says 'No users found' when nobody matches", async () => {
    mockShellApi({ 'GET /api/users': () => json(200, page([])) });
    renderApp('/users?gender=female');
    expect(await screen.findByRole('heading', { name: 'No users found' })).toBeInTheDocument();
  });

  it("shows 'Error Loading Users' with Try Again", async () => {
    let failing = true;
    mockShellApi({ 'GET /api/users': () => (failing ? json(500, { success: false, message: 'Internal server error' }) : json(200, page())) });
    renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Error Loading Users' })).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Asha, 29' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in instead of showing an error, without asking the server', async () => {
    localStorage.clear();
    const { calls } = mockShellApi({ 'GET /api/users': () => json(401, { success: false, message: 'Authentication required' }) });
    renderApp('/users');
    await expectSignInPrompt('Sign in to discover people', '/users');
    expect(screen.queryByRole('heading', { name: 'Error Loading Users' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/users')).toEqual([]);
  });

  it('likes from a card, and says when it is a match', async () => {
    const { calls } = mockShellApi({
      'GET /api/users': () => json(200, page()),
      'POST /api/users/like': () => json(200, { success: true, match: true, matchId: 'm-1' }),
    });
    renderApp('/users');
    const card = await screen.findByRole('article', { name: 'Asha, 29' });
    await userEvent.click(within(card).getByRole('button', { name: 'Like Asha' }));
    expect(await within(card).findByText("It's a match! 🎉")).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Liked Asha' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ targetId: ASHA.id, type: 'like' });
  });

  it('pages through results', async () => {
    const pages: string[] = [];
    mockShellApi({
      'GET /api/users': (url) => {
        pages.push(url.searchParams.get('page') ?? '');
        return json(200, page([ASHA], { page: Number(url.searchParams.get('page')), totalPages: 3, total: 30 }));
      },
    });
    renderApp('/users');
    await screen.findByText('30 people found');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages.at(-1)).toBe('2'));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('says when there are more people than the server counted, and still offers the next page', async () => {
    mockShellApi({
      'GET /api/users': (url) => json(200, page([ASHA], { page: Number(url.searchParams.get('page')), totalPages: 84, total: 1000, totalIsExact: false })),
    });
    renderApp('/users');
    expect(await screen.findByText('1,000+ people found')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Page 1 of 84+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('ends at the deepest page Discover lists, without promising more', async () => {
    mockShellApi({ 'GET /api/users': () => json(200, page([ASHA], { page: 834, totalPages: 834, total: 10_000, totalIsExact: false })) });
    renderApp('/users?page=834');
    expect(await screen.findByText('10,000+ people found')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Page 834 of 834')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('opens a page deeper than Discover lists as the first page', async () => {
    const pages: string[] = [];
    mockShellApi({
      'GET /api/users': (url) => {
        pages.push(url.searchParams.get('page') ?? '');
        return json(200, page());
      },
    });
    renderApp('/users?page=835');
    await screen.findByRole('article', { name: 'Asha, 29' });
    expect(new Set(pages)).toEqual(new Set(['1']));
  });

  it('switches to the Radar View', async () => {
    mockShellApi({ 'GET /api/users': () => json(200, page()), 'GET /api/users/radar': () => json(200, { users: [] }) });
    const { router } = renderApp('/users');
    await userEvent.click(await screen.findByRole('tab', { name: 'Radar View' }));
    expect(await screen.findByText('Scanning for nearby users...')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ view: 'radar' });
    expect(screen.queryByRole('form', { name: 'Filters' })).toBeNull();
  });
});
