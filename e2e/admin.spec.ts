import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { edgeShades, expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

function unique(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function screenshot(page: Page, name: string) {
  // The sticky header would be drawn mid-page in a full-page shot of a scrolled page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/admin-${name}.png`, fullPage: true });
}

/** Signs the admin in through the API and stores the token as the login screen would. */
async function signInAsAdmin(page: Page, request: APIRequestContext) {
  const response = await request.post('/api/admin/login', { data: ADMIN });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('admin_token', value), token);
}

async function registerMember(request: APIRequestContext) {
  const username = unique('e2e_member');
  const password = 'correct-horse-battery';
  const response = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password, age: 28, gender: 'female', acceptTerms: true },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { username, password, token };
}

/** The member's own browser, signed in with their token, open at `path`. */
async function openMemberBrowser(browser: Browser, token: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('user_token', value), token);
  await page.goto(path);
  return { context, page };
}

/** Manage Users searched for one member: the page's main region and that member's row. */
async function findInManageUsers(page: Page, username: string) {
  await page.goto('/admin/users');
  const main = page.getByRole('main');
  await main.getByRole('searchbox', { name: 'Search' }).fill(username);
  await main.getByRole('button', { name: 'Search' }).click();
  return { main, row: main.getByRole('row', { name: new RegExp(username) }) };
}

