// Issue 37, finding 1: sign-in throttling with OWASP's device cookies. Failures alone count, in the
// database; a browser that signed in to the account before is judged by its own failures only.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS } from '../../../contract/auth/sign-in';
import { SIGN_IN_LINK_OFFERED_CODE } from '../../../contract/auth/sign-in-link';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, KNOWN_DEVICES_PER_ACCOUNT } from '../../../server/auth/device-cookie';
import { accountKeyFor, createSignInThrottle, TooManyFailuresError } from '../../../server/auth/sign-in-throttle';
import { knownDevices, signInFailures } from '../../../server/db/schema';
import { DEFAULT_RATE_LIMITS } from '../../../server/plugins/rate-limit';
import { bearer, registerUser } from '../helpers/accounts';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

const TOO_MANY_WRONG = /^Too many wrong passwords for this account, please try again in \d+ (seconds?|minutes?)$/;

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  cookies: Array<{ name: string; value: string; path?: string; maxAge?: number; httpOnly?: boolean; sameSite?: string; secure?: boolean }>;
  json: () => unknown;
}

/** `linkOffered`: a browser the account does not know, at member sign-in, is offered the sign-in link (issue 50, finding 9). */
function expectLockedOut(response: Answer, linkOffered: boolean) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    success: false,
    message: expect.stringMatching(TOO_MANY_WRONG) as unknown,
    ...(linkOffered ? { code: SIGN_IN_LINK_OFFERED_CODE } : {}),
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

function deviceCookieOf(response: Answer, name = 'orbit_device'): string {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`no ${name} cookie was set`);
  return cookie.value;
}

describe('the probe\'s scenario: 30 failures from 30 addresses (the production limits)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    const { signInFailuresPerAccount, adminSignInFailuresPerAccount, signInFailuresPerDevice } = DEFAULT_RATE_LIMITS;
    testApp = await createTestApp({ rateLimits: { signInFailuresPerAccount, adminSignInFailuresPerAccount, signInFailuresPerDevice } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const login = (username: string, password: string, remoteAddress: string, cookies: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, cookies, payload: { username, password } });

  it('keeps guessers out, yet the owner\'s browser that signed in before gets in with the right password', async () => {
    const owner = await registerUser(testApp.app);
    // The owner signed in on their laptop some day before the attack.
    const earlier = await login(owner.body.username, owner.body.password, '198.51.100.5');
    expect(earlier.statusCode).toBe(200);
    const laptop = deviceCookieOf(earlier);

    const { max } = DEFAULT_RATE_LIMITS.signInFailuresPerAccount;
    for (let bot = 1; bot <= max; bot += 1) {
      const guess = await login(owner.body.username, `guess-number-${bot}`, `203.0.113.${bot}`);
      expect(guess.statusCode).toBe(401);
      expect(guess.json()).toEqual({ success: false, message: INVALID_CREDENTIALS });
    }
    // The next guesser, even with the right password and the username in another case, is refused without a check.
    expectLockedOut(await login(owner.body.username.toUpperCase(), owner.body.password, '203.0.113.200'), true);
    // The owner's laptop is judged by its own failures: none.
    const ownerBack = await login(owner.body.username, owner.body.password, '198.51.100.6', { orbit_device: laptop });
    expect(ownerBack.statusCode).toBe(200);
    // A new phone of the owner's is an unknown device like any other, until the window passes.
    expectLockedOut(await login(owner.body.username, owner.body.password, '198.51.100.7'), true);
    // Another account is untouched.
    const bystander = await registerUser(testApp.app);
    expect((await login(bystander.body.username, bystander.body.password, '203.0.113.1')).statusCode).toBe(200);
  });
});

