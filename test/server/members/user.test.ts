import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../../contract/members/profile';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { claimsOf, nowInSeconds, signToken, unsignedToken } from '../helpers/forged-tokens';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let member: RegisteredUser;
beforeAll(async () => {
  testApp = await createTestApp();
  member = await registerUser(testApp.app, { gender: 'other', age: 44 });
});
afterAll(async () => {
  await testApp?.close();
});

function getMe(headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url: '/api/user/me', headers });
}

/** Claims of the member's real session, so a hand-made token differs only where a test says. */
function validClaims() {
  return { sub: member.user._id, role: 'user', ver: 0, jti: claimsOf(member.token).jti, iat: nowInSeconds(), exp: nowInSeconds() + 3600 };
}

describe('GET /api/user/me', () => {
  it('returns the signed-in user in the contract shape, without secrets', async () => {
    const response = await getMe(bearer(member.token));
    expect(response.statusCode).toBe(200);
    const { user } = meResponseSchema.parse(response.json());
    expect(user).toMatchObject({
      _id: member.user._id,
      username: member.body.username,
      email: member.body.email,
      role: 'user',
      age: 44,
      gender: 'other',
      isVIP: false,
      lang: 'English',
      profile: { name: member.body.username, age: 44, gender: 'other', isVIP: false, vipLevel: 'Gold', vipUntil: null },
    });
    expect(user.profile.lastSeen).toEqual(expect.any(String));
    expect(response.body).not.toMatch(/password|argon2|token_?version|ban_?reason|latitude|longitude/i);
  });

  it.each([
    ['no token', () => ({})],
    ['a malformed header', () => ({ authorization: 'Token abc' })],
    ['a garbage token', () => bearer('not.a.jwt')],
    ['a token signed with another secret', () => bearer(signToken(validClaims(), 'some-other-secret-0123456789-abcdefghij', 'HS256'))],
  ])('answers 401 "Authentication required" for %s', async (_label, headers) => {
    const response = await getMe(headers());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Authentication required' });
  });

  it('accepts a hand-made HS256 token with the right secret (so the refusals below are about the algorithm)', async () => {
    const response = await getMe(bearer(signToken(validClaims(), TEST_JWT_SECRET, 'HS256')));
    expect(response.statusCode).toBe(200);
  });

  it('refuses an HS512 token even when signed with the right secret', async () => {
    const response = await getMe(bearer(signToken(validClaims(), TEST_JWT_SECRET, 'HS512')));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Authentication required' });
  });

  it('refuses an unsigned "alg: none" token', async () => {
    const response = await getMe(bearer(unsignedToken(validClaims())));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a correctly signed token with missing claims', async () => {
    const response = await getMe(bearer(signToken({ sub: member.user._id, iat: nowInSeconds() }, TEST_JWT_SECRET, 'HS256')));
    expect(response.statusCode).toBe(401);
  });

  it('tells an expired session to sign in again', async () => {
    const expired = { ...validClaims(), iat: nowInSeconds() - 7200, exp: nowInSeconds() - 3600 };
    const response = await getMe(bearer(signToken(expired, TEST_JWT_SECRET, 'HS256')));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Session expired, please sign in again' });
  });

  it('refuses a token whose role claim does not match the account', async () => {
    const response = await getMe(bearer(signToken({ ...validClaims(), role: 'admin' }, TEST_JWT_SECRET, 'HS256')));
    expect(response.statusCode).toBe(401);
  });
});
