import { expect, test, type APIRequestContext } from './support/test';
import { expectNoAxeViolations } from './support/layout';
import { newestEmailLink } from './support/outbox';

const OLD_PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'Moonlit-Harbour-Kettle-42';

/** A new member, registered through the API, past the guided set-up. */
async function registerMember(request: APIRequestContext) {
  const username = `e2e_reset_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { username, email, password: OLD_PASSWORD, age: 30, gender: 'female', acceptTerms: true },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const setUp = await request.patch('/api/user/me', { headers: { Authorization: `Bearer ${token}` }, data: { onboardingCompleted: true } });
  expect(setUp.ok()).toBe(true);
  return { username, email, token };
}

test('a member who forgot their password resets it through the emailed link and signs in with the new one', async ({ page, request }) => {
  const member = await registerMember(request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByRole('form', { name: 'Reset your password' });
  await form.getByLabel('Email').fill(member.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account uses that address, we have sent it a link to reset the password.' })).toBeVisible();

  // The server has no SMTP here: the email is an .eml file in its outbox.
  await expect.poll(() => newestEmailLink(member.email, '/reset-password')).toBeDefined();
  const link = newestEmailLink(member.email, '/reset-password') ?? '';
  await page.goto(link);

  const reset = page.getByRole('form', { name: 'Choose a new password' });
  await reset.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel('Confirm new password').fill('not-the-same-password');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(reset.getByText('The passwords do not match')).toBeVisible();
  await reset.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Every session ended, the one from registration too.
  expect((await request.get('/api/user/me', { headers: { Authorization: `Bearer ${member.token}` } })).status()).toBe(401);

  // The link works once.
  await page.goto(link);
  await reset.getByLabel('New password', { exact: true }).fill('Another-Fresh-Passphrase-9');
  await reset.getByLabel('Confirm new password').fill('Another-Fresh-Passphrase-9');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used. Ask for a new one.');

  await page.goto('/login');
  const signIn = page.getByRole('form', { name: 'User sign in' });
  await signIn.getByLabel('Username').fill(member.username);
  await signIn.getByLabel('Password').fill(OLD_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');

  await signIn.getByLabel('Password').fill(NEW_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByText('Signed in as User')).toBeAttached();
});

test('a new member verifies their email address from the link sent at sign-up', async ({ page, request }) => {
  const member = await registerMember(request);
  await expect.poll(() => newestEmailLink(member.email, '/verify-email')).toBeDefined();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(newestEmailLink(member.email, '/verify-email') ?? '');
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is verified.' })).toBeVisible();

  const me = await request.get('/api/user/me', { headers: { Authorization: `Bearer ${member.token}` } });
  expect(((await me.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
});
