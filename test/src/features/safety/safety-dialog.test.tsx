import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '../../../../contract/safety';
import { json, renderApp } from '../../support/render-app';
import { me, ME_ID, mockShellApi, OTHER_ID, publicUser, signedInForEachTest } from '../discovery/discover/fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

const BLOCKED = 'You blocked Sam Rivera.';
const THANKS = 'Thanks for telling us. Our team will review your report.';

signedInForEachTest();

/** Sam's profile, with the member's own record, plus whatever the test adds. */
function mockProfile(routes: Parameters<typeof mockShellApi>[0] = {}) {
  return mockShellApi({
    'GET /api/user/me': () => json(200, { user: me() }),
    [`GET /api/user/${OTHER_ID}`]: () => json(200, { user: publicUser(), relationship: { decision: null, isMatch: true } }),
    'GET /api/users': () => json(200, { users: [], page: 1, totalPages: 1, total: 0, totalIsExact: true }),
    ...routes,
  });
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Report or block' }));
  // The dialog's code loads on the first press.
  return screen.findByRole('dialog', { name: 'Report or block Sam Rivera' });
}

describe('Report or block, on another member’s profile', () => {
  it('is on their profile, with a decorative icon, but not on one’s own', async () => {
    mockProfile();
    const first = renderApp(`/profile/${OTHER_ID}`);
    const button = await screen.findByRole('button', { name: 'Report or block' });
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    first.unmount();

    renderApp('/profile');
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report or block' })).toBeNull();
  });

  it('is not on one’s own profile opened by id', async () => {
    mockProfile({ [`GET /api/user/${ME_ID}`]: () => json(200, { user: publicUser(), relationship: { decision: null, isMatch: false } }) });
    renderApp(`/profile/${ME_ID}`);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report or block' })).toBeNull();
  });

  it('moves focus into the dialog, and back to the button when it closes', async () => {
    mockProfile();
    renderApp(`/profile/${OTHER_ID}`);
    const dialog = await openDialog();
    expect(within(dialog).getByText("Sam Rivera won't know.")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Report Sam Rivera' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Block Sam Rivera' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Block Sam Rivera' }));
    expect(within(dialog).getByRole('heading', { name: 'Block Sam Rivera?' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report or block' })).toHaveFocus();
  });

  it('blocks, forgets the cached lists, shows the message and goes to Discover', async () => {
    const { calls } = mockProfile({ [`POST /api/users/${OTHER_ID}/block`]: () => json(200, { success: true, message: 'Blocked.' }) });
    const { router, queryClient } = renderApp(`/profile/${OTHER_ID}`);
    queryClient.setQueryData(['matches'], []);
    queryClient.setQueryData(['users', 'discover', { page: 1, limit: 12 }], { users: [] });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block Sam Rivera' }));
    expect(within(dialog).getByText(/You won't see each other on Discover, Radar, Spin or Matches, and Sam Rivera can't open your profile\. If you've matched, the match ends\. You can unblock them in Settings\./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    // Straight to Discover, where the message is shown and focused.
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover' })).toBeInTheDocument();
    expect(screen.getByText(BLOCKED).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText(BLOCKED).closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path === `/api/users/${OTHER_ID}/block`).map((call) => call.method)).toEqual(['POST']);
    expect(queryClient.getQueryData(['matches'])).toBeUndefined();
    // The list seeded before the block was dropped, so Discover asked the server again.
    expect(queryClient.getQueryData(['users', 'discover', { page: 1, limit: 12 }])).not.toEqual({ users: [] });
    const blockAt = calls.findIndex((call) => call.path === `/api/users/${OTHER_ID}/block`);
    expect(calls.slice(blockAt).some((call) => call.method === 'GET' && call.path === '/api/users')).toBe(true);
  });

  it('goes Back from the block step to the two choices without blocking anyone', async () => {
    const { calls } = mockProfile({});
    renderApp(`/profile/${OTHER_ID}`);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block Sam Rivera' }));
    expect(within(dialog).getByRole('heading', { name: 'Block Sam Rivera?' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Report Sam Rivera' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Block Sam Rivera' })).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/block'))).toBe(false);
  });

  it('shows a failed block in the dialog', async () => {
    mockProfile({ [`POST /api/users/${OTHER_ID}/block`]: () => json(404, { success: false, message: 'User not found' }) });
    const { router } = renderApp(`/profile/${OTHER_ID}`);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block Sam Rivera' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('User not found');
    expect(router.state.location.pathname).toBe(`/profile/${OTHER_ID}`);
  });

  it('reports with the reason, the details and block on by default, then goes to Discover', async () => {
    const { calls } = mockProfile({
      [`POST /api/users/${OTHER_ID}/report`]: () => json(201, { success: true, message: `${THANKS} They are blocked too.` }),
    });
    const { router } = renderApp(`/profile/${OTHER_ID}`);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report Sam Rivera' }));
    expect(within(dialog).getByRole('heading', { name: 'Report Sam Rivera' })).toHaveFocus();

    const reasons = within(dialog).getByRole('group', { name: "What's wrong?" });
    expect(within(reasons).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(REPORT_REASONS.map((reason) => REPORT_REASON_LABELS[reason]));
    await userEvent.click(within(reasons).getByRole('radio', { name: 'Scam, spam or asking for money' }));
    const details = within(dialog).getByLabelText('Tell us more (optional)');
    await userEvent.type(details, 'Asked for money');
    expect(details).toHaveAccessibleDescription('15 / 1000 characters');
    expect(within(dialog).getByRole('checkbox', { name: 'Also block Sam Rivera' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(`${THANKS} You won't see Sam Rivera again.`)).toBeInTheDocument();
    expect(calls.find((call) => call.path === `/api/users/${OTHER_ID}/report`)?.body).toEqual({ reason: 'scam', details: 'Asked for money', block: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('reports without blocking: thanks in the dialog, Done, and the member stays', async () => {
    const { calls } = mockProfile({ [`POST /api/users/${OTHER_ID}/report`]: () => json(201, { success: true, message: THANKS }) });
    const { router } = renderApp(`/profile/${OTHER_ID}`);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report Sam Rivera' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Fake profile or impersonation' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also block Sam Rivera' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(THANKS)).toBeInTheDocument();
    expect(calls.find((call) => call.path === `/api/users/${OTHER_ID}/report`)?.body).toEqual({ reason: 'fake_profile', details: '', block: false });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report or block' })).toHaveFocus();
    expect(router.state.location.pathname).toBe(`/profile/${OTHER_ID}`);
    expect(screen.getByText(/It's a match!/)).toBeInTheDocument();
  });

  it('asks for a reason before sending anything', async () => {
    const { calls } = mockProfile();
    renderApp(`/profile/${OTHER_ID}`);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report Sam Rivera' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(within(dialog).getByRole('group', { name: "What's wrong?" })).toHaveAccessibleDescription('Choose a reason for the report');
    expect(within(dialog).getByRole('radio', { name: 'Fake profile or impersonation' })).toHaveFocus();
    expect(calls.some((call) => call.path.endsWith('/report'))).toBe(false);
    // Choosing one withdraws the message.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    expect(within(dialog).getByRole('group', { name: "What's wrong?" })).not.toHaveAccessibleDescription('Choose a reason for the report');
  });

  it("shows the server's 429 message, sends once, and lets the member try again", async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockProfile({
      [`POST /api/users/${OTHER_ID}/report`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report Sam Rivera' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment, threats or hate' }));
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    // Two presses in one tick: the mutation's pending state has not reached the button yet.
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeDisabled());
    answer(json(429, { success: false, message: 'Too many reports. Try again in a few minutes.' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reports. Try again in a few minutes.');
    expect(calls.filter((call) => call.path.endsWith('/report'))).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });

  it('puts a 400 field error on its field as well as in the alert', async () => {
    mockProfile({
      [`POST /api/users/${OTHER_ID}/report`]: () =>
        json(400, { success: false, message: 'Validation failed', errors: [{ field: 'details', message: 'Details must be at most 1000 characters' }] }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report Sam Rivera' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Validation failed');
    expect(within(dialog).getByLabelText('Tell us more (optional)')).toHaveAccessibleDescription(/Details must be at most 1000 characters/);
  });
});
