import type { Browser, Locator, Page } from './support/test';
import { LIVE_MUTED_MESSAGE, LIVE_WATCH_END_TEXTS } from '../contract/live';
import { CHROMIUM_ARGS } from '../playwright.config';
import { expectNoOpenConnection, recordPeerConnections } from './support/call-media';
import { memberSocket } from './support/live-commands';
import { describeFirstPicture, expectWatching, firstPicture, recordLiveSignalling, watchSentAt, type FirstPicture } from './support/live-media';
import { expect, test } from './support/live-server';
import { memberPage, realtimeJoined, registerMember, type Member } from './support/members';

/**
 * Real live streams: a host and two viewers, each in a browser context of
 * their own, judged by the media (each viewer's subscription decodes the
 * host's video) as well as the screens. The `desktop` project runs this on
 * werift, the embedded forwarder; `live-janus` on a test Janus
 * (e2e/support/live-server.ts). `npm run test:e2e` runs it in a network
 * namespace with a veth pair h0/h1 (10.213.0.1 and .2), because neither
 * forwarder gathers candidates on loopback (scripts/e2e-isolated.mjs).
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'],
  },
});

/**
 * The bar: a viewer plays a stream within 2 s, timed here from the page's live:watch (the server's and
 * the media's part). The page's own load before it is the web app's, and CI runs other checks beside these
 * tests: its time is in the timeline of a failure, and the frontend bench judges page loads.
 */
const FIRST_PICTURE_LIMIT_MS = 2000;
/**
 * From connected to the first decoded frame: the forwarder asks the host for
 * a keyframe for a new viewer (and passes on the viewer's own requests), so
 * the picture comes at once, not at Chromium's next natural keyframe, which
 * is minutes away.
 */
const KEYFRAME_LIMIT_MS = 1000;
/** Long enough after a viewer joined that the keyframe sent for them is old, so the next viewer's picture depends on a keyframe of its own. */
const LATE_JOIN_GAP_MS = 3000;

async function livePage(browser: Browser, member: Member): Promise<Page> {
  const page = await memberPage(browser, member);
  await recordPeerConnections(page);
  recordLiveSignalling(page);
  return page;
}

/** Opens a page of Orbit and waits until its realtime connection is let in. */
async function openOrbit(page: Page, path: string): Promise<void> {
  const joined = realtimeJoined(page);
  await page.goto(path);
  await joined;
}

const viewerCount = (page: Page) => page.getByLabel('Viewer count');
const chatLog = (page: Page) => page.getByRole('log', { name: 'Chat messages' });
const liveNow = (page: Page) => page.getByRole('region', { name: 'Live now' });
const streamCard = (page: Page, host: Member, title: string) => liveNow(page).getByRole('link', { name: new RegExp(`${host.name}.*${title}|${title}.*${host.name}`) });

async function sendChat(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Chat message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(chatLog(page)).toContainText(text);
}

/** The host's moderation control for one chat line: a button on the line, or an item of the line's menu. */
async function moderate(hostPage: Page, text: string, action: 'Mute for 10 minutes'): Promise<void> {
  const line: Locator = chatLog(hostPage).getByRole('listitem').filter({ hasText: text });
  const button = line.getByRole('button', { name: action });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await line.getByRole('button').first().click();
  await hostPage.getByRole('menuitem', { name: action }).click();
}

/** A viewer opens the stream from the Live now list on /live-stream; returns the stream's id, how long from asking to watch to the first decoded frame, and how the time from the click went. */
async function openFromLiveNow(page: Page, host: Member, title: string): Promise<{ streamId: string; picture: FirstPicture; firstPictureMs: number; timeline: string }> {
  await openOrbit(page, '/live-stream');
  const card = streamCard(page, host, title);
  await expect(card).toBeVisible();
  const clickedAt = Date.now();
  await card.click();
  await page.waitForURL(/\/live\/[0-9a-f-]{36}$/);
  const picture = await firstPicture(page);
  const streamId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  return { streamId, picture, firstPictureMs: picture.decodedAt - watchSentAt(page, clickedAt), timeline: describeFirstPicture(page, clickedAt, picture) };
}

