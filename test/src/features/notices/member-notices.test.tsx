import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHOTO_REMOVED_NOTICE, type MemberNotice } from '../../../../contract/notices';
import { json, renderApp } from '../../support/render-app';
import { mockShellApi, signedInForEachTest } from '../discovery/discover/fixtures';

const NOTICE: MemberNotice = { id: 'cccccccc-0000-4000-8000-00000000000c', kind: 'photo_removed', text: PHOTO_REMOVED_NOTICE, createdAt: '2026-11-26T10:00:00.000Z' };

signedInForEachTest();

describe("A member's notices", () => {
  it('head the page until dismissed; dismissing tells the server, and its answer is what stays', async () => {
    let notices = [NOTICE];
    const { calls } = mockShellApi({
      'GET /api/user/me/notices': () => json(200, { success: true, notices }),
      [`POST /api/user/me/notices/${NOTICE.id}/seen`]: () => {
        notices = [];
        return json(200, { success: true, notices });
      },
    });
    renderApp('/features');
    const notice = (await screen.findByText(PHOTO_REMOVED_NOTICE)).closest('[role="status"]');
    if (!(notice instanceof HTMLElement)) throw new Error('the notice is not a status region');
    expect(screen.getByRole('main')).toContainElement(notice);

    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss notice' }));
    await waitFor(() => expect(screen.queryByText(PHOTO_REMOVED_NOTICE)).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`/api/user/me/notices/${NOTICE.id}/seen`]);
    // The pressed button went with the notice; focus moves on to the page.
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('are not asked for with an admin token, nor by a visitor', async () => {
    localStorage.clear();
    const { calls } = mockShellApi({ 'GET /api/user/me/notices': () => json(200, { success: true, notices: [NOTICE] }) });
    const visitor = renderApp('/features');
    await screen.findByRole('heading', { level: 1 });
    visitor.unmount();

    localStorage.setItem('admin_token', 'admin-token');
    renderApp('/features');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(PHOTO_REMOVED_NOTICE)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/user/me/notices')).toEqual([]);
  });
});
