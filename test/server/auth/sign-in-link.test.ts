// Issue 50, finding 9: wrong passwords from many addresses lock new browsers out of an account; its owner on a
// new browser proves control of the email with a sign-in link, which makes that browser a known device. The link
// never signs in by itself.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../../contract/auth/account-recovery';
import { INVALID_CREDENTIALS } from '../../../contract/auth/sign-in';
import {
  SIGN_IN_LINK_OFFERED_CODE,
  SIGN_IN_LINK_OPENED_MESSAGE,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_LINK_TTL_MINUTES,
} from '../../../contract/auth/sign-in-link';
import { emailTokens, users } from '../../../server/db/schema';
import { DEFAULT_RATE_LIMITS } from '../../../server/plugins/rate-limit';
import { registerUser, type RegisteredUser } from '../helpers/accounts';
import { newestLinkToken, outboxMessages } from '../helpers/outbox';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

const TOO_MANY_WRONG = /^Too many wrong passwords for this account, please try again in \d+ (seconds?|minutes?)$/;

let testApp: TestApp;
beforeAll(async () => {
  // The production allowances: the probe's 32 wrong passwords from 8 addresses, and three emails per username.
  const { signInFailuresPerAccount, adminSignInFailuresPerAccount, signInFailuresPerDevice, accountEmailPerAddress } = DEFAULT_RATE_LIMITS;
  testApp = await createTestApp({ rateLimits: { signInFailuresPerAccount, adminSignInFailuresPerAccount, signInFailuresPerDevice, accountEmailPerAddress } });
});
afterAll(async () => {
  await testApp?.close();
});

const login = (username: string, password: string, remoteAddress: string, cookies: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, cookies, payload: { username, password } });

async function askForLink(username: string, remoteAddress = '198.51.100.20') {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-in-link', remoteAddress, payload: { username } });
  await testApp.app.mailer.idle();
  return response;
}