describe('sign-in failures', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      rateLimits: {
        signInFailuresPerAccount: { max: 3, windowMs: 60_000 },
        adminSignInFailuresPerAccount: { max: 2, windowMs: 60_000 },
        signInFailuresPerDevice: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const login = (username: string, password: string, cookies: Record<string, string> = {}, url = '/api/auth/login') =>
    testApp.app.inject({ method: 'POST', url, cookies, payload: { username, password } });
  const adminLogin = (password: string, cookies: Record<string, string> = {}) => login(TEST_ADMIN.username, password, cookies, '/api/admin/login');
  const failuresOf = (accountKey: string) => testApp.db.select().from(signInFailures).where(eq(signInFailures.accountKey, accountKey));

  it('alone count: any number of successful sign-ins leaves the allowance whole', async () => {
    const member = await registerUser(testApp.app);
    for (let attempt = 0; attempt < 8; attempt += 1) expect((await login(member.body.username, member.body.password)).statusCode).toBe(200);
    expect(await failuresOf(accountKeyFor('user', member.body.username))).toEqual([]);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(member.body.username, 'wrong-password')).statusCode).toBe(401);
    expectLockedOut(await login(member.body.username, member.body.password), true);
    // Refused attempts are not failures either: still three.
    expect(await failuresOf(accountKeyFor('user', member.body.username))).toHaveLength(3);
  });

  it('set a device cookie on success that is HttpOnly, SameSite=Strict, for /api only and a year long', async () => {
    const member = await registerUser(testApp.app);
    const response = await login(member.body.username, member.body.password);
    const cookie = response.cookies.find((candidate) => candidate.name === 'orbit_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
    // Plain http here (tests, local development): a Secure cookie would never come back.
    expect(cookie?.secure).toBeUndefined();
    // A failure sets none.
    expect((await login(member.body.username, 'wrong-password')).cookies).toEqual([]);
  });

  it('from a known device count against that device only, which ends up refused on its own', async () => {
    const member = await registerUser(testApp.app);
    const device = deviceCookieOf(await login(member.body.username, member.body.password));
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await login(member.body.username, 'typo-password', { orbit_device: device })).statusCode).toBe(401);
    expectLockedOut(await login(member.body.username, member.body.password, { orbit_device: device }), false);
    // The account's allowance for unknown devices was not touched.
    expect((await login(member.body.username, member.body.password)).statusCode).toBe(200);
  });

  it('count a forged cookie, or one issued to another account, as an unknown device', async () => {
    const victim = await registerUser(testApp.app);
    const attacker = await registerUser(testApp.app);
    const attackersOwn = deviceCookieOf(await login(attacker.body.username, attacker.body.password));
    const victimsDevice = deviceCookieOf(await login(victim.body.username, victim.body.password));
    const [deviceId] = victimsDevice.split('.');
    const forged = [
      attackersOwn,
      // The victim's device id with the account key written in, but no signature.
      `${deviceId}.user:${victim.body.username}`,
      // Someone else's signature, moved onto another value.
      `${deviceId}.user:${victim.body.username}.${attackersOwn.split('.').pop() ?? ''}`,
    ];
    for (const cookie of forged) expect((await login(victim.body.username, 'guess', { orbit_device: cookie })).statusCode).toBe(401);
    // Those three went against the unknown devices' allowance of three: it is spent.
    expectLockedOut(await login(victim.body.username, victim.body.password), true);
    expect(await failuresOf(accountKeyFor('user', victim.body.username))).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ deviceId: null }) as unknown),
    );
    // The victim's own browser still gets in.
    expect((await login(victim.body.username, victim.body.password, { orbit_device: victimsDevice })).statusCode).toBe(200);
  });

  it('count a cookie of a deleted account as an unknown device once its name is taken again: cookies are bound to the account, not its name', async () => {
    const first = await registerUser(testApp.app);
    const oldBrowser = deviceCookieOf(await login(first.body.username, first.body.password));
    const deleted = await testApp.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: bearer(first.token), payload: { password: first.body.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const newcomer = await registerUser(testApp.app, { username: first.body.username });

    // Judged as its own device, the old browser would be refused at the third guess (a device's allowance is two).
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(newcomer.body.username, 'guess', { orbit_device: oldBrowser })).statusCode).toBe(401);
    expect(await failuresOf(accountKeyFor('user', newcomer.body.username))).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ deviceId: null }) as unknown),
    );
    expectLockedOut(await login(newcomer.body.username, newcomer.body.password, { orbit_device: oldBrowser }), true);
  });

  it('are honoured for the newest ten browsers of an account only (issue 50, finding 8): the eleventh sign-in retires the oldest cookie', async () => {
    const member = await registerUser(testApp.app);
    const browsers: string[] = [];
    for (let browser = 0; browser <= KNOWN_DEVICES_PER_ACCOUNT; browser += 1) {
      browsers.push(deviceCookieOf(await login(member.body.username, member.body.password)));
    }
    expect(await testApp.db.select().from(knownDevices).where(eq(knownDevices.userId, member.user._id))).toHaveLength(KNOWN_DEVICES_PER_ACCOUNT);
    // The account's unknown devices spend their allowance of three.
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(member.body.username, 'guess')).statusCode).toBe(401);
    // The first sign-in's browser (the registration's went before it) is an unknown device now: locked out with them.
    expectLockedOut(await login(member.body.username, member.body.password, { orbit_device: browsers[0] ?? '' }), true);
    // The newest is still known, and gets in.
    expect((await login(member.body.username, member.body.password, { orbit_device: browsers.at(-1) ?? '' })).statusCode).toBe(200);
    // Signing in again from a known browser keeps it, rather than adding one.
    expect(await testApp.db.select().from(knownDevices).where(eq(knownDevices.userId, member.user._id))).toHaveLength(KNOWN_DEVICES_PER_ACCOUNT);
  });

  it('at admin sign-in have their own, stricter limit, apart from member sign-in', async () => {
    const device = deviceCookieOf(await adminLogin(TEST_ADMIN.password), 'orbit_admin_device');
    // Guessing "admin" at the member door spends the member door's allowance only.
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(TEST_ADMIN.username, `guess-${attempt}`)).statusCode).toBe(401);
    expectLockedOut(await login(TEST_ADMIN.username, 'guess-again'), true);
    expect((await adminLogin(TEST_ADMIN.password)).statusCode).toBe(200);

    for (let attempt = 0; attempt < 2; attempt += 1) expect((await adminLogin(`guess-${attempt}`)).statusCode).toBe(401);
    expectLockedOut(await adminLogin(TEST_ADMIN.password), false);
    // The admin's own browser signs in; a member device cookie is no admin device cookie.
    expect((await adminLogin(TEST_ADMIN.password, { orbit_admin_device: device })).statusCode).toBe(200);
    expectLockedOut(await adminLogin(TEST_ADMIN.password, { orbit_device: device }), false);
  });

  it('through a password change or an account deletion count against the member, judged by the same device cookie', async () => {
    const member = await registerUser(testApp.app);
    const signIn = await login(member.body.username, member.body.password);
    const device = deviceCookieOf(signIn);
    const { token } = signIn.json<{ token: string }>();
    const change = (currentPassword: string, cookies: Record<string, string> = {}) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: bearer(token),
        cookies,
        payload: { currentPassword, newPassword: 'a-brand-new-passphrase' },
      });
    const remove = (password: string) => testApp.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: bearer(member.token), payload: { password } });

    // A stolen token, without the member's browser: the unknown devices' allowance, shared with sign-in.
    expect((await change('wrong-1')).statusCode).toBe(400);
    expect((await remove('wrong-2')).statusCode).toBe(400);
    expect((await login(member.body.username, 'wrong-3')).statusCode).toBe(401);
    expectLockedOut(await change(member.body.password), false);
    expectLockedOut(await remove(member.body.password), false);
    // The member in their own browser changes it.
    expect((await change(member.body.password, { orbit_device: device })).statusCode).toBe(200);
  });

  it('are kept in the database: another process (a throttle of its own over the same database) sees them', async () => {
    const member = await registerUser(testApp.app);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(member.body.username, 'wrong-password')).statusCode).toBe(401);
    const rule = { max: 3, windowMs: 60_000 };
    const otherProcess = createSignInThrottle(testApp.db, { user: { unknownDevices: rule, knownDevice: rule }, admin: { unknownDevices: rule, knownDevice: rule } });
    let checked = false;
    const attempt = otherProcess.check({ door: 'user', username: member.body.username, deviceId: null }, () => true, () => {
      checked = true;
      return Promise.resolve();
    });
    await expect(attempt).rejects.toBeInstanceOf(TooManyFailuresError);
    expect(checked).toBe(false);
  });

  it('older than the window are pruned when the account fails again', async () => {
    const member = await registerUser(testApp.app);
    const accountKey = accountKeyFor('user', member.body.username);
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await testApp.db.insert(signInFailures).values([
      { accountKey, deviceId: null, failedAt: hourAgo },
      { accountKey, deviceId: 'some-device', failedAt: hourAgo },
      { accountKey, deviceId: null, failedAt: hourAgo },
    ]);
    expect((await login(member.body.username, 'wrong-password')).statusCode).toBe(401);
    const left = await failuresOf(accountKey);
    expect(left).toHaveLength(1);
    expect(left[0]?.failedAt.getTime()).toBeGreaterThan(hourAgo.getTime());
    const [stale] = await testApp.db
      .select({ count: sql<number>`count(*)::int` })
      .from(signInFailures)
      .where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.failedAt, hourAgo)));
    expect(stale?.count).toBe(0);
  });
});
