import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common';
import { newRegistration, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { SIGN_IN_LINK_OFFERED_CODE } from '../../../contract/auth/sign-in-link';

const TOO_MANY = /^Too many requests, please try again in \d+ seconds?$/;
const TOO_MANY_WRONG = /^Too many wrong passwords for this account, please try again in \d+ (seconds?|minutes?)$/;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    rateLimits: {
      signInFailuresPerAccount: { max: 3, windowMs: 60_000 },
      loginPerIp: { max: 6, windowMs: 60_000 },
      register: { max: 3, windowMs: 60_000 },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

function login(username: string, password: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

describe('auth rate limits', () => {
  it('stops password guessing on one account from unknown devices, even with the right password', async () => {
    const { body } = await registerUser(testApp.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(body.username, 'wrong-guess')).statusCode).toBe(401);
    }
    const blocked = await login(body.username, body.password);
    expect(blocked.statusCode).toBe(429);
    // A browser the account does not know may ask for a sign-in link instead of waiting (issue 50, finding 9).
    expect(errorBodySchema.parse(blocked.json())).toEqual({ success: false, message: expect.stringMatching(TOO_MANY_WRONG) as unknown, code: SIGN_IN_LINK_OFFERED_CODE });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-in attempts per address across usernames', async () => {
    // The previous test used 4 of this address's 6 attempts.
    expect((await login('someone_else', 'whatever-pass')).statusCode).toBe(401);
    expect((await login('another_one', 'whatever-pass')).statusCode).toBe(401);
    const blocked = await login('third_name', 'whatever-pass');
    expect(blocked.statusCode).toBe(429);
    expect(errorBodySchema.parse(blocked.json()).message).toMatch(TOO_MANY);
  });

  it('counts wrong passwords typed with the email address and with the username as one account', async () => {
    // From an address of its own: the per-address limits are not what this is about.
    const remoteAddress = '198.51.100.48';
    const body = newRegistration();
    expect((await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress })).statusCode).toBe(201);
    const from = (username: string, password: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
    expect((await from(body.email, 'wrong-guess')).statusCode).toBe(401);
    expect((await from(body.username, 'wrong-guess')).statusCode).toBe(401);
    expect((await from(body.email.toUpperCase(), 'wrong-guess')).statusCode).toBe(401);
    expect((await from(body.username, body.password)).statusCode).toBe(429);
  });

  it('limits registrations per address', async () => {
    // registerUser above used one of the 3 registrations.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: newRegistration() });
      expect(response.statusCode).toBe(201);
    }
    const blocked = await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: newRegistration() });
    expect(blocked.statusCode).toBe(429);
    expect(errorBodySchema.parse(blocked.json())).toEqual({ success: false, message: expect.stringMatching(TOO_MANY) as unknown });
  });
});

describe('REGISTRATIONS_PER_HOUR', () => {
  it('sets how many accounts one address may create in an hour', async () => {
    const configured = await createTestApp({ registrationsPerHour: 2 });
    try {
      const register = () => configured.app.inject({ method: 'POST', url: '/api/auth/register', payload: newRegistration() });
      expect((await register()).statusCode).toBe(201);
      expect((await register()).statusCode).toBe(201);
      const blocked = await register();
      expect(blocked.statusCode).toBe(429);
      expect(errorBodySchema.parse(blocked.json()).message).toMatch(TOO_MANY);
      // The window is an hour, as without the setting.
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    } finally {
      await configured.close();
    }
  });
});
