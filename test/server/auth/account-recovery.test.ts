import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountRecoveryResponseSchema,
  EMAIL_LINK_INVALID_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
} from '../../../contract/auth/account-recovery';
import { PASSWORD_CONTAINS_USERNAME } from '../../../contract/auth/password-policy';
import { meResponseSchema } from '../../../contract/members/profile';
import { emailTokens, users } from '../../../server/db/schema';
import { hashLinkToken } from '../../../server/auth/queries/link-tokens';
import { bearer, loginUser, registerUser } from '../helpers/accounts';
import { newestLinkToken, outboxMessages } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

const NEW_PASSWORD = 'a-brand-new-passphrase-77';
const TOO_MANY = /^Too many requests, please try again in \d+ seconds?$/;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const post = (url: string, payload?: object, token?: string) =>
  testApp.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), ...(token ? { headers: bearer(token) } : {}) });

/** Asks for a reset and waits for the email (sent after the answer). */
async function forgotPassword(email: string) {
  const response = await post('/api/auth/forgot-password', { email });
  await testApp.app.mailer.idle();
  return response;
}

function resetToken(email: string): string {
  const token = newestLinkToken(testApp.outboxDir, email, '/reset-password');
  if (!token) throw new Error(`no reset email to ${email}`);
  return token;
}

async function me(token: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return meResponseSchema.parse(response.json()).user;
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a known and an unknown address, and emails only the known one', async () => {
    const member = await registerUser(testApp.app);
    const unknown = `nobody_${Date.now()}@example.com`;

    const known = await forgotPassword(member.body.email);
    const missing = await forgotPassword(unknown);

    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.body).toBe(missing.body);
    expect(accountRecoveryResponseSchema.parse(known.json()).message).toBe(PASSWORD_RESET_REQUESTED_MESSAGE);
    expect(outboxMessages(testApp.outboxDir, unknown)).toEqual([]);
    const resets = outboxMessages(testApp.outboxDir, member.body.email).filter((message) => message.subject.includes('Reset'));
    expect(resets).toHaveLength(1);
    expect(resets[0]?.body).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  it('matches the address whatever its case and spacing', async () => {
    const member = await registerUser(testApp.app);
    await forgotPassword(`  ${member.body.email.toUpperCase()} `);
    expect(newestLinkToken(testApp.outboxDir, member.body.email, '/reset-password')).toBeDefined();
  });

  it('stores only a hash of the link token', async () => {
    const member = await registerUser(testApp.app);
    await forgotPassword(member.body.email);
    const token = resetToken(member.body.email);
    const rows = await testApp.db.select().from(emailTokens).where(eq(emailTokens.userId, member.user._id));
    const reset = rows.find((row) => row.purpose === 'password_reset');
    expect(reset?.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    // 30 minutes.
    expect((reset?.expiresAt.getTime() ?? 0) - (reset?.createdAt.getTime() ?? 0)).toBe(30 * 60_000);
  });

  it('sends no reset link for an admin account', async () => {
    const [admin] = await testApp.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).limit(1);
    expect(admin).toBeDefined();
    const response = await forgotPassword(admin?.email ?? '');
    expect(response.statusCode).toBe(200);
    expect(newestLinkToken(testApp.outboxDir, admin?.email ?? '', '/reset-password')).toBeUndefined();
  });

  it('refuses a malformed address with 400', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once, ends every session and lets the member sign in with it', async () => {
    const member = await registerUser(testApp.app);
    const otherDevice = await loginUser(testApp.app, member.body.username, member.body.password);
    await forgotPassword(member.body.email);
    const token = resetToken(member.body.email);

    const reset = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);

    // Every session ended, the one from registration and the other device's.
    for (const old of [member.token, otherDevice]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(old) });
      expect(response.statusCode).toBe(401);
    }
    const oldPassword = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: member.body.username, password: member.body.password } });
    expect(oldPassword.statusCode).toBe(401);
    const signedIn = await loginUser(testApp.app, member.body.username, NEW_PASSWORD);
    // Opening the link proved the address.
    expect((await me(signedIn)).emailVerified).toBe(true);

    const again = await post('/api/auth/reset-password', { token, password: 'yet-another-passphrase-88' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: EMAIL_LINK_INVALID_MESSAGE });
  });

  it('refuses a link older than 30 minutes', async () => {
    const member = await registerUser(testApp.app);
    await forgotPassword(member.body.email);
    const token = resetToken(member.body.email);
    await testApp.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashLinkToken(token)));

    const response = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: EMAIL_LINK_INVALID_MESSAGE });
    // The old password still works.
    await loginUser(testApp.app, member.body.username, member.body.password);
  });

  it('refuses an older link once a newer one was asked for', async () => {
    const member = await registerUser(testApp.app);
    await forgotPassword(member.body.email);
    const older = resetToken(member.body.email);
    await forgotPassword(member.body.email);
    const newer = resetToken(member.body.email);
    expect(newer).not.toBe(older);

    const stale = await post('/api/auth/reset-password', { token: older, password: NEW_PASSWORD });
    expect(stale.statusCode).toBe(400);
    const fresh = await post('/api/auth/reset-password', { token: newer, password: NEW_PASSWORD });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('refuses an unknown or malformed token, and a verification link, with the same 400', async () => {
    const member = await registerUser(testApp.app);
    await testApp.app.mailer.idle();
    const verificationToken = newestLinkToken(testApp.outboxDir, member.body.email, '/verify-email');
    expect(verificationToken).toBeDefined();
    for (const token of ['A'.repeat(43), 'short', verificationToken ?? '']) {
      const response = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(response.statusCode, token).toBe(400);
      // A malformed one is refused by the body's schema, which names the field first.
      expect(response.json<{ message: string }>().message).toContain(EMAIL_LINK_INVALID_MESSAGE);
    }
  });

  it('applies the password rules of registration and keeps the link for another try', async () => {
    const member = await registerUser(testApp.app);
    await forgotPassword(member.body.email);
    const token = resetToken(member.body.email);
    const weak = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    const withUsername = await post('/api/auth/reset-password', { token, password: `${member.body.username}-Blue-Kettle` });
    expect(withUsername.statusCode).toBe(400);
    expect(withUsername.json()).toMatchObject({ message: PASSWORD_CONTAINS_USERNAME });
    const good = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(good.statusCode, good.body).toBe(200);
  });
});

