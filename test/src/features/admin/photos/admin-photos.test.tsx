import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport } from '../../../../../contract/admin/reports';
import type { MemberPhoto } from '../../../../../contract/photos/photos';
import { json, mockApi, renderApp } from '../../../support/render-app';
import { adminUser, PUBLIC_CONFIG } from '../fixtures';

// A moderator removing a member's photo: from a report about it, and from the member's photos in Manage Users.

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const MAYA_ID = '11111111-1111-4111-8111-111111111111';
const PHOTO_ID = '0a1b2c3d-0000-4000-8000-0000000000a1';
const OTHER_PHOTO_ID = '0a1b2c3d-0000-4000-8000-0000000000a2';
const photoUrl = (id: string) => `/api/photos/${id}/640.webp`;

function photo(id: string, position: number): MemberPhoto {
  return { id, url: photoUrl(id), width: 640, height: 800, position, createdAt: '2026-11-20T10:00:00.000Z' };
}

function report(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    _id: '77777777-7777-4777-8777-777777777777',
    reason: 'inappropriate_content',
    reasonLabel: 'Inappropriate photos or content',
    details: 'This photo is not OK',
    status: 'open',
    messages: [],
    createdAt: '2026-11-20T14:30:00.000Z',
    resolvedAt: null,
    reporter: { _id: '88888888-8888-4888-8888-888888888888', username: 'sam_t', name: 'Sam T' },
    reported: { _id: MAYA_ID, username: 'maya_r', name: 'Maya R', avatar: '', isBanned: false, accountDeleted: false },
    photoId: PHOTO_ID,
    photoUrl: photoUrl(PHOTO_ID),
    openReportsAgainst: 1,
    ...overrides,
  };
}

const removed = (left: MemberPhoto[]) => json(200, { success: true, message: 'Photo removed; Maya R was told.', photos: left });

describe('Removing a reported photo from the report queue', () => {
  it('shows the photo with the report, asks first, removes it and refreshes the queue', async () => {
    let photoGone = false;
    const listRequests: URL[] = [];
    const { calls } = mockApi({
      'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
      'GET /api/admin/reports': (url) => {
        listRequests.push(url);
        const reports = [report(photoGone ? { photoUrl: null } : {})];
        return json(200, { success: true, reports, currentPage: 1, totalPages: 1, total: 1 });
      },
      [`POST /api/admin/users/${MAYA_ID}/photos/${PHOTO_ID}/remove`]: () => {
        photoGone = true;
        return removed([photo(OTHER_PHOTO_ID, 0)]);
      },
    });
    renderApp('/admin/reports');
    const row = (await screen.findByText('@maya_r')).closest('tr');
    if (!row) throw new Error('no row for maya_r');

    const thumb = within(row).getByRole('img', { name: 'Photo reported about Maya R' });
    expect(thumb).toHaveAttribute('src', photoUrl(PHOTO_ID));
    expect(thumb.getAttribute('srcset')).toContain(`/api/photos/${PHOTO_ID}/160.webp 160w`);

    await userEvent.click(within(row).getByRole('button', { name: 'Remove the photo reported about Maya R' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove photo' });
    expect(within(dialog).getByText("Remove this photo from Maya R's profile? They will be told a moderator removed it.")).toBeInTheDocument();
    // Nothing is sent until the moderator confirms.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const before = listRequests.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`/api/admin/users/${MAYA_ID}/photos/${PHOTO_ID}/remove`]);
    expect(await screen.findByText('Photo removed; Maya R was told.')).toBeInTheDocument();
    // The queue is asked again, and now says the photo is gone, with nothing left to remove.
    await waitFor(() => expect(listRequests.length).toBeGreaterThan(before));
    const refreshed = (await screen.findByText('Reported photo: removed')).closest('tr');
    if (!refreshed) throw new Error('no row after the refresh');
    expect(within(refreshed).queryByRole('button', { name: /Remove the photo/ })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the removal fails, and Cancel sends nothing', async () => {
    const { calls } = mockApi({
      'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
      'GET /api/admin/reports': () => json(200, { success: true, reports: [report()], currentPage: 1, totalPages: 1, total: 1 }),
      [`POST /api/admin/users/${MAYA_ID}/photos/${PHOTO_ID}/remove`]: () => json(500, { success: false, message: 'Internal server error' }),
    });
    renderApp('/admin/reports');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the photo reported about Maya R' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove photo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal server error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe("A member's photos in Manage Users", () => {
  it('lists them, and removes one after asking', async () => {
    const maya = adminUser();
    let photos = [photo(PHOTO_ID, 0), photo(OTHER_PHOTO_ID, 1)];
    const { calls } = mockApi({
      'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
      'GET /api/admin/users': () => json(200, { success: true, users: [maya], currentPage: 1, totalPages: 1, total: 1 }),
      [`GET /api/admin/users/${MAYA_ID}/photos`]: () => json(200, { success: true, photos }),
      [`POST /api/admin/users/${MAYA_ID}/photos/${PHOTO_ID}/remove`]: () => {
        photos = [photo(OTHER_PHOTO_ID, 0)];
        return removed(photos);
      },
    });
    renderApp('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Photos of maya_r' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photos of Maya R' });
    const grid = await within(dialog).findByRole('list', { name: 'Photos' });
    expect(within(grid).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Photo 1 of maya_r', 'Photo 2 of maya_r']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 1 of maya_r' }));
    expect(within(dialog).getByRole('heading', { name: 'Remove this photo?' })).toHaveFocus();
    expect(within(dialog).getByRole('img', { name: 'Photo 1 of maya_r' })).toHaveAttribute('src', photoUrl(PHOTO_ID));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));

    // Back to the photos, from the server's answer: one left.
    expect(await within(dialog).findByText('Photo removed; Maya R was told.')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Photos' })).getAllByRole('img')).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`/api/admin/users/${MAYA_ID}/photos/${PHOTO_ID}/remove`]);
  });

  it('says so when the member has no photos of their own', async () => {
    mockApi({
      'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
      'GET /api/admin/users': () => json(200, { success: true, users: [adminUser()], currentPage: 1, totalPages: 1, total: 1 }),
      [`GET /api/admin/users/${MAYA_ID}/photos`]: () => json(200, { success: true, photos: [] }),
    });
    renderApp('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Photos of maya_r' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photos of Maya R' });
    expect(await within(dialog).findByText('Maya R has no photos of their own.')).toBeInTheDocument();
  });
});