test('a host goes live; two members find the stream in Live now, watch it and chat; the count follows them; a muted viewer cannot chat; ending it ends it for both', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const priya = await registerMember(request, `Priya ${suffix}`);
  const sam = await registerMember(request, `Sam ${suffix}`);
  const chloe = await registerMember(request, `Chloe ${suffix}`);
  const title = `Sunday sketching ${suffix}`;

  // Priya goes live.
  const hostPage = await livePage(browser, priya);
  await openOrbit(hostPage, '/live-stream');
  await hostPage.getByRole('button', { name: 'Turn On Camera' }).click();
  await expect(hostPage.getByLabel('Your camera preview')).toBeVisible();
  await hostPage.getByLabel('Stream title').fill(title);
  await hostPage.getByRole('button', { name: 'Go Live' }).click();
  await expect(hostPage.getByText('LIVE', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(viewerCount(hostPage)).toHaveText('0 viewers');

  // Sam finds her in Live now and watches: her video decodes on his side.
  const samPage = await livePage(browser, sam);
  const samJoin = await openFromLiveNow(samPage, priya, title);
  const { streamId } = samJoin;
  await expect(samPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(samPage.getByText(priya.name).first()).toBeVisible();
  await expectWatching(samPage);
  await expect(viewerCount(hostPage)).toHaveText('1 viewer');

  // Chloe comes later, when the keyframe Sam's arrival asked for is long gone: she still has a picture at once.
  await hostPage.waitForTimeout(LATE_JOIN_GAP_MS);
  const chloePage = await livePage(browser, chloe);
  const chloeJoin = await openFromLiveNow(chloePage, priya, title);
  expect(chloeJoin.streamId).toBe(streamId);
  testInfo.annotations.push({ type: 'first picture', description: `Sam: ${samJoin.timeline}; Chloe (late): ${chloeJoin.timeline}` });
  expect(chloeJoin.picture.decodedAt - chloeJoin.picture.connectedAt, `a late joiner's first frame comes at once once connected (${chloeJoin.timeline})`).toBeLessThanOrEqual(KEYFRAME_LIMIT_MS);
  // Soft: the whole of opening a stream also waits on page loading and signalling, which a busy machine slows; the journey goes on either way.
  expect.soft(chloeJoin.firstPictureMs, `a late joiner has a picture within 2 s of asking to watch (${chloeJoin.timeline})`).toBeLessThanOrEqual(FIRST_PICTURE_LIMIT_MS);
  await expectWatching(chloePage);
  for (const page of [hostPage, samPage, chloePage]) await expect(viewerCount(page)).toHaveText('2 viewers');

  // A visitor sees who is live and is asked to sign in; the stream's page asks too, and plays nothing.
  const visitor = await (await browser.newContext()).newPage();
  await recordPeerConnections(visitor);
  await visitor.goto('/live-stream');
  await expect(streamCard(visitor, priya, title)).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in to watch or go live' })).toHaveAttribute('href', /^\/login/);
  await visitor.goto(`/live/${streamId}`);
  await expect(visitor.getByText(title).first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in to watch' })).toHaveAttribute('href', /^\/login/);
  expect(await visitor.evaluate(() => (window.__orbitPeerConnections ?? []).length)).toBe(0);
  await visitor.context().close();
  // Visitors are not counted.
  await expect(viewerCount(hostPage)).toHaveText('2 viewers');

  // Chat reaches everyone: from a viewer, and from the host.
  await sendChat(samPage, `Hi Priya, Sam here ${suffix}`);
  for (const page of [hostPage, chloePage]) await expect(chatLog(page)).toContainText(`Hi Priya, Sam here ${suffix}`);
  await sendChat(hostPage, `Welcome, both of you ${suffix}`);
  for (const page of [samPage, chloePage]) await expect(chatLog(page)).toContainText(`Welcome, both of you ${suffix}`);
  await sendChat(chloePage, `Buy my course ${suffix}`);
  for (const page of [hostPage, samPage]) await expect(chatLog(page)).toContainText(`Buy my course ${suffix}`);

  // Priya mutes Chloe: her input is disabled and says why, and the server refuses her chat even when forced past the screen.
  await moderate(hostPage, `Buy my course ${suffix}`, 'Mute for 10 minutes');
  await expect(chloePage.getByText(LIVE_MUTED_MESSAGE)).toBeVisible();
  await expect(chloePage.getByRole('textbox', { name: 'Chat message' })).toBeDisabled();
  const forced = await memberSocket(baseURL ?? '', chloe.token);
  try {
    expect(await forced.command('live:watch', { streamId })).toEqual({ ok: true });
    const refused = await forced.command('live:chat', { streamId, text: `Still selling ${suffix}` });
    expect(refused).toMatchObject({ ok: false, message: LIVE_MUTED_MESSAGE });
  } finally {
    forced.close();
  }
  // Sam can still chat; Chloe's forced line reached nobody.
  await sendChat(samPage, `Love the colours ${suffix}`);
  await expect(chatLog(hostPage)).toContainText(`Love the colours ${suffix}`);
  await expect(chatLog(hostPage)).not.toContainText(`Still selling ${suffix}`);
  await expect(viewerCount(hostPage)).toHaveText('2 viewers');

  // Sam leaves for Home: the count follows, and his connection to the stream is closed.
  await samPage.getByRole('banner').getByRole('link', { name: 'Orbit home' }).click();
  await expect(samPage).toHaveURL(/\/$/);
  await expectNoOpenConnection(samPage);
  await expect(viewerCount(hostPage)).toHaveText('1 viewer');
  await expect(viewerCount(chloePage)).toHaveText('1 viewer');

  // He comes back by the link (a full page load): a picture at once again, and the count is 2 again.
  const reopenedAt = Date.now();
  await samPage.goto(`/live/${streamId}`);
  const samBack = await firstPicture(samPage);
  const samBackTimeline = describeFirstPicture(samPage, reopenedAt, samBack);
  testInfo.annotations.push({ type: 'first picture on return', description: `Sam: ${samBackTimeline}` });
  expect(samBack.decodedAt - samBack.connectedAt, `a returning viewer's first frame comes at once once connected (${samBackTimeline})`).toBeLessThanOrEqual(KEYFRAME_LIMIT_MS);
  expect.soft(samBack.decodedAt - watchSentAt(samPage, reopenedAt), `a returning viewer has a picture within 2 s of asking to watch (${samBackTimeline})`).toBeLessThanOrEqual(FIRST_PICTURE_LIMIT_MS);
  await expectWatching(samPage);
  await expect(viewerCount(hostPage)).toHaveText('2 viewers');
  // The chat so far is there for him (history), Chloe's forced line is not.
  await expect(chatLog(samPage)).toContainText(`Welcome, both of you ${suffix}`);
  await expect(chatLog(samPage)).not.toContainText(`Still selling ${suffix}`);

  // Priya ends the stream: it ends for both viewers, and their connections close.
  await hostPage.getByRole('group', { name: 'Stream controls' }).getByRole('button', { name: 'End Stream' }).click();
  await hostPage.getByRole('dialog', { name: 'End your stream?' }).getByRole('button', { name: 'End Stream' }).click();
  await expect(hostPage.getByRole('heading', { name: 'Stream ended' })).toBeVisible();
  for (const page of [samPage, chloePage]) {
    await expect(page.getByRole('heading', { name: 'Stream ended' })).toBeVisible();
    await expect(page.getByText(LIVE_WATCH_END_TEXTS.ended)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Live' })).toBeVisible();
    await expectNoOpenConnection(page);
  }
  await expectNoOpenConnection(hostPage);
  await hostPage.waitForURL(/\/profile$/, { timeout: 5000 });

  // And it is gone from Live now.
  await chloePage.getByRole('link', { name: 'Back to Live' }).click();
  await expect(chloePage).toHaveURL(/\/live-stream$/);
  await expect(liveNow(chloePage)).toBeVisible();
  await expect(streamCard(chloePage, priya, title)).toHaveCount(0);

  for (const page of [chloePage, samPage, hostPage]) await page.context().close();
});
