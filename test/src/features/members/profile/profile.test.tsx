import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES_NOT_MATCHED_MESSAGE } from '../../../../../contract/messaging';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, ME_ID, mockShellApi, OTHER_ID, publicUser, signInAsUser } from '../../discovery/discover/fixtures';
import { labelled, watchForElement } from '../../../support/ever-shown';
import { delayed, json, renderApp } from '../../../support/render-app';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the own profile (/profile)', () => {
  it('sends a signed-out visitor to the login page', async () => {
    const { calls } = mockShellApi({});
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The guard runs before the loader: nothing is asked for a profile nobody may see.
    expect(calls.filter((call) => call.path.startsWith('/api/user'))).toEqual([]);
  });

  it("shows every SPEC field, the owner's email and coins, and the own actions", async () => {
    signInAsUser();
    const photo = { id: 'aaaaaaaa-0000-4000-8000-000000000000', url: '/api/photos/aaaaaaaa-0000-4000-8000-000000000000/640.webp', width: 640, height: 640, position: 0, createdAt: '2026-11-26T10:00:00.000Z' };
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }), 'GET /api/user/me/photos': () => json(200, { photos: [photo], user: me() }) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Demo, 28' })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Profile Info' });
    for (const text of ['alex', 'alex@example.com', 'Other', 'English']) expect(within(info).getByText(text)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Coins').nextElementSibling).toHaveTextContent('500');
    // Orbit has no following: no counts of it.
    expect(main.queryByText('Followers')).toBeNull();
    expect(main.queryByText('Following')).toBeNull();
    const vip = within(screen.getByRole('region', { name: 'VIP Status' }));
    // Not a member: no level is claimed.
    expect(vip.getByText('Level').nextElementSibling).toHaveTextContent('—');
    expect(vip.getByText('Status').nextElementSibling).toHaveTextContent('Not a VIP member');
    // One's own photos are managed in place (test/src/features/photos covers the manager).
    const photos = within(screen.getByRole('region', { name: 'Photos' }));
    expect(await photos.findByRole('img', { name: 'Your main photo' })).toHaveAttribute('src', photo.url);
    expect(photos.getByLabelText('Add photos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to VIP' })).toHaveAttribute('href', '/vip');
    expect(screen.getByRole('link', { name: 'Go Live' })).toHaveAttribute('href', '/live-stream');
    // The camera marks the link as an action; it is decorative, so the name stays "Go Live".
    expect(screen.getByRole('link', { name: 'Go Live' }).querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    for (const hidden of ['Like', 'Video Call', 'Message']) expect(screen.queryByRole('button', { name: hidden }) ?? screen.queryByRole('link', { name: hidden })).toBeNull();
  });

  it('shows a VIP member their level and expiry', async () => {
    signInAsUser();
    const vipUntil = '2026-12-22T00:00:00.000Z';
    const member = me();
    mockShellApi({
      'GET /api/user/me': () =>
        json(200, { user: { ...member, isVIP: true, vipTier: 'Platinum', vipUntil, profile: { ...member.profile, isVIP: true, vipLevel: 'Platinum', vipUntil } } }),
    });
    renderApp('/profile');
    const vip = within(await screen.findByRole('region', { name: 'VIP Status' }));
    expect(vip.getByText('Level').nextElementSibling).toHaveTextContent('Platinum');
    expect(vip.getByText('Status').nextElementSibling).toHaveTextContent('Active');
    expect(vip.getByText('Expires').nextElementSibling).toHaveTextContent(new Date(vipUntil).toLocaleDateString(undefined, { dateStyle: 'medium' }));
  });

  it('edits the profile with PATCH /user/me and shows the result', async () => {
    signInAsUser();
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'PATCH /api/user/me': () => json(200, { user: me({ bio: 'New bio here', profile: { ...me().profile, name: 'Alex Rivera', bio: 'New bio here' } }) }),
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Alex Rivera');
    await userEvent.clear(within(dialog).getByLabelText('About you'));
    await userEvent.type(within(dialog).getByLabelText('About you'), 'New bio here');
    // Interests are chips: the member's own are chosen; suggested and own ones toggle, new ones are added.
    const interests = within(within(dialog).getByRole('group', { name: 'Interests' }));
    expect(interests.getByRole('button', { name: 'Coffee', pressed: true })).toBeInTheDocument();
    await userEvent.click(interests.getByRole('button', { name: 'Coffee' }));
    await userEvent.click(interests.getByRole('button', { name: 'Travel' }));
    await userEvent.type(interests.getByLabelText('Add your own interest'), '  Jazz {Enter}');
    await userEvent.click(interests.getByRole('button', { name: 'Cricket' }));
    await userEvent.type(interests.getByLabelText('Add your own interest'), 'Tea');
    await userEvent.click(interests.getByRole('button', { name: 'Add' }));
    expect(interests.getByRole('button', { name: 'Jazz', pressed: true })).toBeInTheDocument();
    await userEvent.click(interests.getByRole('button', { name: 'Cricket' }));
    // Worded as Sign Up words them; the stored value stays the API's lowercase one.
    expect(within(within(dialog).getByLabelText('Gender')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Prefer not to say', 'Female', 'Male', 'Other']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Profile Info' })).getByText('Gender').nextElementSibling).toHaveTextContent(/^Other$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Alex Rivera, 28' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Alex Rivera',
      age: 28,
      gender: 'other',
      language: 'English',
      region: 'Mumbai',
      bio: 'New bio here',
      interests: ['Jazz', 'Tea'],
    });
  });

  it('explains invalid fields before sending anything', async () => {
    signInAsUser();
    const { calls } = mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }) });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await userEvent.clear(within(dialog).getByLabelText('Age'));
    await userEvent.type(within(dialog).getByLabelText('Age'), '17');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByLabelText('Age')).toHaveAccessibleDescription('You must be at least 18');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    // Editing the field withdraws its message until the next save checks it again.
    await userEvent.type(within(dialog).getByLabelText('Age'), '0');
    expect(within(dialog).getByLabelText('Age')).not.toHaveAccessibleDescription('You must be at least 18');
    expect(within(dialog).getByLabelText('Age')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("updates the stored location from the browser's position in Settings", async () => {
    signInAsUser();
    const getCurrentPosition = vi.fn((success: PositionCallback) => success({ coords: { latitude: 18.52, longitude: 73.86 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { calls } = mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }), 'PATCH /api/user/me': () => json(200, { user: me() }) });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText('Your location was updated.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ location: { latitude: 18.52, longitude: 73.86 } });
  });

  it('takes the member off the radar from Settings, and puts them back', async () => {
    signInAsUser();
    let showOnRadar = true;
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me({ showOnRadar }) }),
      'PATCH /api/user/me': (_url, init) => {
        showOnRadar = (JSON.parse(init?.body as string) as { showOnRadar: boolean }).showOnRadar;
        return json(200, { user: me({ showOnRadar }) });
      },
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const choice = screen.getByRole('checkbox', { name: 'Show me on the radar' });
    expect(choice).toBeChecked();
    expect(choice).toHaveAccessibleDescription(/nobody sees you on their radar/);

    await userEvent.click(choice);
    expect(await screen.findByText('You are hidden from the radar.')).toBeInTheDocument();
    expect(choice).not.toBeChecked();
    await userEvent.click(choice);
    expect(await screen.findByText('You are on the radar again.')).toBeInTheDocument();
    expect(choice).toBeChecked();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ showOnRadar: false }, { showOnRadar: true }]);
  });

  it('shows the radar choice the moment it is clicked, not a tick later', async () => {
    signInAsUser();
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'PATCH /api/user/me': () => new Promise<Response>(() => {}),
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const choice = screen.getByRole('checkbox', { name: 'Show me on the radar' });
    // A controlled box whose value waits for the save's state would flick back to checked here.
    fireEvent.click(choice);
    expect(choice).not.toBeChecked();
    await waitFor(() => expect(choice).toBeDisabled());
    expect(choice).not.toBeChecked();
  });

  it('keeps the radar choice as it was when saving it fails', async () => {
    signInAsUser();
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'PATCH /api/user/me': () => json(500, { success: false, message: 'Internal server error' }),
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show me on the radar' }));
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show me on the radar' })).toBeChecked();
  });

  it('opens with the profile: the route waits for the account, so no loading state shows first', async () => {
    signInAsUser();
    // The account comes a little late, so a page that rendered before it would show its loading state first.
    mockShellApi({ 'GET /api/user/me': delayed(100, () => json(200, { user: me() })) });
    const loading = watchForElement(labelled('Loading profile'));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Demo, 28' })).toBeInTheDocument();
    expect(loading.stop()).toBe(false);
  });

  it("shows 'Error Loading Profile' with Try Again, which loads again", async () => {
    signInAsUser();
    let failing = true;
    mockShellApi({ 'GET /api/user/me': () => (failing ? json(500, { success: false, message: 'Internal server error' }) : json(200, { user: me() })) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Error Loading Profile' })).toBeInTheDocument();
    expect(screen.getByText('Internal server error')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Demo, 28' })).toBeInTheDocument();
  });

  it('asks to sign in again, not to try again, when the session has ended on the server', async () => {
    signInAsUser();
    mockShellApi({ 'GET /api/user/me': () => json(401, { success: false, message: 'Session expired, please sign in again' }) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in to see profiles' })).toBeInTheDocument();
    // Why is said once, above the page, in the server's words.
    const notice = (await screen.findByText('You were signed out')).closest('[role="status"]');
    expect(notice).toHaveTextContent('Session expired, please sign in again');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', expect.stringMatching(/^\/login\?redirect=/));
    expect(main.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Error Loading Profile' })).not.toBeInTheDocument();
  });
});

describe("another person's profile (/profile/:userId)", () => {
  it('shows their profile without email or coins, at most 6 photos, and Like, Video Call and Message', async () => {
    signInAsUser();
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      [`GET /api/user/${OTHER_ID}`]: () => json(200, { user: publicUser(), relationship: { decision: null, isMatch: false } }),
      'POST /api/users/like': () => json(200, { success: true, match: true, matchId: 'm-1' }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Rivera, 28' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.queryByText('Email')).toBeNull();
    expect(main.queryByText('Coins')).toBeNull();
    // Their VIP shows as a badge; the status card is one's own.
    expect(screen.queryByRole('region', { name: 'VIP Status' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Photos' })).getAllByRole('img')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Video Call' })).toHaveAttribute('href', `/video-call/${OTHER_ID}`);
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    // Not matched yet: Message opens no chat, and says why beside Like.
    await userEvent.click(screen.getByRole('button', { name: 'Message' }));
    expect(screen.getByText(MESSAGES_NOT_MATCHED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    // The shared match moment opens (see match-moment.test.tsx); under it, the profile says so too.
    const moment = await screen.findByRole('dialog', { name: "It's a match! 🎉" });
    await userEvent.click(within(moment).getByRole('button', { name: 'Keep browsing' }));
    expect(screen.getByText(/It's a match! 🎉/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Liked' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ targetId: OTHER_ID, type: 'like' });
    // Matched now: Message opens their chat, and the explanation is gone.
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', `/messages?with=${OTHER_ID}`);
    expect(screen.queryByText(MESSAGES_NOT_MATCHED_MESSAGE)).toBeNull();
  });

  it('opens with their profile: the route waits for it, so no loading state shows first', async () => {
    signInAsUser();
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      // Their profile comes a little late, so a page that rendered before it would show its loading state first.
      [`GET /api/user/${OTHER_ID}`]: delayed(100, () => json(200, { user: publicUser(), relationship: { decision: null, isMatch: false } })),
    });
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Alex Demo, 28' });
    const loading = watchForElement(labelled('Loading profile'));
    await act(() => router.navigate({ to: '/profile/{-$userId}', params: { userId: OTHER_ID } }));
    // Once the navigation has settled their profile is there, without waiting for anything more.
    expect(screen.getByRole('heading', { level: 1, name: 'Sam Rivera, 28' })).toBeInTheDocument();
    expect(loading.stop()).toBe(false);
  });

  it('alerts "Failed to like user" when the like fails', async () => {
    signInAsUser();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      [`GET /api/user/${OTHER_ID}`]: () => json(200, { user: publicUser(), relationship: { decision: null, isMatch: false } }),
      'POST /api/users/like': () => json(500, { success: false, message: 'Internal server error' }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to like user'));
    expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled();
  });

  it("tells a free member out of today's likes when more come, in their own time, and that VIP has no limit", async () => {
    signInAsUser();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      [`GET /api/user/${OTHER_ID}`]: () => json(200, { user: publicUser(), relationship: { decision: null, isMatch: false } }),
      'POST /api/users/like': () => json(429, { success: false, message: "You've used today's 50 likes; more at 00:00 UTC, or go VIP", code: 'like-allowance-used' }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Like' }));
    const now = new Date();
    const nextUtcMidnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    const localClock = [nextUtcMidnight.getHours(), nextUtcMidnight.getMinutes()].map((part) => String(part).padStart(2, '0')).join(':');
    await waitFor(() => expect(alert).toHaveBeenCalledWith(`You've used today's 50 likes; more at ${localClock}, or go VIP`));
  });

  it("says who is not there: 'Error Loading Profile' with the server's message", async () => {
    signInAsUser();
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      [`GET /api/user/${OTHER_ID}`]: () => json(404, { success: false, message: 'User not found' }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Error Loading Profile' })).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
  });

  it('shows the own profile when the id is the signed-in person', async () => {
    signInAsUser();
    mockShellApi({ 'GET /api/user/me': () => json(200, { user: me() }), [`GET /api/user/${ME_ID}`]: () => json(200, { user: publicUser(), relationship: { decision: null, isMatch: false } }) });
    renderApp(`/profile/${ME_ID}`);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});
