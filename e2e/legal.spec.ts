import { expect, test } from './support/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, scrollToFooter } from './support/layout';

// Issue 37: the footer's Privacy Policy, Terms of Service and Cookie Policy are
// real pages (finding 15), joining needs the newcomer's word that they are 18
// or over and accept the Terms (finding 15), and common passwords are refused
// with a strength meter to warn first (finding 3).

const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

function uniqueUsername(): string {
  return `legal_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e4)}`;
}

test('the footer opens the Privacy Policy, the Terms of Service and the Cookie Policy; the app-store entries stay inert', async ({ page }) => {
  await page.goto('/');
  for (const [name, path] of [
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
    ['Cookie Policy', '/cookies'],
  ] as const) {
    await (await scrollToFooter(page)).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Last updated: 27 November 2026')).toBeVisible();
    await expect(page).toHaveTitle(`${name} · Orbit`);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page, page.viewportSize()?.width ?? 1280, name);
  }
  const footer = await scrollToFooter(page);
  for (const entry of ['Google Play', 'App Store']) {
    await expect(footer.getByText(entry)).toBeVisible();
    await expect(footer.getByRole('link', { name: entry })).toHaveCount(0);
  }
});

test('registration needs the consent box, and a common password is rated weak and refused by the server', async ({ page }) => {
  const username = uniqueUsername();
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill('Lena');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password').fill('password');
  await form.getByLabel('Age').fill('29');
  await form.getByLabel('Gender').selectOption('female');

  // The meter's rules load on the first character typed, and rate this one weak.
  const meter = form.getByRole('meter', { name: 'Strength' });
  await expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
  await expect(form.getByText('Strength: Weak')).toBeVisible();

  // Without the box ticked nothing is sent.
  const consent = form.getByRole('checkbox', { name: 'I am 18 or over and I accept the Terms of Service and the Privacy Policy' });
  const registrations: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register')) registrations.push(request.method());
  });
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('You must be 18 or over and accept the Terms of Service and Privacy Policy to join')).toBeVisible();
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  expect(registrations).toEqual([]);

  // The consent's links open the pages beside the form, which keeps what was typed.
  const termsTab = page.waitForEvent('popup');
  await form.getByRole('link', { name: 'Terms of Service' }).click();
  const terms = await termsTab;
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await terms.close();
  await expect(form.getByLabel('Username')).toHaveValue(username);

  await consent.check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  // The server's refusal, in the form's error box.
  await expect(form.getByRole('alert')).toHaveText(TOO_COMMON);
  await expect(page).toHaveURL(/\/register$/);
  expect(registrations).toEqual(['POST']);

  await form.getByLabel('Password').fill('violet-kettle-harbour-92');
  await expect(meter).toHaveAttribute('aria-valuetext', 'Strong');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add your photos' })).toBeVisible();
  await expectNoAxeViolations(page);
});
