import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';

// Member safety end to end: a member reports and blocks someone from their
// profile, the two stop seeing each other, the member unblocks them from
// Settings, and an operator resolves the report in the admin queue.

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Nobody seeded is 97, so this Discover filter shows exactly the people made here. */
const ONLY_THEM = '/users?minAge=97&maxAge=97';

interface Member {
  id: string;
  token: string;
  name: string;
}

async function registerMember(request: APIRequestContext, prefix: string, name: string): Promise<Member> {
  const username = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', age: 97, gender: 'female', acceptTerms: true },
  });
  expect(registered.status()).toBe(201);
  const { token, user } = (await registered.json()) as { token: string; user: { _id: string } };
  const named = await request.patch('/api/user/me', { headers: { Authorization: `Bearer ${token}` }, data: { name } });
  expect(named.ok()).toBe(true);
  return { id: user._id, token, name };
}

async function pageFor(browser: Browser, storageKey: 'user_token' | 'admin_token', token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [storageKey, token] as const);
  return context.newPage();
}

test('a member reports and blocks someone, unblocks them later, and an operator resolves the report', async ({ browser, request }) => {
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const reporter = await registerMember(request, 'e2e_reporter', `Riya Reporter ${suffix}`);
  const reported = await registerMember(request, 'e2e_reported', `Tara Target ${suffix}`);
  const page = await pageFor(browser, 'user_token', reporter.token);

  await page.goto(ONLY_THEM);
  await expect(page.getByRole('heading', { name: new RegExp(reported.name) })).toBeVisible();

  await page.goto(`/profile/${reported.id}`);
  await page.getByRole('button', { name: 'Report or block' }).click();
  const dialog = page.getByRole('dialog', { name: `Report or block ${reported.name}` });
  await expect(dialog.getByText(`${reported.name} won't know.`)).toBeVisible();
  await dialog.getByRole('button', { name: `Report ${reported.name}` }).click();
  await dialog.getByRole('radio', { name: 'Harassment, threats or hate' }).check();
  await dialog.getByLabel('Tell us more (optional)').fill('Kept messaging after I said no.');
  await expect(dialog.getByRole('checkbox', { name: `Also block ${reported.name}` })).toBeChecked();
  for (const [viewport, width] of [[PHONE, 390], [DESKTOP, 1280]] as const) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page, width);
    await page.screenshot({ path: `test-results/screens/safety-report-dialog-${width}.png` });
  }
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send report' }).click();

  // Straight to Discover, with the server's message focused; the person is gone from it.
  await expect(page).toHaveURL(/\/users$/);
  const thanks = `Thanks for telling us. Our team will review your report. You won't see ${reported.name} again.`;
  await expect(page.getByText(thanks)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/safety-after-block-1280.png' });
  await page.goto(ONLY_THEM);
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await expect(page.getByText(/people found|No users found/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(reported.name) })).toHaveCount(0);

  // Both ways: the blocked person cannot open the reporter's profile either.
  const theirView = await request.get(`/api/user/${reporter.id}`, { headers: { Authorization: `Bearer ${reported.token}` } });
  expect(theirView.status()).toBe(404);

  // Settings lists the block; Unblock brings the person back to Discover.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('heading', { name: 'Blocked people' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/safety-blocked-people-1280.png' });
  await settings.getByRole('button', { name: `Unblock ${reported.name}` }).click();
  await expect(settings.getByText(`You unblocked ${reported.name}.`)).toBeVisible();
  await expect(settings.getByText("You haven't blocked anyone.")).toBeVisible();
  await page.goto(ONLY_THEM);
  await expect(page.getByRole('heading', { name: new RegExp(reported.name) })).toBeVisible();
  await page.context().close();

  // The operator's queue: the report with its reason and words; Resolve moves it to Resolved.
  const login = await request.post('/api/admin/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const admin = await pageFor(browser, 'admin_token', ((await login.json()) as { token: string }).token);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: /Member Reports/ }).click();
  await expect(admin).toHaveURL(/\/admin\/reports$/);
  const row = admin.getByRole('row').filter({ hasText: reported.name });
  await expect(row).toContainText('Harassment, threats or hate');
  await expect(row).toContainText('Kept messaging after I said no.');
  await expect(row).toContainText(reporter.name);
  await admin.screenshot({ path: 'test-results/screens/safety-admin-reports-1280.png', fullPage: true });
  await row.getByRole('button', { name: `Resolve report about ${reported.name}` }).click();
  await expect(admin.getByText('Report resolved')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: reported.name })).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('resolved');
  await expect(admin.getByRole('row').filter({ hasText: reported.name })).toContainText('Resolved');
  await admin.context().close();
});

test('a member blocks a match from the Matches card, on a phone, and their chat offers it too', async ({ browser, request }) => {
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const member = await registerMember(request, 'e2e_matcher', `Mira Member ${suffix}`);
  const match = await registerMember(request, 'e2e_matched', `Omar Match ${suffix}`);
  for (const [from, to] of [[member, match], [match, member]] as const) {
    const liked = await request.post('/api/users/like', { headers: { Authorization: `Bearer ${from.token}` }, data: { targetId: to.id } });
    expect(liked.ok()).toBe(true);
  }
  const page = await pageFor(browser, 'user_token', member.token);
  await page.setViewportSize(PHONE);

  // Their chat offers the same on a phone behind the conversation's options, beside Unmatch (issue 51).
  await page.goto(`/messages?with=${match.id}`);
  const chat = page.getByRole('region', { name: `Chat with ${match.name}` });
  await expect(chat.getByRole('button', { name: `Report or block ${match.name}` })).toBeHidden();
  await chat.getByRole('button', { name: `Options for the chat with ${match.name}` }).click();
  await expect(chat.getByRole('button', { name: 'Report or block' })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Unmatch' })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await page.screenshot({ path: 'test-results/screens/safety-chat-header-390.png' });

  await page.goto('/match');
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${match.name}`) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report or block' })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await page.screenshot({ path: 'test-results/screens/safety-matches-card-390.png', fullPage: true });

  await page.getByRole('button', { name: 'Report or block' }).click();
  const dialog = page.getByRole('dialog', { name: `Report or block ${match.name}` });
  await dialog.getByRole('button', { name: `Block ${match.name}` }).click();
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();

  // The notice takes focus, so a screen reader says why the card changed.
  await expect(page.locator('div[tabindex="-1"]').filter({ hasText: `You blocked ${match.name}.` })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'No Matches Yet' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/safety-matches-blocked-390.png', fullPage: true });

  // The match is over on the server too: a reload does not bring them back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No Matches Yet' })).toBeVisible();
  await page.context().close();
});
