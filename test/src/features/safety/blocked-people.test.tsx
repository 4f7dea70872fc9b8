import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BlockedPerson } from '../../../../contract/safety';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi, OTHER_ID, signedInForEachTest } from '../discovery/discover/fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

const SAM: BlockedPerson = { id: OTHER_ID, username: 'sam', name: 'Sam Rivera', avatar: '/api/media/avatar/sam', blockedAt: '2026-11-20T09:30:00.000Z' };
const JO: BlockedPerson = { id: '33333333-3333-4333-8333-333333333333', username: 'jo', name: 'Jo Park', avatar: '/api/media/avatar/jo', blockedAt: '2026-11-02T18:00:00.000Z' };

signedInForEachTest();

async function openSettings() {
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  return within(screen.getByRole('dialog', { name: 'Settings' }));
}

describe('Blocked people, in Settings', () => {
  it('lists the people blocked, and Unblock takes one off with the server’s message', async () => {
    let blocked = [SAM, JO];
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked }),
      [`DELETE /api/users/${OTHER_ID}/block`]: () => {
        blocked = [JO];
        return json(200, { success: true, message: 'Unblocked.' });
      },
    });
    const { queryClient } = renderApp('/profile');
    const dialog = await openSettings();
    const section = within(dialog.getByRole('region', { name: 'Blocked people' }));
    const rows = await section.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const sam = within(rows[0] as HTMLElement);
    expect(sam.getByText('Sam Rivera')).toBeInTheDocument();
    expect(sam.getByText(/@sam/)).toHaveTextContent(`@sam · Blocked ${new Date(SAM.blockedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}`);
    expect(sam.getByRole('img', { name: 'Sam Rivera' })).toBeInTheDocument();

    queryClient.setQueryData(['users', 'discover', { page: 1, limit: 12 }], { users: [] });
    await userEvent.click(section.getByRole('button', { name: 'Unblock Sam Rivera' }));
    expect(await section.findByText('You unblocked Sam Rivera.')).toBeInTheDocument();
    expect(section.getByText('You unblocked Sam Rivera.').closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(1));
    expect(section.queryByText('Sam Rivera')).toBeNull();
    expect(section.getByRole('button', { name: 'Unblock Jo Park' })).toBeInTheDocument();
    // Focus stays in the dialog, on the section, rather than falling to the page behind.
    expect(section.getByRole('heading', { name: 'Blocked people' })).toHaveFocus();
    expect(queryClient.getQueryState(['users', 'discover', { page: 1, limit: 12 }])?.isInvalidated).toBe(true);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/users/${OTHER_ID}/block`]);
  });

  it("says so when nobody is blocked", async () => {
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
    });
    renderApp('/profile');
    const dialog = await openSettings();
    expect(await dialog.findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /^Unblock/ })).toBeNull();
  });

  it('shows a failed load with Try Again, which loads again', async () => {
    let failing = true;
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => (failing ? json(500, { success: false, message: 'Internal server error' }) : json(200, { success: true, blocked: [JO] })),
    });
    renderApp('/profile');
    // Settings' other sections load on their own; this test's failure is this section's.
    const dialog = within((await openSettings()).getByRole('region', { name: 'Blocked people' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Internal server error');
    failing = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Try Again' }));
    expect(await dialog.findByRole('button', { name: 'Unblock Jo Park' })).toBeInTheDocument();
  });

  it('keeps the row and shows the error when unblocking fails', async () => {
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [SAM] }),
      [`DELETE /api/users/${OTHER_ID}/block`]: () => json(500, { success: false, message: 'Internal server error' }),
    });
    renderApp('/profile');
    const dialog = within((await openSettings()).getByRole('region', { name: 'Blocked people' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Unblock Sam Rivera' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Internal server error');
    expect(dialog.getByRole('button', { name: 'Unblock Sam Rivera' })).toBeEnabled();
  });
});
