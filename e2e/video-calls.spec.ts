import { expect, test, type Browser, type Page } from './support/test';
import { CALL_NOT_MATCHED_MESSAGE } from '../contract/calls';
import { CHROMIUM_ARGS } from '../playwright.config';
import { E2E_CALL_RING_MS, expectLiveVideo as expectLiveMedia, expectNoOpenConnection, mediaOf, recordPeerConnections } from './support/call-media';
import { matchMembers, matchedPair, memberPage, realtimeJoined, registerMember, type Member } from './support/members';
import { startTurnServer, turnPort } from './support/turn-server';

/**
 * Real calls between matched members, each in a browser context of their
 * own, judged by the media and not the screen alone: each side's
 * RTCPeerConnection is connected and its inbound video has decoded frames.
 * `npm run test:e2e` runs this in a network namespace whose only addresses
 * are loopback and the private pair h0/h1 (10.213.0.1 and .2), so the media
 * never leaves this machine (scripts/e2e-isolated.mjs).
 * The e2e server rings for 8 s (CALL_RING_MS in playwright.config.ts).
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Chromium gathers no ICE candidates on loopback without the last flag.
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'],
  },
});

/** A member's browser, its peer connections recorded (and with `relay`, TURN only). */
async function callerPage(browser: Browser, member: Member, options: { relay?: boolean } = {}): Promise<Page> {
  const page = await memberPage(browser, member);
  await recordPeerConnections(page, options);
  return page;
}

/** Opens a page of Orbit and waits until the member can be reached there: connected, and the member layer (news of messages and calls) listening. */
async function openOrbit(page: Page, path: string) {
  const joined = realtimeJoined(page);
  await page.goto(path);
  await joined;
  await expect(page.getByRole('status', { name: 'New messages' })).toBeAttached();
}

/** Live video by the statistics, and the member sees it: the remote video element has a picture. */
async function expectLiveVideo(page: Page, options: { via?: 'relay' } = {}) {
  await expectLiveMedia(page, options);
  await expect
    .poll(() => page.getByTestId('remote-video').evaluate((video: HTMLVideoElement) => video.videoWidth, undefined, { timeout: 1000 }), { timeout: 5000 })
    .toBeGreaterThan(0);
}

const incomingPanel = (page: Page, caller: Member) => page.getByRole('alertdialog', { name: `Incoming video call from ${caller.name}` });
const controls = (page: Page) => page.getByRole('group', { name: 'Call controls' });
const chatLog = (page: Page, other: Member) => page.getByRole('region', { name: `Chat with ${other.name}` }).getByRole('log');

/** `caller` calls `callee` (who is on another Orbit page), `callee` answers from the panel, and both have live video. */
async function connectCall(caller: Page, callee: Page, callerMember: Member, calleeMember: Member, options: { via?: 'relay' } = {}) {
  await caller.goto(`/video-call/${calleeMember.id}`);
  const panel = incomingPanel(callee, callerMember);
  await expect(panel).toBeVisible();
  await expect(caller.getByText('Ringing…')).toBeVisible();
  await panel.getByRole('button', { name: 'Answer' }).click();
  await expect(callee).toHaveURL(new RegExp(`/video-call/${callerMember.id}\\?call=[0-9a-f-]{36}$`));
  await expectLiveVideo(caller, options);
  await expectLiveVideo(callee, options);
  for (const page of [caller, callee]) await expect(page.getByText('Connected', { exact: true })).toBeVisible();
}

async function expectEndedForBoth(pages: Page[], text: string) {
  for (const page of pages) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expectNoOpenConnection(page);
  }
}

