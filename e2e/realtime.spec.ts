import { expect, test, type APIRequestContext, type Page } from './support/test';
import { CONVERSATION_ENDED_MESSAGE } from '../contract/messaging';
import { CHROMIUM_ARGS } from '../playwright.config';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';
import { matchedPair, memberPage, realtimeJoined, registerMember, type Member } from './support/members';

/**
 * Messages, video calls and live streams in Chromium with its fake camera
 * and microphone. Every track a page creates is recorded, so each test can
 * check that leaving a screen stopped them all.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

declare global {
  interface Window {
    recordedTracks?: MediaStreamTrack[];
  }
}

/** Wraps getUserMedia so the test can see every track the page was given. */
async function recordTracks(page: Page) {
  await page.addInitScript(() => {
    window.recordedTracks = [];
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      window.recordedTracks?.push(...stream.getTracks());
      return stream;
    };
  });
}

async function tracks(page: Page) {
  return page.evaluate(() => (window.recordedTracks ?? []).map((track) => ({ kind: track.kind, enabled: track.enabled, state: track.readyState })));
}

async function liveTracks(page: Page) {
  return (await tracks(page)).filter((track) => track.state === 'live');
}

async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: 'demo', password: 'orbit-demo-2026' } });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => localStorage.setItem('user_token', value), token);
  return token;
}

async function someoneToCall(request: APIRequestContext, token: string): Promise<{ id: string; name: string }> {
  const response = await request.get('/api/users/radar', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const { users } = (await response.json()) as { users: Array<{ _id: string; name: string }> };
  // A seeded demo person (a simulated call), not a member another test made, whom the demo user cannot call before a match.
  for (const person of users) {
    const peer = await request.get(`/api/calls/peers/${person._id}`, { headers: { Authorization: `Bearer ${token}` } });
    if (peer.ok() && ((await peer.json()) as { callable: string }).callable === 'demo') return { id: person._id, name: person.name };
  }
  throw new Error('The seed has no demo person on the radar');
}

async function checkLayout(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `test-results/screens/realtime-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
  await page.screenshot({ path: `test-results/screens/realtime-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a message to a demo match is sent and answered through the server', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const chat = page.getByRole('region', { name: /^Chat with / });
  const box = chat.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveAttribute('placeholder', 'Type a message...');
  await box.fill('Hi! Free for a call tonight?');
  await box.press('Enter');
  await expect(chat.getByRole('log')).toContainText('Hi! Free for a call tonight?');
  await expect(box).toHaveValue('');
  await expect(chat.getByRole('log').getByText('Thanks for your message!')).toBeVisible({ timeout: 5000 });
  await checkLayout(page, 'messages');

  // On a phone the list and the chat are two views.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/messages');
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden();
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button').nth(1).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/realtime-messages-chat-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();
});

test('two matched members message each other live, in two browsers, and an unmatch closes the other\'s chat', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const priyaPage = await memberPage(browser, priya);
  const samPage = await memberPage(browser, sam);
  const joined = [realtimeJoined(priyaPage), realtimeJoined(samPage)];
  await priyaPage.goto(`/messages?with=${sam.id}`);
  await samPage.goto(`/messages?with=${priya.id}`);
  await Promise.all(joined);
  const priyaChat = priyaPage.getByRole('region', { name: `Chat with ${sam.name}` });
  const samChat = samPage.getByRole('region', { name: `Chat with ${priya.name}` });
  await expect(samChat.getByRole('textbox', { name: 'Message' })).toBeEnabled();

  // Live, both ways, with no reload: how fast is bench's figure (bench/RESULTS.md), not a timed test's.
  await priyaChat.getByRole('textbox', { name: 'Message' }).fill('hi Sam');
  await priyaChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(samChat.getByRole('log')).toContainText('hi Sam');

  await samChat.getByRole('textbox', { name: 'Message' }).fill('hey Priya!');
  await samChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(priyaChat.getByRole('log')).toContainText('hey Priya!');

  // A reload keeps the history: it comes from the server.
  await samPage.reload();
  await expect(samPage.getByRole('region', { name: `Chat with ${priya.name}` }).getByRole('log')).toContainText('hi Sam');

  const unmatched = await request.delete(`/api/matches/${sam.id}`, { headers: { Authorization: `Bearer ${priya.token}` } });
  expect(unmatched.ok()).toBe(true);
  // The other member's open chat closes: the spec's words, and nothing more can be written.
  await expect(samChat).toContainText(CONVERSATION_ENDED_MESSAGE, { timeout: 5000 });
  await expect(samChat.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await samPage.context().close();
  await priyaPage.context().close();
});