describe('email verification', () => {
  it('emails a link on registration; opening it marks the address verified', async () => {
    const member = await registerUser(testApp.app);
    expect(member.user.emailVerified).toBe(false);
    await testApp.app.mailer.idle();
    const token = newestLinkToken(testApp.outboxDir, member.body.email, '/verify-email');
    expect(token).toBeDefined();

    const response = await post('/api/auth/verify-email', { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: EMAIL_VERIFIED_MESSAGE });
    expect((await me(member.token)).emailVerified).toBe(true);

    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
  });

  it('does not verify an address the account no longer has', async () => {
    const member = await registerUser(testApp.app);
    await testApp.app.mailer.idle();
    const token = newestLinkToken(testApp.outboxDir, member.body.email, '/verify-email');
    await testApp.db.update(users).set({ email: `changed_${member.body.email}` }).where(eq(users.id, member.user._id));

    const response = await post('/api/auth/verify-email', { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: EMAIL_LINK_INVALID_MESSAGE });
    expect((await me(member.token)).emailVerified).toBe(false);
  });

  it('sends a new link on request, and the older one stops working', async () => {
    const member = await registerUser(testApp.app);
    await testApp.app.mailer.idle();
    const first = newestLinkToken(testApp.outboxDir, member.body.email, '/verify-email');

    const resend = await post('/api/auth/verify-email/resend', undefined, member.token);
    expect(resend.statusCode, resend.body).toBe(200);
    await testApp.app.mailer.idle();
    const second = newestLinkToken(testApp.outboxDir, member.body.email, '/verify-email');
    expect(second).not.toBe(first);

    expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    expect((await me(member.token)).emailVerified).toBe(true);
  });

  it('resend needs a signed-in member', async () => {
    expect((await post('/api/auth/verify-email/resend')).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits reset emails per address, whichever IP asks', async () => {
    const limited = await createTestApp({ rateLimits: { accountEmailPerAddress: { max: 2, windowMs: 60_000 } } });
    try {
      const member = await registerUser(limited.app);
      const ask = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: member.body.email }, remoteAddress });
      expect((await ask('10.0.0.1')).statusCode).toBe(200);
      expect((await ask('10.0.0.2')).statusCode).toBe(200);
      const third = await ask('10.0.0.3');
      expect(third.statusCode).toBe(429);
      expect(third.json<{ message: string }>().message).toMatch(TOO_MANY);
      // An address nobody uses is limited the same way: a 429 tells nothing about accounts.
      const nobody = `nobody_${Date.now()}@example.com`;
      const askNobody = () => limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: nobody } });
      expect((await askNobody()).statusCode).toBe(200);
      expect((await askNobody()).statusCode).toBe(200);
      expect((await askNobody()).statusCode).toBe(429);
      await limited.app.mailer.idle();
      expect(outboxMessages(limited.outboxDir, member.body.email).filter((message) => message.subject.includes('Reset'))).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('limits reset requests per IP, whatever the address; the outbox logs each link, never a password', async () => {
    const logLines: string[] = [];
    const limited = await createTestApp({
      rateLimits: { accountEmailPerIp: { max: 2, windowMs: 60_000 } },
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    });
    try {
      const member = await registerUser(limited.app);
      const ask = (email: string) => limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      expect((await ask(member.body.email)).statusCode).toBe(200);
      expect((await ask('someone_else@example.com')).statusCode).toBe(200);
      expect((await ask('a_third_one@example.com')).statusCode).toBe(429);

      await limited.app.mailer.idle();
      const token = newestLinkToken(limited.outboxDir, member.body.email, '/reset-password');
      const logged = logLines.join('\n');
      expect(logged).toContain(`Email written to the outbox: http://localhost:5002/reset-password?token=${token}`);
      expect(logged).not.toContain(member.body.email);
      expect(logged).not.toContain(member.body.password);
    } finally {
      await limited.close();
    }
  });
});
