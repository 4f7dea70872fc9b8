import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_NOT_ACCEPTED } from '../../../contract/auth/sign-in';
import { errorBodySchema } from '../../../contract/common';
import {
  PASSWORD_CONTAINS_EMAIL,
  PASSWORD_CONTAINS_USERNAME,
  PASSWORD_ONLY_SPACES,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_GUESSABLE,
} from '../../../contract/auth/password-policy';
import { users } from '../../../server/db/schema';
import { bearer, loginUser, newRegistration, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 37, finding 3: any 8 characters used to be taken as a password; and
// finding 15: joining needs the newcomer's word that they are 18 or over and accept the Terms.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function register(payload: object) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload });
}
function changePassword(token: string, payload: object) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(token), payload });
}
async function accountExists(username: string): Promise<boolean> {
  const rows = await testApp.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return rows.length > 0;
}

describe('POST /api/auth/register: the password policy', () => {
  it.each([
    ['a top-list password of digits', () => ({ password: '12345678' }), PASSWORD_TOO_COMMON],
    ['"password"', () => ({ password: 'password' }), PASSWORD_TOO_COMMON],
    ['a common password with a number on the end', () => ({ password: 'password123' }), PASSWORD_TOO_COMMON],
    ['eight spaces', () => ({ password: '        ' }), PASSWORD_ONLY_SPACES],
    ['the username with a digit', () => ({ username: 'orbituser', password: 'orbituser1' }), PASSWORD_CONTAINS_USERNAME],
    ['the username in other letter case', () => ({ username: 'stargazer_77', password: 'My-Stargazer_77-pass' }), PASSWORD_CONTAINS_USERNAME],
    ['the email\'s local part', () => ({ email: 'maya.rivers@example.com', password: 'Maya.Rivers-2026!' }), PASSWORD_CONTAINS_EMAIL],
  ])('refuses %s with 400 saying why, and creates no account', async (_label, override, reason) => {
    const body = newRegistration(override());
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: reason });
    expect(await accountExists(body.username)).toBe(false);
  });

  it('refuses a guessable pattern that is on no list, with zxcvbn\'s reason', async () => {
    const response = await register(newRegistration({ password: 'abcabcabcabc' }));
    expect(response.statusCode).toBe(400);
    const { message } = errorBodySchema.parse(response.json());
    expect(message.startsWith(`${PASSWORD_TOO_GUESSABLE} `)).toBe(true);
  });

  it('accepts a strong password, which then signs in', async () => {
    const body = newRegistration({ password: 'violet-kettle-harbour-92' });
    const response = await register(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(await loginUser(testApp.app, body.username, body.password)).toEqual(expect.any(String));
  });

  it('never echoes the refused password', async () => {
    const response = await register(newRegistration({ password: 'qwertyuiop' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('qwertyuiop');
  });
});

describe('POST /api/auth/register: consent to the Terms', () => {
  it.each([
    ['without acceptTerms', undefined],
    ['with acceptTerms false', false],
    ['with acceptTerms given as text', 'true'],
  ])('refuses a registration %s with 400 and creates no account', async (_label, acceptTerms) => {
    const { acceptTerms: _given, ...rest } = newRegistration();
    const body = acceptTerms === undefined ? rest : { ...rest, acceptTerms };
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    const error = errorBodySchema.parse(response.json());
    expect(error.errors).toEqual([{ field: 'acceptTerms', message: TERMS_NOT_ACCEPTED }]);
    expect(await accountExists(rest.username)).toBe(false);
  });

  it('records when the Terms were accepted', async () => {
    const before = Date.now();
    const { body } = await registerUser(testApp.app);
    const [row] = await testApp.db.select({ termsAcceptedAt: users.termsAcceptedAt }).from(users).where(eq(users.username, body.username));
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(row?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.termsAcceptedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('POST /api/auth/password: the password policy', () => {
  it.each([
    ['a common password', () => 'password', PASSWORD_TOO_COMMON],
    ['eight spaces', () => '        ', PASSWORD_ONLY_SPACES],
    ['one containing the username', (username: string) => `${username.toUpperCase()}-new-2026`, PASSWORD_CONTAINS_USERNAME],
    ['one containing the email\'s local part', (_username: string, email: string) => `x-${email.split('@')[0] ?? ''}-x`, PASSWORD_CONTAINS_EMAIL],
  ])('refuses %s with 400, and the old password still works', async (_label, newPassword, reason) => {
    const { body, token } = await registerUser(testApp.app, { email: `member_${Math.random().toString(36).slice(2, 8)}@example.com` });
    const response = await changePassword(token, { currentPassword: body.password, newPassword: newPassword(body.username, body.email) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: reason });
    expect(await loginUser(testApp.app, body.username, body.password)).toEqual(expect.any(String));
  });

  it('asks for the current password before judging the new one', async () => {
    const { token } = await registerUser(testApp.app);
    const response = await changePassword(token, { currentPassword: 'not-my-password', newPassword: 'password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Current password is incorrect' });
  });

  it('accepts a strong new password', async () => {
    const { body, token } = await registerUser(testApp.app);
    const response = await changePassword(token, { currentPassword: body.password, newPassword: 'amber-lantern-meadow-31' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await loginUser(testApp.app, body.username, 'amber-lantern-meadow-31')).toEqual(expect.any(String));
  });
});