/** `from` likes `to` through the API, as Spin's heart does. */
async function like(request: APIRequestContext, from: Member, to: Member) {
  const liked = await request.post('/api/users/like', { headers: { Authorization: `Bearer ${from.token}` }, data: { targetId: to.id, type: 'like' } });
  expect(liked.ok()).toBe(true);
}

test('a match made by the other member shows its moment to the one who liked first and appears live on an open Matches screen, without a reload', async ({ browser, request }) => {
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const asha = await registerMember(request, `Asha ${suffix}`);
  const ben = await registerMember(request, `Ben ${suffix}`);
  const chen = await registerMember(request, `Chen ${suffix}`);
  await like(request, asha, ben);
  await like(request, asha, chen);
  const ashaPage = await memberPage(browser, asha);
  const joined = realtimeJoined(ashaPage);
  await ashaPage.goto('/match');
  await expect(ashaPage.getByRole('heading', { name: 'No Matches Yet' })).toBeVisible();
  await joined;
  // Set on this document only: still there at the end means the page was never reloaded.
  await ashaPage.evaluate(() => document.documentElement.setAttribute('data-same-document', 'yes'));

  // Ben likes Asha back: she, who liked first, gets the match moment where she is, and the match shows on her open screen.
  await like(request, ben, asha);
  const moment = ashaPage.getByRole('dialog', { name: "It's a match! 🎉" });
  await expect(moment).toContainText(`You and ${ben.name} like each other.`);
  await moment.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(ashaPage.getByRole('heading', { level: 2, name: `${ben.name}, 31` })).toBeVisible();
  await expect(ashaPage.getByText('1 of 1 matches')).toBeVisible();

  // Chen likes her back too: newest first, and the card she is looking at stays.
  await like(request, chen, asha);
  await expect(moment).toContainText(`You and ${chen.name} like each other.`);
  await moment.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(ashaPage.getByText('2 of 2 matches')).toBeVisible();
  await expect(ashaPage.getByRole('heading', { level: 2, name: `${ben.name}, 31` })).toBeVisible();
  await ashaPage.getByRole('button', { name: 'Next match' }).click();
  await expect(ashaPage.getByRole('heading', { level: 2, name: `${chen.name}, 31` })).toBeVisible();
  await expect(ashaPage.locator('html')).toHaveAttribute('data-same-document', 'yes');
  await ashaPage.context().close();
});

test('a call connects, the timer runs, mute and camera change the tracks, and ending returns to /users', async ({ page, request }) => {
  await recordTracks(page);
  const token = await signIn(page, request);
  const callee = await someoneToCall(request, token);
  await page.goto(`/video-call/${callee.id}`);

  await expect(page.getByRole('heading', { level: 1, name: `Video call with ${callee.name}` })).toBeAttached();
  // A seeded demo person: the spec's simulated call, and it says so.
  await expect(page.getByText('Demo call', { exact: true })).toBeVisible();
  await expect(page.getByText('Connecting...')).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 5000 });
  const timer = page.getByRole('timer', { name: 'Call length' });
  await expect(timer).toHaveText('00:02', { timeout: 5000 });
  await expect(page.getByText(/^Quality: (Good|Fair|Poor)$/)).toBeVisible();
  await checkLayout(page, 'video-call');

  const controls = page.getByRole('group', { name: 'Call controls' });
  expect((await liveTracks(page)).map((track) => [track.kind, track.enabled]).sort()).toEqual([
    ['audio', true],
    ['video', true],
  ]);
  await controls.getByRole('button', { name: 'Mute' }).click();
  await expect(controls.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await expect.poll(async () => (await liveTracks(page)).find((track) => track.kind === 'audio')?.enabled).toBe(false);
  await controls.getByRole('button', { name: 'Turn camera off' }).click();
  await expect(controls.getByRole('button', { name: 'Turn camera on' })).toBeVisible();
  await expect.poll(async () => (await liveTracks(page)).find((track) => track.kind === 'video')?.enabled).toBe(false);
  await controls.getByRole('button', { name: 'Turn camera on' }).click();
  await expect.poll(async () => (await liveTracks(page)).find((track) => track.kind === 'video')?.enabled).toBe(true);

  await controls.getByRole('button', { name: 'End call' }).click();
  await expect(page.getByText(/^Call length \d\d:\d\d$/)).toBeVisible();
  await expect(page.getByText('Taking you back to Discover...')).toBeVisible();
  await expect.poll(() => liveTracks(page)).toEqual([]);
  await page.waitForURL(/\/users$/, { timeout: 5000 });
});

