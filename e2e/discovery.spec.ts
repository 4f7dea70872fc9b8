import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { dotOffset, RADAR_MARGIN_SHARE, RADAR_RADIUS_KM, radarScaleKm } from '../src/features/discovery/radar/radar-geometry';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';
import { MESSAGES_NOT_MATCHED_MESSAGE } from '../contract/messaging';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

function uniqueUsername(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

interface Member {
  id: string;
  username: string;
  token: string;
}

async function registerMember(request: APIRequestContext, prefix: string): Promise<Member> {
  const username = uniqueUsername(prefix);
  const response = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', age: 29, gender: 'female', acceptTerms: true },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string; user: { _id: string } };
  return { id: body.user._id, username, token: body.token };
}

/** A browser tab signed in as `member` (the token stored as the app stores it). */
async function signedInPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript((token) => window.localStorage.setItem('user_token', token), member.token);
  return context.newPage();
}

/** Screenshots at phone and desktop width, checked for sideways scrolling and accessibility. */
async function captureBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  await page.setViewportSize(PHONE);
  await ready();
  await expectNoSidewaysScroll(page, PHONE.width);
  await page.screenshot({ path: `test-results/screens/discovery-${name}-390.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize(DESKTOP);
  await ready();
  await page.screenshot({ path: `test-results/screens/discovery-${name}-1280.png`, fullPage: true });
}

const candidateHeading = (page: Page) => page.getByRole('region', { name: 'Candidate' }).getByRole('heading', { level: 2 });

/** Skips (dislikes) people on Spin until `name` is shown, then likes them. */
async function likeThroughSpin(page: Page, name: string) {
  await page.goto('/spin');
  const heading = candidateHeading(page);
  for (let attempt = 0; attempt < 12; attempt += 1) {
    await expect(page.getByRole('button', { name: 'Spin' })).toBeEnabled();
    const shown = (await heading.textContent()) ?? '';
    if (shown.startsWith(`${name},`)) {
      await page.getByRole('button', { name: 'Like', exact: true }).click();
      return;
    }
    await page.getByRole('button', { name: 'Dislike' }).click();
    await expect(heading).not.toHaveText(shown);
  }
  throw new Error(`${name} never came up on Spin`);
}

test('two people like each other through Spin and both see the match', async ({ browser, request }) => {
  const first = await registerMember(request, 'e2e_ann');
  const second = await registerMember(request, 'e2e_bo');
  const firstPage = await signedInPage(browser, first);
  const secondPage = await signedInPage(browser, second);

  await likeThroughSpin(firstPage, second.username);
  // One-sided for now: no match yet for the first liker.
  await expect(firstPage.getByText("It's a match! 🎉")).toHaveCount(0);

  // The first liker comes first on the second person's Spin (they already liked them).
  await likeThroughSpin(secondPage, first.username);
  // The match moment opens over Spin; Keep browsing leaves SPEC's notice on the screen.
  const moment = secondPage.getByRole('dialog', { name: "It's a match! 🎉" });
  await expect(moment.getByText(`You and ${first.username} like each other.`)).toBeVisible();
  await moment.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(moment).toHaveCount(0);
  await expect(secondPage.getByText("It's a match! 🎉")).toBeVisible();
  await expect(secondPage.getByRole('region', { name: 'Your Matches' }).getByRole('link', { name: first.username })).toBeVisible();
  await captureBothWidths(secondPage, 'spin-match', async () => {
    await expect(secondPage.getByText(/Spin to discover new people • \d+ users available/)).toBeVisible();
  });
  // The first liker, still on Spin in her own browser, gets the match moment too, as it happens.
  await expect(firstPage.getByRole('dialog', { name: "It's a match! 🎉" })).toContainText(`You and ${second.username} like each other.`);

  for (const [page, other] of [
    [firstPage, second],
    [secondPage, first],
  ] as const) {
    await page.goto('/match');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Your Match' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `${other.username}, 29` })).toBeVisible();
    await expect(page.getByText('1 of 1 matches')).toBeVisible();
  }
  await captureBothWidths(firstPage, 'matches', async () => {
    await expect(firstPage.getByRole('button', { name: `Connect with ${second.username}` })).toBeVisible();
  });

  // Chat opens Messages with that person's conversation.
  await firstPage.getByRole('button', { name: `Chat with ${second.username}` }).click();
  await expect(firstPage).toHaveURL(new RegExp(`/messages\\?with=`));
  // A new match has no messages yet: no canned lines put in either person's mouth.
  const chat = firstPage.getByRole('region', { name: `Chat with ${second.username}` });
  await expect(chat.getByRole('log')).toHaveText(`No messages with ${second.username} yet. Say hello 👋`);
  await captureBothWidths(firstPage, 'messages-new-match', async () => {
    await expect(firstPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  });
});

/**
 * The heartbeat is loaded after the page, so the tab is left and shown again
 * until coming back sends one: the member's own account, with their token.
 */
async function heartbeatListening(page: Page, token: string) {
  await expect(async () => {
    const heartbeat = page.waitForRequest(
      (sent) => new URL(sent.url()).pathname === '/api/user/me' && sent.headers().authorization === `Bearer ${token}`,
      { timeout: 1000 },
    );
    await page.evaluate(() => {
      for (const state of ['hidden', 'visible']) {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
        document.dispatchEvent(new Event('visibilitychange'));
      }
      // Back to the browser's own answer: a page being closed reports itself hidden.
      Reflect.deleteProperty(document, 'visibilityState');
    });
    await heartbeat;
  }).toPass({ timeout: 10_000 });
}

test('a member shows as online to others while signed in, and as last seen once they log out', async ({ browser, request }) => {
  const maya = await registerMember(request, 'maya');
  const sam = await registerMember(request, 'sam');
  const samPage = await signedInPage(browser, sam);
  const summary = samPage.getByRole('region', { name: 'Profile summary' });
  const lastSeen = samPage.locator('dt:text-is("Last seen") + dd');
  await samPage.goto(`/profile/${maya.id}`);
  await expect(summary.getByRole('heading', { level: 1 })).toContainText(maya.username);
  // Said once, by the badge beside the name; the avatar's dot is only seen.
  await expect(summary.getByText('Online', { exact: true })).toBeVisible();
  await expect(lastSeen).toHaveText('Online now');

  // Maya logs out in her own browser (her token stored once, not on every load, so Logout holds).
  const mayaContext = await browser.newContext({ viewport: PHONE });
  const mayaPage = await mayaContext.newPage();
  await mayaPage.goto('/');
  await mayaPage.evaluate((token) => window.localStorage.setItem('user_token', token), maya.token);
  await mayaPage.goto('/profile');
  await expect(mayaPage.getByRole('heading', { level: 1 })).toContainText(maya.username);
  // Coming back to the tab is a heartbeat: her own account, asked for with her token.
  await heartbeatListening(mayaPage, maya.token);
  // On her phone, Logout is at the end of the Menu.
  await mayaPage.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await mayaPage.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(mayaPage.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  // The logout call leaves with the reload, so Sam may need to look again.
  await expect(async () => {
    await samPage.reload();
    await expect(lastSeen).not.toHaveText('Online now', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(summary.getByText('Online', { exact: true })).toHaveCount(0);
  // Others see only a coarse bucket, never the time (issue 37).
  await expect(lastSeen).toHaveText('Active today');
  await samPage.screenshot({ path: 'test-results/screens/profile-last-seen-after-logout.png', fullPage: true });
});

test('closing Orbit takes a member offline about 30 s after the last tab, not while another of their tabs is open', async ({ browser, request }) => {
  // The server waits PRESENCE_GRACE_MS after the last connection closes, so a reload does not flicker.
  test.setTimeout(120_000);
  const maya = await registerMember(request, 'maya');
  const sam = await registerMember(request, 'sam');
  const samPage = await signedInPage(browser, sam);
  const lastSeen = samPage.locator('dt:text-is("Last seen") + dd');
  const samLooks = async () => {
    await samPage.goto(`/profile/${maya.id}`);
    await expect(samPage.getByRole('region', { name: 'Profile summary' }).getByRole('heading', { level: 1 })).toContainText(maya.username);
  };

  // Maya has Orbit open in two tabs of her phone's browser.
  const mayaContext = await browser.newContext({ viewport: PHONE });
  const openTab = async () => {
    const tab = await mayaContext.newPage();
    await tab.goto('/profile');
    await expect(tab.getByRole('heading', { level: 1 })).toContainText(maya.username);
    // The tabs' roll-call runs with the heartbeat.
    await heartbeatListening(tab, maya.token);
    return tab;
  };
  const firstTab = await mayaContext.newPage();
  await firstTab.goto('/');
  await firstTab.evaluate((token) => window.localStorage.setItem('user_token', token), maya.token);
  await firstTab.close();
  const tabs = [await openTab(), await openTab()];

  // Closing one tab: she is still on Orbit in the other, and stays online.
  await tabs[0]!.close();
  await samPage.waitForTimeout(1000);
  await samLooks();
  await expect(lastSeen).toHaveText('Online now');

  // Closing the last one: a reload's worth of grace, then others see her go, not minutes later.
  await tabs[1]!.close();
  await samLooks();
  await expect(lastSeen).toHaveText('Online now');
  await expect(async () => {
    await samLooks();
    await expect(lastSeen).not.toHaveText('Online now', { timeout: 1000 });
  }).toPass({ timeout: 50_000 });
  // Others see only a coarse bucket, never the time (issue 37).
  await expect(lastSeen).toHaveText('Active today');
});

test('Discover, Radar and Profile work for the demo account', async ({ page }) => {
  await page.goto('/login');
  const signIn = page.getByRole('form', { name: 'User sign in' });
  await signIn.getByLabel('Username').fill('demo');
  await signIn.getByLabel('Password').fill('orbit-demo-2026');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByText('Signed in as User')).toBeAttached();

  await page.goto('/users');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Min age').fill('20');
  await page.getByLabel('Max age').fill('30');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/gender=female/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await captureBothWidths(page, 'discover', async () => {
    await expect(page.getByRole('article').first()).toBeVisible();
  });
  // On a phone the applied filters fold into one line, so the first person shows without scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  const filtersToggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(filtersToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Gender: female · Age: 20–30')).toBeVisible();
  await expect(page.getByRole('article').first()).toBeInViewport();
  await filtersToggle.click();
  await expect(page.getByLabel('Min age')).toHaveValue('20');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(filtersToggle).toBeHidden();

  await page.goto('/radar');
  await expect(page.getByText('Scanning for nearby users...')).toBeVisible();
  const nearby = page.getByRole('list', { name: 'Nearby users' });
  await expect(nearby.getByRole('listitem')).toHaveCount(10);
  await expect(nearby.getByText(/\d+ km away/).first()).toBeVisible();
  await captureBothWidths(page, 'radar', async () => {
    await expect(nearby.getByRole('listitem').first()).toBeVisible();
  });

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Alex Demo, 28' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('About you').fill('Updated from the browser test.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByText('Updated from the browser test.')).toBeVisible();
  await captureBothWidths(page, 'profile', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Alex Demo, 28' })).toBeVisible();
  });

  // Someone else's profile from the radar list.
  await page.goto('/radar');
  await nearby.getByRole('link', { name: /^View / }).first().click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: /^(Like|Liked)$/ })).toBeVisible();
  // Message opens the chat of a match; before a match it says why there is none, beside Like.
  const main = page.getByRole('main');
  const messageButton = main.getByRole('button', { name: 'Message', exact: true });
  await expect(main.getByRole('link', { name: 'Message', exact: true }).or(messageButton)).toBeVisible();
  if ((await messageButton.count()) > 0) {
    await messageButton.click();
    await expect(main.getByText(MESSAGES_NOT_MATCHED_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  }
  await expect(page.getByRole('main').getByText('Email', { exact: true })).toHaveCount(0);
  await captureBothWidths(page, 'profile-other', async () => {
    await expect(page.getByRole('main').getByRole('link', { name: 'Video Call' })).toBeVisible();
  });
});

test('a visitor sees sample people on the Home radar, and /profile sends them to the login page', async ({ page }) => {
  await page.goto('/');
  // The radar section loads as a visitor scrolls near it.
  await page.locator('#radar').scrollIntoViewIfNeeded();
  const nearby = page.getByRole('list', { name: 'People near you' });
  await expect(nearby.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText('These are sample profiles. Sign in to see who is really near you.')).toBeVisible();
  await captureBothWidths(page, 'home-radar', async () => {
    await nearby.scrollIntoViewIfNeeded();
    await expect(nearby.getByRole('listitem').first()).toBeVisible();
    await page.locator('#radar').screenshot({ path: `test-results/screens/discovery-home-radar-section-${page.viewportSize()?.width ?? 0}.png` });
  });

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page.getByText('Sign in to continue to Profile.')).toBeVisible();
});

test('a member takes themself off the radar in Settings, and a neighbour stops seeing them', async ({ browser, request }) => {
  // Far from the seeded people (around Mumbai), so the radar holds only these two; a random
  // longitude keeps a retry's pair (same server, same database) off this pair's radar.
  const origin = { latitude: -40, longitude: -170 + Math.random() * 50 };
  const [watcher, hider] = await Promise.all([registerMember(request, 'watcher'), registerMember(request, 'hider')]);
  for (const [member, northKm] of [[watcher, 0], [hider, 3]] as const) {
    const location = { latitude: origin.latitude + northKm / 111.2, longitude: origin.longitude };
    const response = await request.patch('/api/user/me', { headers: { authorization: `Bearer ${member.token}` }, data: { location } });
    expect(response.status()).toBe(200);
  }
  const watcherPage = await signedInPage(browser, watcher);
  const nearby = watcherPage.getByRole('list', { name: 'Nearby users' });
  await watcherPage.goto('/radar');
  await expect(nearby.getByText(hider.username)).toBeVisible();
  await expect(nearby.getByText(/km away/)).toBeVisible();

  // The only dot on the radar opens its person's profile.
  const distanceKm = Number(/(\d+) km away/.exec((await nearby.getByText(/km away/).textContent()) ?? '')?.[1]);
  const dot = dotOffset(hider.id, distanceKm, radarScaleKm(RADAR_RADIUS_KM));
  const canvas = watcherPage.getByRole('img', { name: /Radar showing 1 person/ });
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The radar is not drawn');
  const ringRadius = (box.width / 2) * (1 - 2 * RADAR_MARGIN_SHARE);
  await canvas.click({ position: { x: box.width / 2 + dot.x * ringRadius, y: box.height / 2 + dot.y * ringRadius } });
  await expect(watcherPage).toHaveURL(`/profile/${hider.id}`);
  await expect(watcherPage.getByRole('heading', { level: 1, name: new RegExp(hider.username) })).toBeVisible();
  await watcherPage.goBack();
  await expect(nearby.getByText(hider.username)).toBeVisible();

  const hiderPage = await signedInPage(browser, hider);
  await hiderPage.goto('/profile');
  await hiderPage.getByRole('button', { name: 'Settings' }).click();
  const settings = hiderPage.getByRole('dialog', { name: 'Settings' });
  const choice = settings.getByRole('checkbox', { name: 'Show me on the radar' });
  await expect(choice).toBeChecked();
  await choice.uncheck();
  await expect(settings.getByText('You are hidden from the radar.')).toBeVisible();
  await captureBothWidths(hiderPage, 'settings-off-radar', async () => {
    await expect(choice).not.toBeChecked();
  });

  await watcherPage.getByRole('button', { name: 'Scan Again' }).click();
  await expect(watcherPage.getByRole('heading', { name: 'Nobody nearby yet' })).toBeVisible();

  await hiderPage.goto('/radar');
  await expect(hiderPage.getByText(/You are hidden from the radar: others do not see you on theirs/)).toBeVisible();
  await expect(hiderPage.getByRole('list', { name: 'Nearby users' }).getByText(watcher.username)).toBeVisible();
  await captureBothWidths(hiderPage, 'radar-while-hidden', async () => {
    await expect(hiderPage.getByRole('list', { name: 'Nearby users' }).getByText(watcher.username)).toBeVisible();
  });
});

test('a member changes who they want to meet in Settings, and Discover shows only people who fit', async ({ browser, request }) => {
  const member = await registerMember(request, 'prefs');
  const page = await signedInPage(browser, member);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Who I want to meet' });
  await section.getByRole('radio', { name: 'Everyone' }).check();
  await section.getByLabel('Youngest').fill('18');
  await section.getByLabel('Oldest').fill('24');
  await section.getByRole('button', { name: 'Save preferences' }).click();
  await expect(section.getByText('Preferences saved')).toBeVisible();
  await captureBothWidths(page, 'settings-preferences', async () => {
    await expect(section.getByLabel('Oldest')).toHaveValue('24');
  });

  // Every card Discover shows now is someone aged 18 to 24.
  await page.goto('/users');
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByRole('article').first()).toBeVisible();
  const names = await people.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
  const ages = names.map((name) => Number(/, (\d+)$/.exec(name)?.[1]));
  expect(ages.length).toBeGreaterThan(0);
  for (const age of ages) expect(age, names.join('; ')).toBeGreaterThanOrEqual(18);
  for (const age of ages) expect(age, names.join('; ')).toBeLessThanOrEqual(24);
  await page.context().close();
});
