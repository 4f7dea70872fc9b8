import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp } from '../../../support/render-app';
import { me, mockShellApi, OTHER_ID, publicUser, signedInForEachTest } from '../../discovery/discover/fixtures';

signedInForEachTest();

describe('Settings, Activity', () => {
  it('turns "Show when I was active" off for the account', async () => {
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me({ activityVisible: true }) }),
      'PATCH /api/user/me': () => json(200, { user: me({ activityVisible: false }) }),
      'GET /api/conversations': () => json(200, { conversations: [] }),
    });
    renderApp('/settings');
    const activity = await screen.findByRole('switch', { name: 'Show when I was active' });
    expect(activity).toBeChecked();
    await userEvent.click(activity);
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ activityVisible: false }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show when I was active' })).not.toBeChecked());
  });
});

describe("another member's profile", () => {
  const renderProfile = async (lastActive: string) => {
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      [`GET /api/user/${OTHER_ID}`]: () => json(200, { user: publicUser({ profile: { ...publicUser().profile, lastActive } }), relationship: { decision: null, isMatch: false } }),
      'GET /api/conversations': () => json(200, { conversations: [] }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    await screen.findByRole('heading', { name: /Sam Rivera/ });
  };

  it('shows their coarse activity under "Last seen"', async () => {
    await renderProfile('Active this week');
    expect(screen.getByText('Last seen')).toBeInTheDocument();
    expect(screen.getByText('Active this week')).toBeInTheDocument();
  });

  it('shows no "Last seen" line for someone who hides their activity', async () => {
    await renderProfile('');
    expect(screen.queryByText('Last seen')).not.toBeInTheDocument();
  });
});