test('leaving a call or a stream by navigating away stops every track', async ({ page, request }) => {
  await recordTracks(page);
  const token = await signIn(page, request);
  await page.goto(`/video-call/${(await someoneToCall(request, token)).id}`);
  await expect(page.getByText('Connecting...')).toBeVisible();
  await expect.poll(async () => (await liveTracks(page)).length).toBe(2);
  await page.getByRole('banner').getByRole('link', { name: 'Orbit home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => liveTracks(page)).toEqual([]);

  await page.goto('/live-stream');
  // Opening Live to see who is on air turns no camera on; setting up a stream does.
  await expect(page.getByText('Your camera is off')).toBeVisible();
  expect(await liveTracks(page)).toEqual([]);
  await page.getByRole('button', { name: 'Turn On Camera' }).click();
  await expect(page.getByLabel('Your camera preview')).toBeVisible();
  await expect.poll(async () => (await liveTracks(page)).length).toBe(2);
  await page.getByRole('banner').getByRole('link', { name: 'Orbit home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => liveTracks(page)).toEqual([]);
});

test('a stream needs a title, goes live and ends on /profile', async ({ page, request }) => {
  await recordTracks(page);
  await signIn(page, request);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.goto('/live-stream');
  await page.getByRole('button', { name: 'Turn On Camera' }).click();
  await expect(page.getByLabel('Your camera preview')).toBeVisible();
  await checkLayout(page, 'live-setup');

  await page.getByRole('button', { name: 'Go Live' }).click();
  await expect.poll(() => alerts).toEqual(['Please enter a stream title']);
  await page.getByLabel('Stream title').fill('Evening hangout');
  await page.getByRole('button', { name: 'Go Live' }).click();
  await expect(page.getByText('LIVE', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ viewers?$/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Chat message' }).fill('Welcome, everyone!');
  await page.getByRole('textbox', { name: 'Chat message' }).press('Enter');
  await expect(page.getByRole('log', { name: 'Chat messages' })).toContainText('Welcome, everyone!');

  const controls = page.getByRole('group', { name: 'Stream controls' });
  await controls.getByRole('button', { name: 'Mute' }).click();
  await expect.poll(async () => (await liveTracks(page)).find((track) => track.kind === 'audio')?.enabled).toBe(false);
  // Chromium on Linux has no Web Share API, so Share copies the stream's own page: only that copy passes.
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await controls.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${new URL(page.url()).origin}/live/[0-9a-f-]{36}$`));
  await checkLayout(page, 'live-on-air');

  await controls.getByRole('button', { name: 'End Stream' }).click();
  await page.getByRole('dialog', { name: 'End your stream?' }).getByRole('button', { name: 'End Stream' }).click();
  await expect(page.getByRole('heading', { name: 'Stream ended' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Profile' })).toBeVisible();
  await expect.poll(() => liveTracks(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/realtime-live-ended-1280.png', fullPage: true });
  await page.waitForURL(/\/profile$/, { timeout: 5000 });
});

test.describe('with the camera refused', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
  });

  test('the stream explains the refusal in place, and alerts about permissions when going live', async ({ page, request }) => {
    // Going live is for members; a visitor sees the Live now list and a sign-in prompt instead.
    await signIn(page, request);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/live-stream');
    await page.getByRole('button', { name: 'Turn On Camera' }).click();
    await expect(page.getByText('Camera and microphone unavailable')).toBeVisible();
    // Opening the page raises no modal alert over the explanation.
    expect(alerts).toEqual([]);
    await page.getByLabel('Stream title').fill('Sunset chat');
    await page.getByRole('button', { name: 'Go Live' }).click();
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toMatch(/camera and microphone permissions/);
    await page.screenshot({ path: 'test-results/screens/realtime-live-denied-1280.png', fullPage: true });
  });

  test('the call explains it and can only be ended when the microphone is refused too', async ({ page, request }) => {
    const token = await signIn(page, request);
    await page.goto(`/video-call/${(await someoneToCall(request, token)).id}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Camera access was blocked');
    await checkLayout(page, 'video-call-denied');
    await alert.getByRole('button', { name: 'Continue with audio only' }).click();
    await expect(page.getByRole('alert')).toContainText('Your microphone is unavailable too');
    await page.getByRole('alert').getByRole('button', { name: 'End call' }).click();
    await expect(page.getByText('Call ended', { exact: true }).first()).toBeVisible();
    await page.waitForURL(/\/users$/, { timeout: 5000 });
  });
});
