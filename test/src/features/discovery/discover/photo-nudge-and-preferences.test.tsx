import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DiscoverResponse } from '../../../../../contract/discovery';
import type { User } from '../../../../../contract/members/profile';
import { PHOTO_NUDGE_TEXT } from '../../../../../src/features/discovery/discover/PhotoNudge';
import { json, renderApp } from '../../../support/render-app';
import { candidate, me, mockShellApi, signedInForEachTest } from './fixtures';

const ASHA = candidate('aaaaaaaa-0000-4000-8000-00000000000a', 'Asha');
const PAGE: DiscoverResponse = { users: [ASHA], page: 1, totalPages: 1, total: 1, totalIsExact: true };
const UPLOADED = '/api/photos/0a1b2c3d-0000-4000-8000-0000000000a1/320.webp';

signedInForEachTest();

/** The distinct queries Discover sent (StrictMode may send one twice; what matters is that none went without the preferences). */
const distinct = (queries: Array<Record<string, string>>) => [...new Set(queries.map((query) => JSON.stringify(query)))].map((query) => JSON.parse(query) as unknown);

/** The account as the server keeps it: a PATCH changes it, and GET /user/me reads it back. */
function accountApi(start: User) {
  let account = start;
  const patches: unknown[] = [];
  const queries: Array<Record<string, string>> = [];
  const api = mockShellApi({
    'GET /api/user/me': () => json(200, { user: account }),
    'PATCH /api/user/me': (_url, init) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Partial<User>;
      patches.push(body);
      account = { ...account, ...body };
      return json(200, { user: account });
    },
    'GET /api/users': (url) => {
      queries.push(Object.fromEntries(url.searchParams));
      return json(200, PAGE);
    },
  });
  return { ...api, patches, queries };
}

describe('The photo nudge on Discover', () => {
  it('tells a member without a photo once, records that it was shown, and stays until dismissed', async () => {
    const { patches } = accountApi(me({ photoNudgeSeen: false }));
    const { router } = renderApp('/users');
    const nudge = (await screen.findByText(PHOTO_NUDGE_TEXT)).closest('[role="status"]');
    if (!(nudge instanceof HTMLElement)) throw new Error('the nudge is not a status region');
    expect(within(nudge).getByRole('link', { name: 'Add one' })).toHaveAttribute('href', '/profile');

    // Showing it is what is recorded, once, on the server: no device shows it again.
    await waitFor(() => expect(patches).toEqual([{ photoNudgeSeen: true }]));
    // The answer (seen) updated the account, and the note did not vanish under the member's eyes.
    expect(screen.getByText(PHOTO_NUDGE_TEXT)).toBeInTheDocument();

    await userEvent.click(within(nudge).getByRole('button', { name: 'Dismiss photo tip' }));
    expect(screen.queryByText(PHOTO_NUDGE_TEXT)).not.toBeInTheDocument();

    // Coming back to Discover, the account says it was seen: no note, and nothing more sent.
    await router.navigate({ to: '/spin' });
    await router.navigate({ to: '/users' });
    await screen.findByRole('article', { name: 'Asha, 29' });
    expect(screen.queryByText(PHOTO_NUDGE_TEXT)).not.toBeInTheDocument();
    expect(patches).toHaveLength(1);
  });

  it('says nothing to a member who has a photo of their own, nor to one who saw it already', async () => {
    const withPhoto = accountApi(me({ photoNudgeSeen: false, avatar: UPLOADED, photos: [UPLOADED.replace('320', '640')] }));
    const view = renderApp('/users');
    await screen.findByRole('article', { name: 'Asha, 29' });
    expect(screen.queryByText(PHOTO_NUDGE_TEXT)).not.toBeInTheDocument();
    expect(withPhoto.patches).toEqual([]);
    view.unmount();

    const seen = accountApi(me({ photoNudgeSeen: true }));
    renderApp('/users');
    await screen.findByRole('article', { name: 'Asha, 29' });
    expect(screen.queryByText(PHOTO_NUDGE_TEXT)).not.toBeInTheDocument();
    expect(seen.patches).toEqual([]);
  });
});

describe("Discover's filters and the member's preferences", () => {
  it('start from who the member wants to meet, never asking without them, and still narrow it', async () => {
    const { queries } = accountApi(me({ preferences: { showMe: 'women', minAge: 25, maxAge: 35, maxDistanceKm: null } }));
    const { router } = renderApp('/users');
    await screen.findByRole('article', { name: 'Asha, 29' });
    expect(distinct(queries)).toEqual([{ gender: 'female', minAge: '25', maxAge: '35', page: '1', limit: '12' }]);
    expect(screen.getByLabelText('Gender')).toHaveValue('female');
    expect(screen.getByLabelText('Min age')).toHaveValue(25);
    expect(screen.getByLabelText('Max age')).toHaveValue(35);

    await userEvent.clear(screen.getByLabelText('Min age'));
    await userEvent.type(screen.getByLabelText('Min age'), '28');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ gender: 'female', minAge: '28', maxAge: '35', page: '1', limit: '12' }));
    expect(router.state.location.search).toMatchObject({ gender: 'female', minAge: 28, maxAge: 35 });
  });

  it('save as the preferences when the member asks, keeping the distance, and are offered so only when they differ', async () => {
    const { patches, queries } = accountApi(me({ preferences: { showMe: 'women', minAge: 25, maxAge: 35, maxDistanceKm: 50 } }));
    const { router } = renderApp('/users');
    await screen.findByRole('article', { name: 'Asha, 29' });
    // The filters are the preferences: nothing to save.
    expect(screen.queryByRole('button', { name: 'Save as my preferences' })).toBeNull();

    await userEvent.clear(screen.getByLabelText('Min age'));
    await userEvent.type(screen.getByLabelText('Min age'), '28');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save as my preferences' }));
    await waitFor(() => expect(patches).toEqual([{ preferences: { showMe: 'women', minAge: 28, maxAge: 35, maxDistanceKm: 50 } }]));
    expect(await screen.findByText('Saved as your preferences')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as my preferences' })).toBeNull();
    // The preferences say it now: the address no longer needs to, and the search is the same.
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(queries.at(-1)).toEqual({ gender: 'female', minAge: '28', maxAge: '35', page: '1', limit: '12' });
  });

  it('leave the widest preferences as no filter, and let an address with filters say what it says', async () => {
    const { queries } = accountApi(me({ preferences: { showMe: 'everyone', minAge: 18, maxAge: 99, maxDistanceKm: null } }));
    const view = renderApp('/users');
    await screen.findByRole('article', { name: 'Asha, 29' });
    expect(distinct(queries)).toEqual([{ page: '1', limit: '12' }]);
    expect(screen.getByLabelText('Min age')).toHaveValue(null);
    view.unmount();

    const shared = accountApi(me({ preferences: { showMe: 'women', minAge: 25, maxAge: 35, maxDistanceKm: null } }));
    renderApp('/users?gender=male&minAge=40');
    await screen.findByRole('article', { name: 'Asha, 29' });
    expect(distinct(shared.queries)).toEqual([{ gender: 'male', minAge: '40', maxAge: '35', page: '1', limit: '12' }]);
  });
});
