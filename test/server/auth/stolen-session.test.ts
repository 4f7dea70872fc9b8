import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_LINK_INVALID_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_DONE_TWO_STEP_OFF_MESSAGE,
  TWO_STEP_RESET_WINDOW_DAYS,
  TWO_STEP_TOO_OLD_TO_RESET,
} from '../../../contract/auth/account-recovery';
import { MFA_TOO_MANY_CODES } from '../../../contract/auth/mfa';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/auth/sign-in';
import { users } from '../../../server/db/schema';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { authenticatorCode, enrolMember } from '../helpers/authenticator';
import { newestLinkToken, outboxMessages } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 50, finding 2: with only a session token, a thief turned on two-step
 * verification with their own authenticator and kept the owner out for good,
 * even after a password reset. Now setting it up asks the password, the owner
 * hears of every change by email, and a reset by email can undo one made
 * within TWO_STEP_RESET_WINDOW_DAYS.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const post = (url: string, payload: object, token?: string) => testApp.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const DAY_MS = 24 * 60 * 60 * 1000;

async function mailTo(member: RegisteredUser) {
  await testApp.app.mailer.idle();
  return outboxMessages(testApp.outboxDir, member.body.email);
}

async function resetLinkOf(member: RegisteredUser): Promise<string> {
  expect((await post('/api/auth/forgot-password', { email: member.body.email })).statusCode).toBe(200);
  await testApp.app.mailer.idle();
  const token = newestLinkToken(testApp.outboxDir, member.body.email, '/reset-password');
  if (!token) throw new Error('no reset email');
  return token;
}

/** Moves the moment two-step verification was turned on into the past, as if it were `daysAgo` old. */
async function turnedOnDaysAgo(member: RegisteredUser, daysAgo: number): Promise<void> {
  await testApp.db.update(users).set({ totpEnabledAt: new Date(Date.now() - daysAgo * DAY_MS) }).where(eq(users.id, member.user._id));
}

const signIn = (member: RegisteredUser, password: string) => post('/api/auth/login', { username: member.body.username, password });

describe('a stolen session alone cannot put an authenticator on the account', () => {
  it('asks the current password before setting up, and counts wrong ones like wrong codes', async () => {
    const member = await registerUser(testApp.app);
    const none = await testApp.app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers: bearer(member.token) });
    expect(none.statusCode).toBe(400);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await post('/api/auth/mfa/setup', { password: `not-it-${attempt}-Qx` }, member.token);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: CURRENT_PASSWORD_INCORRECT });
    }
    // Past the allowance even the right password waits: a thief cannot guess it here.
    const blocked = await post('/api/auth/mfa/setup', { password: member.body.password }, member.token);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: MFA_TOO_MANY_CODES });
    const [row] = await testApp.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, member.user._id));
    expect(row?.totpSecret).toBeNull();
  });

  it('tells the owner by email when two-step verification is turned on and off, with the way back in', async () => {
    const member = await registerUser(testApp.app);
    const { secret } = await enrolMember(testApp.app, member);
    const [on] = (await mailTo(member)).filter((message) => message.subject === 'Two-step verification is on for your Orbit account');
    expect(on?.body).toContain(`Hello ${member.body.username},`);
    expect(on?.body).toMatch(/https?:\/\/\S+\/forgot-password/);
    expect(on?.body).toContain(`Within ${TWO_STEP_RESET_WINDOW_DAYS} days, the reset can also turn two-step verification off`);
    expect(on?.body).not.toContain(secret);

    const off = await post('/api/auth/mfa/disable', { password: member.body.password, code: authenticatorCode(secret) }, member.token);
    expect(off.statusCode, off.body).toBe(200);
    const offMail = (await mailTo(member)).filter((message) => message.subject === 'Two-step verification is off for your Orbit account');
    expect(offMail).toHaveLength(1);
    expect(offMail[0]?.body).toContain('Your password alone now signs you in.');
  });
});

describe('a password reset by email gets the owner back in', () => {
  it('turns off two-step verification turned on within the window, when asked, and says so', async () => {
    const member = await registerUser(testApp.app);
    // Turned on by whoever held the session and the password, two days ago.
    await enrolMember(testApp.app, member);
    await turnedOnDaysAgo(member, 2);
    const token = await resetLinkOf(member);

    const described = await post('/api/auth/reset-password/link', { token });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toMatchObject({ twoStep: 'recent', twoStepOnSince: expect.any(String) as unknown });
    expect(described.headers['cache-control']).toBe('no-store');

    const newPassword = 'Owner is back in 2049';
    const reset = await post('/api/auth/reset-password', { token, password: newPassword, turnOffTwoStep: true });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ message: PASSWORD_RESET_DONE_TWO_STEP_OFF_MESSAGE });
    // The new password alone signs the owner in: no code asked.
    const signedIn = await signIn(member, newPassword);
    expect(signedIn.json()).toMatchObject({ token: expect.any(String) as unknown });
    expect(signedIn.json<{ secondFactor?: string }>().secondFactor).toBeUndefined();
    const notice = (await mailTo(member)).filter((message) => message.subject === 'Your Orbit password was reset and two-step verification turned off');
    expect(notice).toHaveLength(1);
  });

  it('leaves older two-step verification on: the reset with it refused keeps the link, and without it the code is still asked', async () => {
    const member = await registerUser(testApp.app);
    await enrolMember(testApp.app, member);
    await turnedOnDaysAgo(member, TWO_STEP_RESET_WINDOW_DAYS + 1);
    const token = await resetLinkOf(member);
    expect((await post('/api/auth/reset-password/link', { token })).json()).toMatchObject({ twoStep: 'on' });

    const refused = await post('/api/auth/reset-password', { token, password: 'Owner is back in 2049', turnOffTwoStep: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: TWO_STEP_TOO_OLD_TO_RESET });

    const reset = await post('/api/auth/reset-password', { token, password: 'Owner is back in 2049' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ message: PASSWORD_RESET_DONE_MESSAGE });
    expect((await signIn(member, 'Owner is back in 2049')).json()).toMatchObject({ secondFactor: 'code' });
  });

  it('describes a link without spending it, says "off" without two-step verification, and refuses a dead link', async () => {
    const member = await registerUser(testApp.app);
    const token = await resetLinkOf(member);
    expect((await post('/api/auth/reset-password/link', { token })).json()).toEqual({ success: true, twoStep: 'off', twoStepOnSince: null });
    expect((await post('/api/auth/reset-password/link', { token })).statusCode).toBe(200);
    // Asking for it to be turned off when it is not on changes nothing.
    const reset = await post('/api/auth/reset-password', { token, password: 'Owner is back in 2049', turnOffTwoStep: true });
    expect(reset.json()).toMatchObject({ message: PASSWORD_RESET_DONE_MESSAGE });
    const spent = await post('/api/auth/reset-password/link', { token });
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toMatchObject({ message: EMAIL_LINK_INVALID_MESSAGE });
  });
});