test('Priya calls Sam from their chat; he answers on another page; they see each other, her camera off and mute show on his side, and her End ends it for both', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const priyaPage = await callerPage(browser, priya);
  const samPage = await callerPage(browser, sam);
  await openOrbit(samPage, '/users');
  await openOrbit(priyaPage, `/messages?with=${sam.id}`);

  await priyaPage.getByRole('region', { name: `Chat with ${sam.name}` }).getByRole('link', { name: 'Video Call' }).click();
  await expect(priyaPage).toHaveURL(new RegExp(`/video-call/${sam.id}$`));
  const panel = incomingPanel(samPage, priya);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Answer' })).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expect(priyaPage.getByText('Ringing…')).toBeVisible();
  await panel.getByRole('button', { name: 'Answer' }).click();
  await expect(samPage).toHaveURL(new RegExp(`/video-call/${priya.id}\\?call=`));

  await expectLiveVideo(priyaPage);
  await expectLiveVideo(samPage);
  for (const page of [priyaPage, samPage]) {
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Call length' })).toHaveText(/^00:0[2-9]$/, { timeout: 5000 });
  }

  // Her camera off: Sam sees her avatar and why, not black video; back on, her picture.
  await controls(priyaPage).getByRole('button', { name: 'Turn camera off' }).click();
  await expect(samPage.getByText(`${priya.name} turned their camera off`)).toBeVisible();
  await expect(samPage.getByTestId('remote-video')).toBeHidden();
  await controls(priyaPage).getByRole('button', { name: 'Turn camera on' }).click();
  await expect(samPage.getByText(`${priya.name} turned their camera off`)).toBeHidden();
  await expect(samPage.getByTestId('remote-video')).toBeVisible();
  // Muted: Sam sees the mark until she unmutes.
  await controls(priyaPage).getByRole('button', { name: 'Mute' }).click();
  await expect(samPage.getByText('Muted', { exact: true })).toBeVisible();
  await controls(priyaPage).getByRole('button', { name: 'Unmute' }).click();
  await expect(samPage.getByText('Muted', { exact: true })).toBeHidden();

  await controls(priyaPage).getByRole('button', { name: 'End call' }).click();
  await expectEndedForBoth([priyaPage, samPage], 'Call ended');
  for (const page of [priyaPage, samPage]) await expect(page.getByText(/Call length \d\d:\d\d/)).toBeVisible();
  // Both go back to their chat by themselves, and the call is in it, for both.
  await priyaPage.waitForURL(new RegExp(`/messages\\?with=${sam.id}$`), { timeout: 5000 });
  await samPage.waitForURL(new RegExp(`/messages\\?with=${priya.id}$`), { timeout: 5000 });
  await expect(chatLog(priyaPage, sam)).toContainText(/Video call · 0:\d\d/);
  await expect(chatLog(samPage, priya)).toContainText(/Video call · 0:\d\d/);

  await samPage.context().close();
  await priyaPage.context().close();
});

test('the called member can end the call, and it ends for both', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const priyaPage = await callerPage(browser, priya);
  const samPage = await callerPage(browser, sam);
  await openOrbit(samPage, '/match');
  await openOrbit(priyaPage, '/users');
  await connectCall(priyaPage, samPage, priya, sam);

  await controls(samPage).getByRole('button', { name: 'End call' }).click();
  await expectEndedForBoth([samPage, priyaPage], 'Call ended');

  await samPage.context().close();
  await priyaPage.context().close();
});

test('a declined call says Declined to the caller and in the chat', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const priyaPage = await callerPage(browser, priya);
  const samPage = await callerPage(browser, sam);
  await openOrbit(samPage, '/users');
  await openOrbit(priyaPage, '/users');
  await priyaPage.goto(`/video-call/${sam.id}`);
  const panel = incomingPanel(samPage, priya);
  await panel.getByRole('button', { name: 'Decline' }).click();
  await expect(panel).toBeHidden();
  await expect(priyaPage.getByText('Declined', { exact: true })).toBeVisible();
  await expectNoOpenConnection(priyaPage);
  expect((await mediaOf(samPage)).connections).toBe(0);

  await samPage.goto(`/messages?with=${priya.id}`);
  await expect(chatLog(samPage, priya)).toContainText('Declined video call');

  await samPage.context().close();
  await priyaPage.context().close();
});

test('a call nobody answers says No answer after the ring time, stops ringing, and leaves a missed call', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const priyaPage = await callerPage(browser, priya);
  const samPage = await callerPage(browser, sam);
  await openOrbit(samPage, '/users');
  await openOrbit(priyaPage, '/users');
  const calledAt = Date.now();
  await priyaPage.goto(`/video-call/${sam.id}`);
  const panel = incomingPanel(samPage, priya);
  await expect(panel).toBeVisible();
  await expect(priyaPage.getByText('Ringing…')).toBeVisible();

  await expect(priyaPage.getByText('No answer', { exact: true })).toBeVisible({ timeout: E2E_CALL_RING_MS + 5000 });
  // The server's ring time, not earlier.
  expect(Date.now() - calledAt).toBeGreaterThanOrEqual(E2E_CALL_RING_MS - 1000);
  await expect(panel).toBeHidden();
  await expectNoOpenConnection(priyaPage);

  await samPage.goto(`/messages?with=${priya.id}`);
  await expect(chatLog(samPage, priya)).toContainText('Missed video call');

  await samPage.context().close();
  await priyaPage.context().close();
});

