import { Secret, TOTP } from 'otpauth';
import { expect, test, type APIRequestContext, type APIResponse } from './support/test';
import { expectNoAxeViolations } from './support/layout';
import { newestEmailLink, outboxSubjects } from './support/outbox';

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

  // The link works once: opened again, the page says so before asking for anything.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used. Ask for a new one.');
  await expect(reset).toHaveCount(0);

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

test('an owner kept out by an authenticator someone else turned on gets back in with a reset that turns it off', async ({ page, request }) => {
  const member = await registerMember(request);
  // Someone holding the session and the password turns two-step verification on with their own authenticator.
  const headers = { Authorization: `Bearer ${member.token}` };
  const setup = await request.post('/api/auth/mfa/setup', { headers, data: { password: OLD_PASSWORD } });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  expect((await request.post('/api/auth/mfa/confirm', { headers, data: { code } })).status()).toBe(200);
  // The owner hears of it by email.
  await expect.poll(() => outboxSubjects(member.email)).toContain('Two-step verification is on for your Orbit account');

  // Their password now leads to a code they do not have.
  await page.goto('/login');
  const signIn = page.getByRole('form', { name: 'User sign in' });
  await signIn.getByLabel('Username').fill(member.username);
  await signIn.getByLabel('Password').fill(OLD_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('form', { name: 'Two-step verification' })).toBeVisible();

  // The reset link offers to turn it off, since it was turned on in the last days.
  expect((await request.post('/api/auth/forgot-password', { data: { email: member.email } })).status()).toBe(200);
  await expect.poll(() => newestEmailLink(member.email, '/reset-password')).toBeDefined();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(newestEmailLink(member.email, '/reset-password') ?? '');
  const reset = page.getByRole('form', { name: 'Choose a new password' });
  const turnOff = reset.getByRole('checkbox', { name: 'Also turn off two-step verification' });
  await expect(turnOff).not.toBeChecked();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/reset-turns-off-two-step-390.png' });
  await turnOff.check();
  await reset.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password was changed, two-step verification was turned off')).toBeVisible();
  await expect.poll(() => outboxSubjects(member.email)).toContain('Your Orbit password was reset and two-step verification turned off');

  // The new password alone signs the owner in.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn.getByLabel('Username').fill(member.username);
  await signIn.getByLabel('Password').fill(NEW_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByText('Signed in as User')).toBeAttached();
});

/**
 * Every request here comes from 127.0.0.1, which may sign in 30 times a
 * minute (the per-address limit, before any password is checked): an attempt
 * refused by that limit waits for its Retry-After and is made again, so the
 * answer is the account's.
 */
async function signInPastAddressLimit(context: APIRequestContext, username: string, password: string): Promise<APIResponse> {
  for (;;) {
    const answer = await context.post('/api/auth/login', { data: { username, password } });
    if (answer.status() !== 429 || !((await answer.text()).includes('Too many requests'))) return answer;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers()['retry-after'] ?? '5') * 1000));
  }
}

/** Waits, if need be, until 127.0.0.1 has `attempts` sign-in attempts left in its minute (the limiter's own headers). */
async function waitForSignInBudget(answer: APIResponse, attempts: number): Promise<void> {
  if (Number(answer.headers()['x-ratelimit-remaining'] ?? '0') >= attempts) return;
  await new Promise((resolve) => setTimeout(resolve, (Number(answer.headers()['x-ratelimit-reset'] ?? '60') + 1) * 1000));
}

test('an owner on a new browser, locked out by someone guessing their password, gets in through a sign-in link by email', async ({ page, request, playwright, baseURL }) => {
  // Thirty wrong passwords, and up to two waits for 127.0.0.1's minute of sign-in attempts to pass.
  test.setTimeout(180_000);
  const member = await registerMember(request);

  // Someone guesses from a browser of their own (no device cookie): 30 wrong passwords lock new browsers out for 15 minutes.
  const guesser = await playwright.request.newContext({ baseURL });
  for (let guess = 0; guess < 30; guess += 1) {
    expect((await signInPastAddressLimit(guesser, member.username, `wrong-guess-${guess}`)).status()).toBe(401);
  }
  // Now even the right password from a new browser is refused, with the offer of a link.
  const locked = await signInPastAddressLimit(guesser, member.username, OLD_PASSWORD);
  expect(locked.status()).toBe(429);
  expect(await locked.json()).toMatchObject({ code: 'sign-in-link-offered' });
  // The owner's attempt below must meet the account's lock, not 127.0.0.1's own limit.
  await waitForSignInBudget(locked, 2);

  // The owner, on a new browser, is refused with the right password and offered the link.
  await page.goto('/login');
  const signIn = page.getByRole('form', { name: 'User sign in' });
  await signIn.getByLabel('Username').fill(member.username);
  await signIn.getByLabel('Password').fill(OLD_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByRole('alert')).toHaveText(/^Too many wrong passwords for this account, please try again in \d+ minutes?$/);
  await expect(signIn.getByText('Is this your account? We can email you a link that lets this browser sign in now.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/sign-in-link-offer-1280.png' });
  await signIn.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(signIn.getByRole('status')).toHaveText(
    'If that username is an Orbit account, we have emailed its owner a link. Open it in this browser, then sign in with your password.',
  );

  // The link, opened in this browser, makes it one the account knows; it signs nobody in by itself.
  await expect.poll(() => newestEmailLink(member.email, '/sign-in-link')).toBeDefined();
  await page.goto(newestEmailLink(member.email, '/sign-in-link') ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in from this browser' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Use this browser' }).click();
  await expect(page.getByRole('status')).toHaveText('This browser can now sign in to your account. Sign in with your password.');
  await expect(page.getByRole('banner').getByText('Signed in as User')).not.toBeAttached();

  // Sign In leads to the form with the username filled in; the password signs in.
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByLabel('Username')).toHaveValue(member.username);
  await signIn.getByLabel('Password').fill(OLD_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByText('Signed in as User')).toBeAttached();

  // The guesser's browser stays locked out, the right password or not.
  const stillLocked = await signInPastAddressLimit(guesser, member.username, OLD_PASSWORD);
  expect(stillLocked.status()).toBe(429);
  await guesser.dispose();
});