const openLink = (token: string, cookies: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/sign-in-link/open', remoteAddress: '198.51.100.21', cookies, payload: { token } });

function linkFor(member: RegisteredUser): string {
  const token = newestLinkToken(testApp.outboxDir, member.body.email, '/sign-in-link');
  if (!token) throw new Error(`no sign-in link to ${member.body.email}`);
  return token;
}

/** 32 wrong passwords from 8 addresses, 4 each: new browsers are refused, whatever password they bring. */
async function lockOut(member: RegisteredUser) {
  for (let guess = 0; guess < 32; guess += 1) {
    const answer = await login(member.body.username, `wrong-guess-${guess}`, `203.0.113.${(guess % 8) + 1}`);
    // The allowance may end before the 32nd: a refused guess is a 429, never a check of the password.
    expect([401, 429]).toContain(answer.statusCode);
  }
}

describe('a sign-in link once new browsers are locked out (the probe\'s scenario)', () => {
  it('the 429 offers the link; the link makes a new browser known, which then signs in with the right password', async () => {
    const member = await registerUser(testApp.app);
    await lockOut(member);

    const refused = await login(member.body.username, member.body.password, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(TOO_MANY_WRONG) as unknown, code: SIGN_IN_LINK_OFFERED_CODE });

    const asked = await askForLink(member.body.username.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, message: SIGN_IN_LINK_SENT_MESSAGE });
    const [email] = outboxMessages(testApp.outboxDir, member.body.email).filter((message) => message.subject.includes('sign in'));
    expect(email?.body).toContain(`The link works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes.`);

    // Opening the link signs nobody in: no token, only this browser's device cookie.
    const opened = await openLink(linkFor(member));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ success: true, message: SIGN_IN_LINK_OPENED_MESSAGE, username: member.body.username });
    expect(opened.headers['cache-control']).toBe('no-store');
    const device = opened.cookies.find((cookie) => cookie.name === 'orbit_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

    // That browser is judged by its own failures: a typo is a 401, the right password signs in.
    expect((await login(member.body.username, 'a-typo-here', '198.51.100.9', { orbit_device: device?.value ?? '' })).json()).toEqual({
      success: false,
      message: INVALID_CREDENTIALS,
    });
    const signedIn = await login(member.body.username, member.body.password, '198.51.100.9', { orbit_device: device?.value ?? '' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ success: true, token: expect.any(String) as unknown });

    // Any other new browser is still refused, and the link opens once.
    expect((await login(member.body.username, member.body.password, '203.0.113.99')).statusCode).toBe(429);
    const again = await openLink(linkFor(member));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: EMAIL_LINK_INVALID_MESSAGE });
  });

  it('answers the same for an unknown username, an admin and a member, and emails only the member', async () => {
    const member = await registerUser(testApp.app);
    const signInLinks = () => outboxMessages(testApp.outboxDir).filter((message) => message.subject.includes('sign in'));
    const before = signInLinks().length;
    const unknown = await askForLink(`nobody_${Date.now()}`, '198.51.100.30');
    const admin = await askForLink(TEST_ADMIN.username, '198.51.100.31');
    expect(unknown.json()).toEqual({ success: true, message: SIGN_IN_LINK_SENT_MESSAGE });
    expect(admin.json()).toEqual({ success: true, message: SIGN_IN_LINK_SENT_MESSAGE });
    expect(signInLinks()).toHaveLength(before);
    // A refused username that names no account gets the same offer as one that does.
    const name = `ghost_${Date.now()}`;
    for (let guess = 0; guess < 32; guess += 1) await login(name, `wrong-guess-${guess}`, `203.0.113.${(guess % 8) + 1}`);
    expect((await login(name, 'anything-at-all', '198.51.100.9')).json()).toMatchObject({ code: SIGN_IN_LINK_OFFERED_CODE });
    expect((await askForLink(member.body.username, '198.51.100.32')).statusCode).toBe(200);
    expect(signInLinks()).toHaveLength(before + 1);
    expect(signInLinks().at(-1)?.to).toBe(member.body.email);
  });

  it('works for 15 minutes, only the newest link works, and a link sent to an address the account no longer has proves nothing', async () => {
    const member = await registerUser(testApp.app);
    await askForLink(member.body.username, '198.51.100.40');
    const first = linkFor(member);
    const [row] = await testApp.db.select().from(emailTokens).where(and(eq(emailTokens.purpose, 'sign_in'), eq(emailTokens.email, member.body.email)));
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SIGN_IN_LINK_TTL_MINUTES * 60_000);

    await askForLink(member.body.username, '198.51.100.41');
    const second = linkFor(member);
    expect((await openLink(first)).statusCode).toBe(400);

    // Expired: the row's end moved into the past.
    await testApp.db.execute(sql`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'sign_in' and email = ${member.body.email}`);
    expect((await openLink(second)).json()).toEqual({ success: false, message: EMAIL_LINK_INVALID_MESSAGE });

    await askForLink(member.body.username, '198.51.100.42');
    const third = linkFor(member);
    await testApp.db.update(users).set({ email: `moved_${Date.now()}@example.com` }).where(eq(users.id, member.user._id));
    const moved = await openLink(third);
    expect(moved.statusCode).toBe(400);
    expect(moved.cookies).toEqual([]);
  });

  it('refuses what cannot be a link of ours with a clear 400, and a flood of requests for one username with a 429', async () => {
    const malformed = await openLink('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, message: expect.stringContaining(EMAIL_LINK_INVALID_MESSAGE) as unknown });
    expect((await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-in-link', payload: {} })).statusCode).toBe(400);

    const member = await registerUser(testApp.app);
    const { max } = DEFAULT_RATE_LIMITS.accountEmailPerAddress;
    for (let request = 0; request < max; request += 1) expect((await askForLink(member.body.username, `198.51.100.${50 + request}`)).statusCode).toBe(200);
    expect((await askForLink(member.body.username, '198.51.100.60')).statusCode).toBe(429);
  });
});