test('a member already in a call is Busy to a second caller, and the first call carries on', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const chloe = await registerMember(request, `Chloe ${Math.floor(Math.random() * 1e6).toString(36)}`);
  await matchMembers(request, chloe, sam);
  const chloePage = await callerPage(browser, chloe);
  const samPage = await callerPage(browser, sam);
  const priyaPage = await callerPage(browser, priya);
  await openOrbit(samPage, '/users');
  await openOrbit(chloePage, '/users');
  await connectCall(chloePage, samPage, chloe, sam);

  await openOrbit(priyaPage, '/users');
  await priyaPage.goto(`/video-call/${sam.id}`);
  await expect(priyaPage.getByText('Busy', { exact: true })).toBeVisible();
  await expect(incomingPanel(samPage, priya)).toHaveCount(0);
  // Sam and Chloe still see each other.
  await expect(samPage.getByText('Connected', { exact: true })).toBeVisible();
  expect(await mediaOf(samPage)).toMatchObject({ state: 'connected' });
  expect(await mediaOf(chloePage)).toMatchObject({ state: 'connected' });

  await controls(chloePage).getByRole('button', { name: 'End call' }).click();
  await expectEndedForBoth([chloePage, samPage], 'Call ended');
  for (const page of [priyaPage, samPage, chloePage]) await page.context().close();
});

test('calling a member with no Orbit open says Unavailable', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const priyaPage = await callerPage(browser, priya);
  await openOrbit(priyaPage, '/users');
  await priyaPage.goto(`/video-call/${sam.id}`);
  await expect(priyaPage.getByText('Unavailable', { exact: true })).toBeVisible();
  await priyaPage.context().close();
});

test('calls open only to a match: someone not matched is offered Like and never rings, and a visitor is asked to sign in', async ({ browser, request }) => {
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const priya = await registerMember(request, `Priya ${suffix}`);
  const sam = await registerMember(request, `Sam ${suffix}`);
  const priyaPage = await callerPage(browser, priya);
  const samPage = await callerPage(browser, sam);
  await openOrbit(samPage, '/users');
  await openOrbit(priyaPage, '/users');
  await priyaPage.goto(`/video-call/${sam.id}`);
  await expect(priyaPage.getByRole('heading', { name: 'Calls open once you match' })).toBeVisible();
  await expect(priyaPage.getByText(CALL_NOT_MATCHED_MESSAGE)).toBeVisible();
  await expect(priyaPage.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
  // Nothing was sent his way.
  await samPage.waitForTimeout(1000);
  await expect(incomingPanel(samPage, priya)).toHaveCount(0);
  expect((await mediaOf(priyaPage)).connections).toBe(0);

  const visitor = await (await browser.newContext()).newPage();
  await recordPeerConnections(visitor);
  await visitor.goto(`/video-call/${sam.id}`);
  await expect(visitor.getByRole('heading', { name: 'Sign in to make video calls' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /^\/login/);
  await expect(visitor.getByText('Connected', { exact: true })).toHaveCount(0);
  expect((await mediaOf(visitor)).connections).toBe(0);

  for (const page of [visitor, samPage, priyaPage]) await page.context().close();
});

test('a block during a call ends it at once for both', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const priyaPage = await callerPage(browser, priya);
  const samPage = await callerPage(browser, sam);
  await openOrbit(samPage, '/users');
  await openOrbit(priyaPage, '/users');
  await connectCall(priyaPage, samPage, priya, sam);

  // Sam blocks her (from his phone, say) while they talk.
  const blocked = await request.post(`/api/users/${priya.id}/block`, { headers: { Authorization: `Bearer ${sam.token}` } });
  expect(blocked.ok()).toBe(true);
  await expectEndedForBoth([priyaPage, samPage], 'Call ended');

  await samPage.context().close();
  await priyaPage.context().close();
});

test('a call forced through TURN only (coturn, REST credentials from the server) connects over relayed candidates', async ({ browser, request, baseURL }, testInfo) => {
  const turn = await startTurnServer({ port: turnPort(Number(new URL(baseURL ?? '').port)), logFile: testInfo.outputPath('turnserver.log') });
  let failed = false;
  try {
    const [priya, sam] = await matchedPair(request);
    const priyaPage = await callerPage(browser, priya, { relay: true });
    const samPage = await callerPage(browser, sam, { relay: true });
    await openOrbit(samPage, '/users');
    await openOrbit(priyaPage, '/users');
    await connectCall(priyaPage, samPage, priya, sam, { via: 'relay' });

    await controls(priyaPage).getByRole('button', { name: 'End call' }).click();
    await expectEndedForBoth([priyaPage, samPage], 'Call ended');
    await samPage.context().close();
    await priyaPage.context().close();
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await turn.stop();
    // coturn's side of a failed relay (allocations, permissions, 403s) is in its log.
    if (failed) await testInfo.attach('turnserver.log', { path: turn.logFile });
  }
});
