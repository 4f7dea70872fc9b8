import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS, NEW_PASSWORD_UNCHANGED } from '../../../contract/auth/sign-in';
import { errorBodySchema } from '../../../contract/common';
import { hashPassword } from '../../../server/auth/passwords';
import { sessions, users } from '../../../server/db/schema';
import { bearer, loginAdmin, loginUser, registerUser } from '../helpers/accounts';
import { claimsOf, nowInSeconds, signToken } from '../helpers/forged-tokens';
import { createTestApp, TEST_ADMIN, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

const SESSION_EXPIRED = { success: false, message: 'Session expired, please sign in again' };
const SESSION_ENDED = { success: false, message: 'This device was signed out from another one, please sign in again' };

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function me(token: string) {
  return testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
}
function logout(token?: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: token ? bearer(token) : {} });
}
function changePassword(token: string, payload: object) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(token), payload });
}
function login(username: string, password: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

describe('POST /api/auth/logout', () => {
  it('ends the calling session on the server and leaves the account\'s other sessions alone', async () => {
    const { body, token: phone } = await registerUser(testApp.app);
    const laptop = await loginUser(testApp.app, body.username, body.password);

    const response = await logout(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logged out' });

    const replayed = await me(phone);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(SESSION_ENDED);
    expect((await me(laptop)).statusCode).toBe(200);
    // A second logout with the dead token is just another unauthenticated call.
    expect((await logout(phone)).statusCode).toBe(401);
  });

  it('works for an admin session too', async () => {
    const token = await loginAdmin(testApp.app);
    expect((await logout(token)).json()).toEqual({ success: true, message: 'Logged out' });
    const after = await testApp.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('needs a session to end', async () => {
    const response = await logout();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Authentication required' });
  });
});

describe('session tokens', () => {
  it('are refused once their session row has expired, even while the signature is still valid', async () => {
    const { token } = await registerUser(testApp.app);
    await testApp.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, claimsOf(token).jti));
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_EXPIRED);
  });

  it('are refused when signed with the right secret but naming no session of that account', async () => {
    const { token, user } = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const claims = { sub: user._id, role: 'user', ver: 0, iat: nowInSeconds(), exp: nowInSeconds() + 3600 };
    const forged = [
      { ...claims },
      { ...claims, jti: '00000000-0000-4000-8000-000000000000' },
      // Someone else's live session does not open this account.
      { ...claims, jti: claimsOf(other.token).jti },
    ];
    for (const forgedClaims of forged) {
      expect((await me(signToken(forgedClaims, TEST_JWT_SECRET, 'HS256'))).statusCode).toBe(401);
    }
    expect((await me(token)).statusCode).toBe(200);
  });

  it('all end when an admin bans the account, and stay ended after an unban', async () => {
    const { body, token } = await registerUser(testApp.app);
    const second = await loginUser(testApp.app, body.username, body.password);
    const adminToken = await loginAdmin(testApp.app);
    const userId = claimsOf(token).sub;

    const ban = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${userId}/ban`, headers: bearer(adminToken), payload: { reason: 'Spam' } });
    expect(ban.statusCode, ban.body).toBe(200);
    const rows = await testApp.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);

    const unban = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${userId}/unban`, headers: bearer(adminToken) });
    expect(unban.statusCode, unban.body).toBe(200);
    for (const old of [token, second]) expect((await me(old)).json()).toEqual(SESSION_ENDED);
    expect((await me(await loginUser(testApp.app, body.username, body.password))).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout/others', () => {
  const logoutOthers = (token?: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/logout/others', headers: token ? bearer(token) : {} });

  it('ends every other session of the account, keeps the calling one, and says how many', async () => {
    const { body, token: phone } = await registerUser(testApp.app);
    const laptop = await loginUser(testApp.app, body.username, body.password);
    const tablet = await loginUser(testApp.app, body.username, body.password);
    await logout(tablet);
    const someoneElse = await registerUser(testApp.app);

    const response = await logoutOthers(phone);
    expect(response.statusCode, response.body).toBe(200);
    // The tablet had already signed out: only the laptop counts.
    expect(response.json()).toEqual({ success: true, message: 'Signed out of 1 other device' });
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(laptop)).json()).toEqual(SESSION_ENDED);
    expect((await me(someoneElse.token)).statusCode).toBe(200);

    expect((await logoutOthers(phone)).json()).toEqual({ success: true, message: 'No other device was signed in' });
    // The password still works: signing in again on the laptop is just a new session.
    expect((await me(await loginUser(testApp.app, body.username, body.password))).statusCode).toBe(200);
  });

  it('counts in the plural, and works for an admin too', async () => {
    const { body, token } = await registerUser(testApp.app);
    for (let index = 0; index < 2; index += 1) await loginUser(testApp.app, body.username, body.password);
    expect((await logoutOthers(token)).json()).toEqual({ success: true, message: 'Signed out of 2 other devices' });

    const admin = await loginAdmin(testApp.app);
    const response = await logoutOthers(admin);
    expect(response.statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('needs a live session', async () => {
    const missing = await logoutOthers();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ success: false, message: 'Authentication required' });
    const { token } = await registerUser(testApp.app);
    await logout(token);
    expect((await logoutOthers(token)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/password', () => {
  it('changes the password, keeps the calling session and ends every other one', async () => {
    const { body, token: current } = await registerUser(testApp.app);
    const elsewhere = await loginUser(testApp.app, body.username, body.password);

    const response = await changePassword(current, { currentPassword: body.password, newPassword: 'a-brand-new-passphrase' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Password changed' });

    expect((await me(current)).statusCode).toBe(200);
    expect((await me(elsewhere)).json()).toEqual(SESSION_ENDED);
    const oldPassword = await login(body.username, body.password);
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json()).toEqual({ success: false, message: INVALID_CREDENTIALS });
    expect((await login(body.username, 'a-brand-new-passphrase')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { body, token } = await registerUser(testApp.app);
    const elsewhere = await loginUser(testApp.app, body.username, body.password);
    const response = await changePassword(token, { currentPassword: 'not-my-password', newPassword: 'another-passphrase' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Current password is incorrect' });
    expect((await me(elsewhere)).statusCode).toBe(200);
    expect((await login(body.username, body.password)).statusCode).toBe(200);
  });

  it('holds the new password to the registration rules', async () => {
    const { body, token } = await registerUser(testApp.app);
    const response = await changePassword(token, { currentPassword: body.password, newPassword: 'short' });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).errors).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
    const missing = await changePassword(token, { newPassword: 'long-enough-password' });
    expect(missing.statusCode).toBe(400);
    expect(errorBodySchema.parse(missing.json()).errors).toEqual([{ field: 'currentPassword', message: 'Current password is required' }]);
  });

  it('refuses a new password that is the current one, and ends no session', async () => {
    const { body, token } = await registerUser(testApp.app);
    const elsewhere = await loginUser(testApp.app, body.username, body.password);
    const response = await changePassword(token, { currentPassword: body.password, newPassword: body.password });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).errors).toEqual([{ field: 'newPassword', message: NEW_PASSWORD_UNCHANGED }]);
    expect((await me(elsewhere)).statusCode).toBe(200);
  });

  it('needs a live session', async () => {
    const { body, token } = await registerUser(testApp.app);
    await logout(token);
    const response = await changePassword(token, { currentPassword: body.password, newPassword: 'a-brand-new-passphrase' });
    expect(response.statusCode).toBe(401);
  });

  it('is open to admins', async () => {
    const token = await loginAdmin(testApp.app);
    const changed = await changePassword(token, { currentPassword: TEST_ADMIN.password, newPassword: 'interim-kettle-passphrase' });
    expect(changed.json()).toEqual({ success: true, message: 'Password changed' });
    // Put it back, so the shared admin account stays as the helpers expect. Straight into the
    // database: the test password contains the username "admin", which no new password may.
    await testApp.db.update(users).set({ passwordHash: await hashPassword(TEST_ADMIN.password) }).where(eq(users.username, TEST_ADMIN.username));
    expect((await testApp.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN })).statusCode).toBe(200);
  });
});
