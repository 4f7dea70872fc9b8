import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi, OTHER_ID, publicUser, signedInForEachTest } from '../discovery/discover/fixtures';

const FIRST = '0a1b2c3d-0000-4000-8000-0000000000a1';
const SECOND = '0a1b2c3d-0000-4000-8000-0000000000a2';
const gallery = (id: string) => `/api/photos/${id}/640.webp`;

signedInForEachTest();

function profileApi() {
  const sam = publicUser();
  const withPhotos = { ...sam, profile: { ...sam.profile, photos: [gallery(FIRST), gallery(SECOND), '/api/media/avatar/sam-2'] } };
  return mockShellApi({
    'GET /api/user/me': () => json(200, { user: me() }),
    [`GET /api/user/${OTHER_ID}`]: () => json(200, { user: withPhotos, relationship: { decision: null, isMatch: false } }),
    [`POST /api/users/${OTHER_ID}/report`]: () => json(200, { success: true, message: 'Thanks, we will look at it.' }),
  });
}

describe('Reporting a photo on another member’s profile', () => {
  it('offers Report photo under each uploaded photo, with their srcset, and sends the report with the photo', async () => {
    const { calls } = profileApi();
    renderApp(`/profile/${OTHER_ID}`);
    const photos = within(await screen.findByRole('region', { name: 'Photos' }));
    const first = photos.getByRole('img', { name: 'Sam Rivera, photo 1' });
    expect(first.getAttribute('srcset')).toContain(`/api/photos/${FIRST}/1080.webp 1080w`);
    expect(first).toHaveAttribute('loading', 'lazy');
    // Orbit's own generated pictures are not the member's photos to report.
    expect(photos.getAllByRole('button', { name: /^Report / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Report Sam Rivera, photo 1',
      'Report Sam Rivera, photo 2',
    ]);

    await userEvent.click(photos.getByRole('button', { name: 'Report Sam Rivera, photo 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report photo' });
    expect(within(dialog).getByRole('heading', { name: "Report Sam Rivera's photo" })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Sam Rivera, photo 2' })).toHaveAttribute('src', gallery(SECOND));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Inappropriate photos or content' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also block Sam Rivera' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText('Thanks, we will look at it.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/users/${OTHER_ID}/report`,
      body: { reason: 'inappropriate_content', details: '', block: false, photoId: SECOND },
    });
  });

  it('cancels from the form, sending nothing', async () => {
    const { calls } = profileApi();
    renderApp(`/profile/${OTHER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Report Sam Rivera, photo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report photo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