test('the admin signs in on the Admin tab and sees the dashboard; every quick action opens its screen', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('tab', { name: 'Admin' }).click();
  const form = page.getByRole('form', { name: 'Admin sign in' });
  await form.getByLabel('Username').fill(ADMIN.username);
  await form.getByLabel('Password').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Sign in as Admin' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(main.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await expect(main.getByText('Total Users')).toBeVisible();
  // Seeded demo data: hundreds of people and purchases today.
  await expect(main.getByText('Revenue Today').locator('..')).toContainText('$');
  await expect(main.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(main.getByText('Loading recent activity…')).toHaveCount(0);
  await screenshot(page, 'dashboard-1280');
  await expectNoAxeViolations(page);

  for (const [action, heading] of [
    ['Manage Users', 'Manage Users'],
    ['Withdrawals', 'Withdrawals'],
    ['Store Catalogue', 'Store Catalogue'],
    ['Settings', 'Settings'],
  ] as const) {
    await main.getByRole('link', { name: new RegExp(`^${action}`) }).click();
    await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await main.getByRole('link', { name: /Dashboard/ }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  }
  await main.getByRole('link', { name: /^Content Manager/ }).click();
  await expect(main.getByRole('tab', { name: 'Content Manager' })).toHaveAttribute('aria-selected', 'true');

  await page.setViewportSize(PHONE);
  await main.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(main.getByText('Total Users')).toBeVisible();
  await expectNoSidewaysScroll(page, PHONE.width);
  await screenshot(page, 'dashboard-390');
});

test('editing the hero title in the Content Manager shows it on Home', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin?tab=content&section=home');
  const form = page.getByRole('form', { name: 'Home page content' });
  const heroField = form.getByLabel('Hero title');
  await expect(heroField).not.toHaveValue('');
  const original = await heroField.inputValue();
  const title = `Orbit e2e headline ${Date.now().toString(36)}`;
  await heroField.fill(title);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Home page content updated successfully!');
  await screenshot(page, 'content-home-1280');
  await expectNoAxeViolations(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Put the seeded headline back: other journeys read the Home page as a visitor sees it.
  await page.goto('/admin?tab=content&section=home');
  await form.getByLabel('Hero title').fill(original);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Home page content updated successfully!');
});

test('a draft post stays off /blog until published, then is deleted', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin?tab=content&section=blog');
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Blog posts' })).toBeVisible();
  await expect(main.getByText(/Showing page 1 of \d+/)).toBeVisible();
  await screenshot(page, 'content-blog-1280');
  await expectNoAxeViolations(page);

  const title = `E2E draft ${Date.now().toString(36)}`;
  await main.getByRole('button', { name: 'Add New Post' }).click();
  const editor = main.getByRole('form', { name: 'Add New Post' });
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Excerpt').fill('A post written by the browser test.');
  await editor.getByLabel('Content (HTML)').fill('<p>Hello from the <strong>admin</strong>.</p>');
  await editor.getByLabel('Author').fill('E2E Bot');
  await editor.getByLabel('Tags').fill(' e2e , , drafts ');
  await editor.getByLabel('Published').uncheck();
  await screenshot(page, 'content-blog-form-1280');
  await editor.getByRole('button', { name: 'Create Post' }).click();
  await expect(main.getByRole('status').filter({ hasText: /created/i })).toBeVisible();
  await expect(main.getByRole('row', { name: new RegExp(title) })).toContainText('Draft');

  await page.goto('/blog');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  await page.goto('/admin?tab=content&section=blog');
  await main.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = main.getByRole('form', { name: 'Edit Post' });
  await expect(edit.getByLabel('Tags')).toHaveValue('e2e, drafts');
  await edit.getByLabel('Published').check();
  await edit.getByRole('button', { name: 'Update Post' }).click();
  await expect(main.getByRole('row', { name: new RegExp(title) })).toContainText('Published');

  await page.goto('/blog');
  await expect(page.getByText(title).first()).toBeVisible();

  await page.goto('/admin?tab=content&section=blog');
  await main.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this blog post?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(main.getByRole('status').filter({ hasText: /deleted/i })).toBeVisible();
  await expect(main.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  await page.goto('/blog');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});

test('a banned member is told why on their open page and when signing in, and can sign in again once unbanned', async ({ page, request, browser }) => {
  const member = await registerMember(request);
  // The member has Orbit open in their own browser.
  const { context: memberContext, page: memberPage } = await openMemberBrowser(browser, member.token, '/profile');
  await expect(memberPage.getByRole('heading', { level: 1 })).toContainText(member.username);

  await signInAsAdmin(page, request);
  const { main, row } = await findInManageUsers(page, member.username);
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Ban ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${member.username}` });
  await dialog.getByRole('button', { name: 'Ban user' }).click();
  await expect(dialog.getByText('A reason is required to ban a user')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Repeated spam messages');
  await expect(dialog.getByText('A reason is required to ban a user')).toBeHidden();
  await screenshot(page, 'users-ban-dialog-1280');
  await dialog.getByRole('button', { name: 'Ban user' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Banned');
  await expect(row).toContainText('Repeated spam messages');

  // Their open page hears it at once (the server closes its realtime connection), and says why.
  await expect(memberPage.getByRole('status').filter({ hasText: 'You were signed out' })).toContainText(
    'Your account has been banned: Repeated spam messages',
  );

  await memberPage.goto('/login');
  const signIn = memberPage.getByRole('form', { name: 'User sign in' });
  await signIn.getByLabel('Username').fill(member.username);
  await signIn.getByLabel('Password').fill(member.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(memberPage.getByRole('alert')).toHaveText('Your account has been banned: Repeated spam messages');

  await row.getByRole('button', { name: `Unban ${member.username}` }).click();
  await expect(row).toContainText('Active');
  await expect(main.getByRole('status')).toContainText(`${member.username} has been unbanned`);

  await signIn.getByRole('button', { name: 'Sign In' }).click();
  // A member registered through the API has not been through the set-up, so signing in offers it.
  await expect(memberPage).toHaveURL(/\/onboarding$/);
  await memberContext.close();
});

test("an admin grants a member coins with a reason: the member's open page shows them at once, and the ledger and audit keep why", async ({ page, request, browser }) => {
  const member = await registerMember(request);
  // The member has Orbit's Coins page open in their own browser.
  const { context: memberContext, page: memberPage } = await openMemberBrowser(browser, member.token, '/coins');
  const memberBalance = memberPage.getByRole('complementary', { name: 'Your balance' });
  await expect(memberBalance).toContainText('0coins');
  await expect(memberPage.getByRole('region', { name: 'Coin History' })).toContainText('No coin history yet');

  await signInAsAdmin(page, request);
  const { row } = await findInManageUsers(page, member.username);
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await row.getByRole('button', { name: `Coins of ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: /^Coins of / });
  await expect(dialog).toContainText(`@${member.username} holds 0 coins`);
  await expect(dialog).toContainText('has no coin history yet');
  await dialog.getByLabel('Coins', { exact: true }).fill('300');
  await dialog.getByLabel('Reason', { exact: false }).fill('Welcome gift from support');
  await dialog.getByRole('button', { name: 'Grant coins' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Granted' }).first()).toContainText(`Granted 300 coins to ${member.username}; balance 300 coins`);
  await expect(dialog.getByRole('cell', { name: 'Granted: Welcome gift from support' })).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('300');

  // The member's open page hears of it over the realtime channel: no reload. Their history says why.
  await expect(memberBalance).toContainText('300coins', { timeout: 2_000 });
  await expect(memberPage.getByRole('region', { name: 'Coin History' })).toContainText('Granted by Orbit: Welcome gift from support');
  await expectNoAxeViolations(memberPage);

  // Taking more than they hold is refused inside the dialog, and nothing moves.
  await dialog.getByLabel('Change').selectOption('take');
  await dialog.getByLabel('Coins', { exact: true }).fill('301');
  await dialog.getByLabel('Reason', { exact: false }).fill('Mistake');
  await dialog.getByRole('button', { name: 'Take coins' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Not enough coins');
  await expect(dialog).toContainText('holds 300 coins');
  await expectNoAxeViolations(page);
  await screenshot(page, 'users-coins-dialog-1280');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(memberBalance).toContainText('300coins');
  await memberContext.close();

  // The dashboard's recent activity names the grant and its reason.
  await page.goto('/admin');
  await expect(page.getByRole('main')).toContainText(`granted coins to ${member.username}`);
  await expect(page.getByRole('main')).toContainText('300 coins: Welcome gift from support');
});

test('one withdrawal is approved and another rejected; decided rows cannot be decided again', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin/withdrawals?status=pending');
  const main = page.getByRole('main');
  const approveButtons = main.getByRole('button', { name: /^Approve withdrawal of / });
  await expect(approveButtons.first()).toBeVisible();
  const pendingBefore = await approveButtons.count();
  expect(pendingBefore).toBeGreaterThanOrEqual(2);
  await screenshot(page, 'withdrawals-1280');
  await expectNoAxeViolations(page);

  const firstLabel = (await approveButtons.nth(0).getAttribute('aria-label')) ?? '';
  const firstMember = firstLabel.replace('Approve withdrawal of ', '');
  await approveButtons.nth(0).click();
  const approve = page.getByRole('dialog', { name: 'Approve withdrawal' });
  await approve.getByLabel('Transaction id').fill('PAYPAL-E2E-001');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  const approvedRow = main.getByRole('row').filter({ hasText: 'PAYPAL-E2E-001' });
  await expect(approvedRow).toContainText('Approved');
  await expect(approvedRow).toContainText(firstMember);
  await expect(approvedRow.getByRole('button')).toHaveCount(0);

  const rejectButton = main.getByRole('button', { name: /^Reject withdrawal of / }).first();
  const rejectedMember = ((await rejectButton.getAttribute('aria-label')) ?? '').replace('Reject withdrawal of ', '');
  await rejectButton.click();
  const reject = page.getByRole('dialog', { name: 'Reject withdrawal' });
  await reject.getByLabel('Reason').fill('Payout name does not match the account');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  const rejectedRow = main.getByRole('row').filter({ hasText: 'Payout name does not match the account' });
  await expect(rejectedRow).toContainText('Rejected');
  await expect(rejectedRow).toContainText(rejectedMember);
  await expect(rejectedRow.getByRole('button')).toHaveCount(0);

  // The server agrees: a second decision on the approved one is refused.
  await page.reload();
  await expect(main.getByRole('button', { name: /^Approve withdrawal of / })).toHaveCount(pendingBefore - 2);
});

test('a coin pack created in the catalogue is sold by the store, hidden when inactive, and deleted after confirmation', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin/catalogue?tab=coinPacks');
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Coin Packs' })).toContainText('Starter Pack');
  const name = `E2E Pack ${Date.now().toString(36)}`;
  const storeNames = async () =>
    ((await (await request.get('/api/store/coinpacks')).json()) as { coinPacks: Array<{ name: string }> }).coinPacks.map((pack) => pack.name);

  await main.getByRole('button', { name: 'Add coin pack' }).click();
  const add = page.getByRole('dialog', { name: 'Add coin pack' });
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Coins').fill('0');
  await add.getByLabel('Price', { exact: true }).fill('3.49');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Coins must be a positive whole number')).toBeVisible();
  await add.getByLabel('Coins').fill('750');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(main.getByRole('row', { name: new RegExp(name) })).toContainText('$3.49');
  expect(await storeNames()).toContain(name);

  await main.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit coin pack' });
  await edit.getByLabel('Active (on sale)').uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByRole('row', { name: new RegExp(name) })).toContainText('Hidden');
  expect(await storeNames()).not.toContain(name);

  await main.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete coin pack' });
  await expect(confirm).toContainText(`Are you sure you want to delete the coin pack "${name}"?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(main.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await expect(main.getByRole('status')).toContainText(`Coin pack "${name}" deleted`);
});

test('admin screens at 390 px: tables scroll inside themselves, no axe violations', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.setViewportSize(PHONE);
  const main = page.getByRole('main');
  const screens = [
    { path: '/admin/users', name: 'users', ready: main.getByRole('region', { name: 'Users' }) },
    { path: '/admin/withdrawals', name: 'withdrawals', ready: main.getByRole('region', { name: 'Withdrawals' }) },
    { path: '/admin/catalogue?tab=vipPlans', name: 'catalogue', ready: main.getByRole('region', { name: 'VIP Plans' }) },
    { path: '/admin/settings', name: 'settings', ready: main.getByLabel('App name') },
    { path: '/admin/reports', name: 'reports', ready: main.getByRole('heading', { level: 1, name: 'Member reports' }) },
    { path: '/admin?tab=content&section=blog', name: 'content-blog', ready: main.getByRole('region', { name: 'Blog posts' }) },
    { path: '/admin?tab=content&section=home', name: 'content-home', ready: main.getByRole('form', { name: 'Home page content' }) },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(screen.ready).toBeVisible();
    await expectNoSidewaysScroll(page, PHONE.width);
    await screenshot(page, `${screen.name}-390`);
    await expectNoAxeViolations(page);
  }

  // The users table is wider than a phone: it scrolls within its own region,
  // and a shade on the edge with more to see says so (Ban and Make VIP start off screen).
  await page.goto('/admin/users');
  const table = main.getByRole('region', { name: 'Users' });
  const overflow = await table.evaluate((region) => ({ scroll: region.scrollWidth, client: region.clientWidth }));
  expect(overflow.scroll).toBeGreaterThan(overflow.client);
  const atStart = await edgeShades(page, table);
  expect(atStart.right, 'a shade on the right while the actions are off screen').toBeGreaterThan(12);
  expect(atStart.left, 'no shade on the left at the start').toBeLessThan(3);
  await table.evaluate((region) => region.scrollTo({ left: region.scrollWidth }));
  await expect(table.getByRole('button', { name: /^Ban / }).first()).toBeInViewport();
  const atEnd = await edgeShades(page, table);
  expect(atEnd.left, 'a shade on the left once scrolled').toBeGreaterThan(12);
  expect(atEnd.right, 'no shade on the right at the end').toBeLessThan(3);
  await table.screenshot({ path: 'test-results/screens/admin-users-table-scrolled-390.png' });
  await table.evaluate((region) => region.scrollTo({ left: 0 }));
  await table.screenshot({ path: 'test-results/screens/admin-users-table-start-390.png' });
  await expectNoSidewaysScroll(page, PHONE.width);

  await page.setViewportSize(DESKTOP);
  for (const screen of screens.slice(0, 4)) {
    await page.goto(screen.path);
    await expect(screen.ready).toBeVisible();
    await screenshot(page, `${screen.name}-1280`);
  }
});
