import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, scrollToFooter } from './support/layout';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password-2026' };

function uniqueUsername(): string {
  return `e2e_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e4)}`;
}

async function tokens(page: Page) {
  return page.evaluate(() => ({ user: localStorage.getItem('user_token'), admin: localStorage.getItem('admin_token') }));
}

/** A new member, registered through the API, with the token of their first session. */
async function registerMember(request: APIRequestContext) {
  const username = uniqueUsername();
  const password = 'correct-horse-battery';
  const registered = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password, age: 30, gender: 'female', acceptTerms: true },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  return { username, password, token };
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

test('a visitor signs up, sees the User badge, logs out, and signs in again with the email address', async ({ context, page }) => {
  const username = uniqueUsername();
  const password = 'correct-horse-battery';
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await header.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register$/);

  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('Username is required')).toBeVisible();

  await form.getByLabel('First name').fill('Nia');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Age').fill('29');
  await form.getByLabel('Gender').selectOption('female');
  await form.getByRole('checkbox', { name: /18 or over/ }).check();
  // Each error went as its field was filled.
  await expect(form.getByText(/is required/)).toHaveCount(0);
  await screenshot(page, 'register-filled');
  await form.getByRole('button', { name: 'Sign Up' }).click();

  // A new account goes into the guided set-up first (issue 35).
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add your photos' })).toBeVisible();
  // The role is said to screen readers; the member sees their own name, which opens Profile, Settings and Logout.
  await expect(header.getByText('Signed in as User')).toBeAttached();
  const accountMenu = header.getByRole('button', { name: /, account menu$/ });
  await expect(accountMenu).toBeVisible();
  await accountMenu.click();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  expect((await tokens(page)).user).toBeTruthy();
  await screenshot(page, 'signed-in-user');

  const sessionToken = (await tokens(page)).user;
  // Another tab of the same browser, signed in by the same storage.
  const otherTab = await context.newPage();
  await otherTab.goto('/matches');
  await expect(otherTab.getByRole('banner').getByText('Signed in as User')).toBeAttached();
  // Logout is a full reload of home; until it lands, the page must not flash the visitor header.
  await page.evaluate(() => {
    const banner = document.querySelector('header');
    if (!banner) throw new Error('no site header');
    new MutationObserver(() => {
      if (banner.querySelector('a[href="/login"]')) sessionStorage.setItem('visitor-header-before-reload', 'seen');
    }).observe(banner, { subtree: true, childList: true });
    Object.assign(window, { pageBeforeLogout: true });
  });
  // Opening the other tab took focus from this page, which closes its menu as any popup closes on blur.
  if ((await accountMenu.getAttribute('aria-expanded')) !== 'true') await accountMenu.click();
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => ({ samePage: 'pageBeforeLogout' in window, flash: sessionStorage.getItem('visitor-header-before-reload') }))).toEqual({
    samePage: false,
    flash: null,
  });
  expect(await tokens(page)).toEqual({ user: null, admin: null });
  // The other tab follows at once, and says why.
  await expect(otherTab.getByRole('status').filter({ hasText: 'You were signed out' })).toContainText('You logged out in another tab');
  await expect(otherTab.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await otherTab.close();
  // Logout ended the session on the server too: the old token opens nothing.
  await expect
    .poll(async () => (await page.request.get('/api/user/me', { headers: { Authorization: `Bearer ${sessionToken}` } })).status())
    .toBe(401);

  await header.getByRole('link', { name: 'Login' }).click();
  const signIn = page.getByRole('form', { name: 'User sign in' });
  await signIn.getByLabel('Username').fill(username);
  await signIn.getByLabel('Password').fill('wrong-password');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await screenshot(page, 'login-error');

  // The email address signs in as well as the username does.
  await signIn.getByLabel('Username or email').fill(`${username}@example.com`);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  // The set-up was left unfinished, so signing in offers it again.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(header.getByText('Signed in as User')).toBeAttached();
  // Its first step on screen, as the member sees it before pressing Back: the URL changes before the router has
  // left Login (while the set-up's data loads), and Back from there would find the same Login still mounted.
  await expect(page.getByRole('heading', { level: 1, name: 'Add your photos' })).toBeVisible();

  // Back on Login while signed in (the back button, a bookmark): it says so and offers the way home.
  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('You are already signed in as User.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'login-already-signed-in-390');
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a member saves a copy of their data, then deletes their account from Settings on a phone, and it is gone', async ({ context, page, request }) => {
  const { username, password, token } = await registerMember(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((value) => window.localStorage.setItem('user_token', value), token);

  await page.goto('/profile');
  // A second tab of the same browser, left on Discover.
  const otherTab = await context.newPage();
  await otherTab.goto('/discover');
  await expect(otherTab.getByRole('banner').getByRole('button', { name: /, account menu$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();

  // First a copy of their data, saved by the browser as a file.
  const yourData = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Your data' });
  const [download] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toBe(`orbit-data-${username}.json`);
  const saved = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { username: string; email: string } };
  expect(saved.account).toMatchObject({ username, email: `${username}@example.com` });
  await expect(yourData.getByText(`Your data was saved as orbit-data-${username}.json.`)).toBeVisible();

  const section = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete my account...' }).click();
  const confirm = section.getByRole('form', { name: 'Delete account' });
  await expect(confirm.getByLabel('Password')).toBeFocused();
  await confirm.getByLabel('Password').fill('not-my-password');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByText('Current password is incorrect')).toBeVisible();
  await confirm.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page, 390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/delete-account-confirm-390.png' });

  await confirm.getByLabel('Password').fill(password);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('div[tabindex="-1"]').filter({ hasText: 'Your account has been deleted' })).toBeFocused();
  expect(await tokens(page)).toEqual({ user: null, admin: null });
  await expectNoAxeViolations(page);
  await screenshot(page, 'delete-account-done-390');
  // This page says it in its own words; only the other tab is told it was signed out, and why.
  await expect(otherTab.getByRole('status').filter({ hasText: 'You were signed out' })).toContainText('Your account has been deleted');
  await expect(page.getByText('You were signed out')).toHaveCount(0);
  await otherTab.close();

  // The account is gone on the server: the old password signs nobody in.
  const signIn = page.getByRole('form', { name: 'User sign in' });
  await signIn.getByLabel('Username').fill(username);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
});

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test("a member sees where they're signed in, signs out a lost phone, then every other device", async ({ browser, request }) => {
  const { username, password } = await registerMember(request);
  const signIn = async (userAgent: string) => {
    const response = await request.post('/api/auth/login', { data: { username, password }, headers: { 'user-agent': userAgent } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { token: string }).token;
  };
  const openPhone = async (userAgent: string, token: string) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent });
    const phonePage = await context.newPage();
    await phonePage.addInitScript((value) => window.localStorage.setItem('user_token', value), token);
    await phonePage.goto('/profile');
    await expect(phonePage.getByRole('heading', { level: 1 })).toContainText(username);
    return { context, page: phonePage };
  };
  const mine = await openPhone(ANDROID_CHROME, await signIn(ANDROID_CHROME));
  const lost = await openPhone(IPHONE_SAFARI, await signIn(IPHONE_SAFARI));
  await signIn(WINDOWS_FIREFOX);

  const { page } = mine;
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: "Where you're signed in" });
  const rows = section.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  // This phone first, then the most recently used (none used since signing in, so the newest); the registration was made by Playwright's own client.
  await expect(rows).toHaveText([
    /^Chrome on Android This devicePhone · Active now · Signed in today at /,
    /^Firefox on Windows Computer · Signed in today at /,
    /^Safari on iOS Phone · Signed in today at /,
    /^Playwright Signed in today at /,
  ]);
  await section.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await expect(section.getByText('Safari on iOS was signed out.')).toBeVisible();
  await expect(rows).toHaveCount(3);
  await section.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page, 390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/signed-in-devices-390.png' });

  // The lost phone is signed out at its next page.
  await lost.page.reload();
  await expect(lost.page.getByRole('status').filter({ hasText: 'You were signed out' })).toContainText(
    'This device was signed out from another one, please sign in again',
  );
  await expect(lost.page.getByRole('heading', { name: 'Sign in to see profiles' })).toBeVisible();
  expect(await tokens(lost.page)).toEqual({ user: null, admin: null });
  await lost.page.screenshot({ path: 'test-results/screens/signed-out-device-390.png', fullPage: true });

  await section.getByRole('button', { name: 'Sign out of other devices' }).click();
  await expect(section.getByText('Signed out of 2 other devices.')).toBeVisible();
  await expect(section.getByText("You aren't signed in anywhere else.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/sign-out-other-devices-390.png' });

  // This phone stays signed in.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  await Promise.all([mine.context.close(), lost.context.close()]);
});

test('the admin signs in on the Admin tab and lands on /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);

  await page.getByRole('tab', { name: 'Admin' }).click();
  const form = page.getByRole('form', { name: 'Admin sign in' });
  await form.getByLabel('Username').fill(ADMIN.username);
  await form.getByLabel('Password').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Sign in as Admin' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  const header = page.getByRole('banner');
  await expect(header.getByText('Signed in as Admin')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toBeVisible();
  expect((await tokens(page)).admin).toBeTruthy();
  await screenshot(page, 'signed-in-admin');
});

test('an unknown path shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every page has the header, the footer and the structured site metadata', async ({ page }) => {
  for (const path of ['/', '/features', '/users', '/blog', '/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    const footer = await scrollToFooter(page);
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
    await expect(footer.getByText('Privacy Policy')).toBeVisible();
  }
  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  const metadata = JSON.parse(jsonLd ?? '{}') as { '@type'?: string; publisher?: { '@type'?: string; logo?: unknown } };
  expect(metadata['@type']).toBe('WebSite');
  expect(metadata.publisher?.['@type']).toBe('Organization');
  expect(metadata.publisher?.logo).toBeTruthy();
});
