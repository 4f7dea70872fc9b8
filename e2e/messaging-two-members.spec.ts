import { expect, test, type Locator, type Page } from './support/test';
import { matchedPair, memberPage, realtimeJoined, type Member } from './support/members';

/**
 * Two new members who matched, each in a browser context of their own, as
 * they would use Orbit: receipts, typing, the unread badge and title, the
 * read-receipts switch, and an outbox that holds what was written offline.
 */

const chatWith = (page: Page, other: Member) => page.getByRole('region', { name: `Chat with ${other.name}` });
/** A message's bubble (an item of the thread's list). */
const bubble = (chat: Locator, text: string) => chat.getByRole('log').getByRole('listitem').filter({ hasText: text });
const stateOf = (chat: Locator, text: string) => bubble(chat, text).locator('[data-message-state]');

async function send(chat: Locator, text: string) {
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test('receipts, typing, the unread badge and title, and the read-receipts switch, between two members', async ({ browser, request }) => {
  const [priya, sam] = await matchedPair(request);
  const priyaPage = await memberPage(browser, priya);
  const samPage = await memberPage(browser, sam);
  await priyaPage.goto(`/messages?with=${sam.id}`);
  // Sam is elsewhere in Orbit: his tab is connected, his chat with Priya is not open.
  const samJoined = realtimeJoined(samPage);
  await samPage.goto('/users');
  await expect(samPage.getByRole('heading', { level: 1 })).toBeVisible();
  await samJoined;
  // News of messages is loaded with the rest of what a member's pages add: wait for it to listen.
  await expect(samPage.getByRole('status', { name: 'New messages' })).toBeAttached();
  const priyaChat = chatWith(priyaPage, sam);
  await expect(priyaChat.getByRole('textbox', { name: 'Message' })).toBeEnabled();

  await send(priyaChat, 'Are you free tonight?');
  // Sam hears of it where he is: a toast, the count on the header's Messages link, and the tab's title.
  const toast = samPage.getByRole('button', { name: new RegExp(`${priya.name}.*Are you free tonight\\?`) });
  await expect(toast).toBeVisible();
  const messagesLink = samPage.getByRole('banner').getByRole('link', { name: /^Messages/ });
  await expect(messagesLink).toContainText('1');
  await expect.poll(() => samPage.title()).toMatch(/^\(1\) /);
  // On a phone the links are behind Menu, which carries the count.
  await samPage.setViewportSize({ width: 390, height: 844 });
  const menu = samPage.getByRole('banner').getByRole('button', { name: /Menu 1 unread$/ });
  await expect(menu).toBeVisible();
  await samPage.screenshot({ path: 'test-results/screens/realtime-unread-menu-390.png' });
  await samPage.setViewportSize({ width: 1280, height: 800 });
  // Sam's tab holds it without reading it: delivered.
  await expect(stateOf(priyaChat, 'Are you free tonight?')).toHaveText(' · Delivered');

  // Opening the chat from the toast reads it: Priya sees it read, and Sam's count is gone.
  await toast.click();
  const samChat = chatWith(samPage, priya);
  await expect(samChat.getByRole('log')).toContainText('Are you free tonight?');
  await expect(stateOf(priyaChat, 'Are you free tonight?')).toHaveText(' · Read');
  await expect(messagesLink).not.toContainText('1');
  await expect.poll(() => samPage.title()).not.toMatch(/^\(\d+\) /);

  // Sam types: Priya sees it, and it goes about 6 s after his last keystroke.
  await samChat.getByRole('textbox', { name: 'Message' }).fill('Yes');
  const typing = priyaChat.getByRole('status').filter({ hasText: 'is typing…' });
  await expect(typing).toHaveText(`${sam.name.split(' ')[0]} is typing…`);
  await expect(typing).toHaveCount(0, { timeout: 9000 });
  await samChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(priyaChat.getByRole('log')).toContainText('Yes');
  await expect(stateOf(samChat, 'Yes')).toHaveText(' · Read');

  // Sam turns read receipts off in Settings: Priya no longer sees when he has read, and he no longer sees it of her.
  await samPage.goto('/settings');
  const receipts = samPage.getByRole('switch', { name: 'Read receipts' });
  await expect(receipts).toBeChecked();
  await receipts.uncheck();
  await expect(receipts).not.toBeChecked();
  await expect(receipts).toBeEnabled();
  await samPage.goto(`/messages?with=${priya.id}`);
  await expect(samChat.getByRole('log')).toContainText('Yes');
  await expect(stateOf(samChat, 'Yes')).toHaveText(' · Delivered');
  await send(priyaChat, 'See you at eight');
  await expect(samChat.getByRole('log')).toContainText('See you at eight');
  await expect(stateOf(priyaChat, 'See you at eight')).toHaveText(' · Delivered');
  // Sam's open chat has read it by now; it still never says so.
  await samPage.waitForTimeout(1000);
  await expect(stateOf(priyaChat, 'See you at eight')).toHaveText(' · Delivered');

  await samPage.context().close();
  await priyaPage.context().close();
});

test('a message written offline waits as sending, survives a reload, and goes out when the connection is back', async ({ browser, request, baseURL }) => {
  const [priya, sam] = await matchedPair(request);
  const numericBase = (baseURL ?? '').replace('localhost', '127.0.0.1');
  const priyaPage = await memberPage(browser, priya, numericBase);
  const samPage = await memberPage(browser, sam);
  // Priya starts on Discover and opens Messages from the header, so both pages are loaded before she goes offline.
  await priyaPage.goto('/users');
  await priyaPage.getByRole('banner').getByRole('link', { name: /^Messages/ }).click();
  await samPage.goto(`/messages?with=${priya.id}`);
  const priyaChat = chatWith(priyaPage, sam);
  const samChat = chatWith(samPage, priya);
  await expect(priyaChat.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(samChat.getByRole('textbox', { name: 'Message' })).toBeEnabled();

  // Offline: the message shows as sending and waits, however long.
  await priyaPage.context().setOffline(true);
  await send(priyaChat, 'Written in the tunnel');
  await expect(stateOf(priyaChat, 'Written in the tunnel')).toHaveText(' · Sending…');
  await priyaPage.waitForTimeout(8000);
  await expect(stateOf(priyaChat, 'Written in the tunnel')).toHaveText(' · Sending…');
  await expect(samChat.getByRole('log')).not.toContainText('Written in the tunnel');

  // Back online: it goes out by itself, once.
  await priyaPage.context().setOffline(false);
  await expect(samChat.getByRole('log')).toContainText('Written in the tunnel', { timeout: 10_000 });
  await expect(stateOf(priyaChat, 'Written in the tunnel')).toHaveText(' · Read');
  await expect(samChat.getByRole('log').getByText('Written in the tunnel')).toHaveCount(1);

  // Written offline, then Priya moves on to Discover: it still goes out when the connection is back.
  await priyaPage.context().setOffline(true);
  await send(priyaChat, 'Sent on the way out');
  await expect(stateOf(priyaChat, 'Sent on the way out')).toHaveText(' · Sending…');
  await priyaPage.getByRole('banner').getByRole('link', { name: 'Discover' }).click();
  await expect(priyaPage.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await priyaPage.context().setOffline(false);
  await expect(samChat.getByRole('log')).toContainText('Sent on the way out', { timeout: 10_000 });
  await expect.poll(() => priyaPage.evaluate((id) => localStorage.getItem(`orbit.outbox.${id}`), priya.id)).toBeNull();
  await priyaPage.getByRole('banner').getByRole('link', { name: /^Messages/ }).click();
  await expect(priyaChat.getByRole('log').getByText('Sent on the way out')).toHaveCount(1);
  await expect(samChat.getByRole('log').getByText('Sent on the way out')).toHaveCount(1);

  // The server cannot be reached for sends: after its tries the message says so, and a reload keeps it.
  await priyaPage.route('**/api/conversations/*/messages', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
  await send(priyaChat, 'Kept across a reload');
  await expect(bubble(priyaChat, 'Kept across a reload').getByRole('button', { name: 'Not sent · Retry' })).toBeVisible({ timeout: 15_000 });
  await priyaPage.reload();
  await expect(priyaChat.getByRole('log')).toContainText('Kept across a reload');
  await expect(bubble(priyaChat, 'Kept across a reload').getByRole('button', { name: 'Not sent · Retry' })).toBeVisible({ timeout: 15_000 });

  // Retry once the server answers again: it arrives, once.
  await priyaPage.unroute('**/api/conversations/*/messages');
  await bubble(priyaChat, 'Kept across a reload').getByRole('button', { name: 'Not sent · Retry' }).click();
  await expect(samChat.getByRole('log')).toContainText('Kept across a reload', { timeout: 5000 });
  await expect(samChat.getByRole('log').getByText('Kept across a reload')).toHaveCount(1);
  await samPage.reload();
  await expect(chatWith(samPage, priya).getByRole('log').getByText('Kept across a reload')).toHaveCount(1);

  await samPage.context().close();
  await priyaPage.context().close();
});

test('from Matches, Chat and the heart open the conversation; scrolling up loads earlier messages and keeps the place', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [priya, sam] = await matchedPair(request);
  // 60 messages, more than one page of 50: each writes 30 (the per-sender limit), taking turns.
  for (let index = 1; index <= 30; index += 1) {
    for (const [from, to] of [[priya, sam], [sam, priya]] as const) {
      const sent = await request.post(`/api/conversations/${to.id}/messages`, {
        headers: { Authorization: `Bearer ${from.token}` },
        data: { id: crypto.randomUUID(), text: `${from.name.split(' ')[0]} says ${index}` },
      });
      expect(sent.status()).toBe(201);
    }
  }
  const priyaPage = await memberPage(browser, priya);
  await priyaPage.goto('/match');
  await priyaPage.getByRole('button', { name: `Chat with ${sam.name}` }).click();
  await expect(priyaPage).toHaveURL(new RegExp(`/messages\\?with=${sam.id}$`));
  const chat = chatWith(priyaPage, sam);
  const log = chat.getByRole('log');
  await expect(log).toContainText('Sam says 30');
  // The newest page only: message 1 of 60 is not there yet.
  await expect(log.getByText('Priya says 1', { exact: true })).toHaveCount(0);

  // Scrolling to the top loads the page before, and what was at the top stays where it was on screen.
  await expect.poll(() => log.evaluate((scroller) => Math.abs(scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop) < 2)).toBe(true);
  const firstShown = log.getByRole('listitem').filter({ hasText: / says \d+/ }).first();
  const firstText = (await firstShown.locator('p').textContent()) ?? '';
  // Where it will be, seen from the top of the thread's view, once scrolled to the top.
  const placeAtTop = await firstShown.evaluate((item) => {
    const scroller = item.closest('[role="log"]');
    return scroller ? item.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop : Number.NaN;
  });
  await log.evaluate((scroller) => scroller.scrollTo({ top: 0 }));
  await expect(log.getByText('Priya says 1', { exact: true })).toBeAttached({ timeout: 5000 });
  const sameItem = log.getByRole('listitem').filter({ has: priyaPage.getByText(firstText, { exact: true }) });
  const placeAfter = await sameItem.evaluate((item) => {
    const scroller = item.closest('[role="log"]');
    return scroller ? item.getBoundingClientRect().top - scroller.getBoundingClientRect().top : Number.NaN;
  });
  expect(Math.abs(placeAfter - placeAtTop)).toBeLessThan(4);
  // And everything is there, once each.
  await expect(log.getByRole('listitem').filter({ hasText: / says \d+/ })).toHaveCount(60);

  // The heart: its 2 s animation, then the chat opens saying so.
  await priyaPage.goto('/match');
  await priyaPage.getByRole('button', { name: `Connect with ${sam.name}` }).click();
  await expect(priyaPage).toHaveURL(new RegExp(`/messages\\?with=${sam.id}$`), { timeout: 5000 });
  await expect(priyaPage.getByText(`Connected with ${sam.name}!`)).toBeVisible();
  await expect(chatWith(priyaPage, sam).getByRole('log')).toContainText('Sam says 30');

  await priyaPage.context().close();
});

declare global {
  interface Window {
    shownNotifications?: Notification[];
  }
}

test('with Orbit in a background tab, a message comes as a desktop notification the member switched on, and clicking it opens the chat', async ({ browser, request, baseURL }) => {
  const [priya, sam] = await matchedPair(request);
  const samContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await samContext.grantPermissions(['notifications'], { origin: baseURL ?? '' });
  await samContext.addInitScript((token) => {
    window.localStorage.setItem('user_token', token);
    // Every notification the page shows, recorded as it goes to the real Notification.
    window.shownNotifications = [];
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        window.shownNotifications?.push(this);
      }
    };
  }, sam.token);
  const samPage = await samContext.newPage();
  const priyaPage = await memberPage(browser, priya);

  await samPage.goto('/settings');
  const desktop = samPage.getByRole('switch', { name: 'Desktop notifications' });
  await expect(desktop).not.toBeChecked();
  await desktop.check();
  await expect(desktop).toBeChecked();

  const samJoined = realtimeJoined(samPage);
  await samPage.goto('/users');
  await samJoined;
  await expect(samPage.getByRole('status', { name: 'New messages' })).toBeAttached();
  // The member switches to another tab: this one is hidden.
  await samPage.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  await priyaPage.goto(`/messages?with=${sam.id}`);
  await send(chatWith(priyaPage, sam), 'Are you still up?\nCall me');
  await expect
    .poll(() => samPage.evaluate(() => (window.shownNotifications ?? []).map((shown) => ({ title: shown.title, body: shown.body }))), { timeout: 5000 })
    .toEqual([{ title: priya.name, body: 'Are you still up?' }]);
  // No toast on a page nobody sees.
  await expect(samPage.getByRole('status', { name: 'New messages' })).toBeEmpty();

  // Back in the tab by clicking the notification: the chat opens.
  await samPage.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    window.shownNotifications?.[0]?.dispatchEvent(new Event('click'));
  });
  await expect(samPage).toHaveURL(new RegExp(`/messages\\?with=${priya.id}$`));
  await expect(chatWith(samPage, priya).getByRole('log')).toContainText('Are you still up?');

  await samContext.close();
  await priyaPage.context().close();
});
