import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginResponseSchema, INVALID_CREDENTIALS, loginResponseSchema, registerResponseSchema } from '../../../contract/auth/sign-in';
import { errorBodySchema } from '../../../contract/common';
import { meResponseSchema } from '../../../contract/members/profile';
import { users } from '../../../server/db/schema';
import { bearer, loginUser, newRegistration, registerUser } from '../helpers/accounts';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function register(payload: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
}
function login(payload: object) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload });
}
function adminLogin(payload: object) {
  return testApp.app.inject({ method: 'POST', url: '/api/admin/login', payload });
}

describe('POST /api/auth/register', () => {
  it('creates the account and returns a token that opens /api/user/me', async () => {
    const body = newRegistration({ username: 'newcomer', email: 'Newcomer@Example.com', age: 31, gender: 'male' });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const json = registerResponseSchema.parse(response.json());
    expect(json).toMatchObject({ success: true, message: 'Registration successful' });
    expect(json.token.length).toBeGreaterThan(20);
    expect(json.user).toMatchObject({
      username: 'newcomer',
      email: 'newcomer@example.com',
      role: 'user',
      age: 31,
      gender: 'male',
      avatar: '/api/media/avatar/newcomer?look=masculine',
    });
    expect(JSON.stringify(json.user)).not.toMatch(/password|argon2|tokenVersion|banReason|latitude|longitude/i);

    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(json.token) });
    expect(me.statusCode).toBe(200);
    const meBody = meResponseSchema.parse(me.json());
    expect(meBody.user._id).toBe(json.user._id);
  });

  it.each([
    ['female', 'new_woman', '/api/media/avatar/new-woman?look=feminine'],
    ['other', 'new_person', '/api/media/avatar/new-person'],
  ] as const)('gives a %s newcomer a generated picture to suit', async (gender, username, avatar) => {
    const response = await register(newRegistration({ username, gender }));
    expect(response.statusCode).toBe(201);
    expect(registerResponseSchema.parse(response.json()).user.avatar).toBe(avatar);
    expect((await testApp.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
  });

  it('stores the password as an argon2id hash, never as given', async () => {
    const { body } = await registerUser(testApp.app);
    const [row] = await testApp.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, body.username));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(body.password);
  });

  it.each([
    ['a too-short username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    ['a username with capitals or symbols', { username: 'Bad-Name' }, 'username', 'Username may contain only lowercase letters, numbers and underscores'],
    ['an over-long username', { username: 'a'.repeat(31) }, 'username', 'Username must be at most 30 characters'],
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ['an over-long email', { email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email is too long'],
    ['a short password', { password: 'short' }, 'password', 'Password must be at least 8 characters'],
    ['an over-long password', { password: 'p'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    ['an age under 18', { age: 17 }, 'age', 'You must be at least 18'],
    ['an age given as text', { age: '25' }, 'age', 'Age must be a number'],
    ['a fractional age', { age: 20.5 }, 'age', 'Age must be a whole number'],
    ['a username given as a number', { username: 12345 }, 'username', 'Username is required'],
  ])('rejects %s with a 400 naming the field', async (_label, override, field, message) => {
    const response = await register({ ...newRegistration(), ...override });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.success).toBe(false);
    expect(body.errors).toContainEqual({ field, message });
    expect(body.message).toContain(`${field}: ${message}`);
  });

  it('keeps the first name others see apart from the username, which stays for signing in', async () => {
    const named = await registerUser(testApp.app, { name: '  Asha  ' });
    expect(named.user.profile.name).toBe('Asha');
    expect(named.user.username).toBe(named.body.username);
    // An API client that predates the field: the username stands in, as before.
    const unnamed = await registerUser(testApp.app);
    expect(unnamed.user.profile.name).toBe(unnamed.body.username);
    for (const [name, message] of [
      ['Orbit Support', 'Name must not look like an Orbit staff account'],
      ['   ', 'Name is required'],
    ]) {
      const refused = await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: newRegistration({ name }) });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message);
    }
  });

  it('rejects an unknown field', async () => {
    const response = await register({ ...newRegistration(), role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'role: Unknown field', errors: [{ field: 'role', message: 'Unknown field' }] });
  });

  it('lists every invalid field at once', async () => {
    const response = await register({ username: 'x', email: 'nope', password: '1', age: 5, gender: 'male' });
    expect(response.statusCode).toBe(400);
    const fields = errorBodySchema.parse(response.json()).errors?.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'email', 'password', 'age']));
  });

  it('refuses a taken username and a registered email with 409', async () => {
    const { body } = await registerUser(testApp.app);
    const sameName = await register(newRegistration({ username: body.username }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ success: false, message: 'Username is already taken' });

    const sameEmail = await register(newRegistration({ email: body.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ success: false, message: 'Email is already registered' });
  });

  it('answers 409, not 500, when two sign-ups race for one username', async () => {
    const body = newRegistration();
    const responses = await Promise.all([register(body), register({ ...body, email: `other_${body.email}` })]);
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json()).toEqual({ success: false, message: 'Username is already taken' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs a user in', async () => {
    const { body } = await registerUser(testApp.app);
    const response = await login({ username: body.username, password: body.password, remember: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Login successful', token: expect.any(String) as unknown });
    const { token } = loginResponseSchema.parse(response.json());
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(meResponseSchema.parse(me.json()).user.username).toBe(body.username);
  });

  it('signs a user in with the email address, in any case', async () => {
    const { body } = await registerUser(testApp.app);
    const response = await login({ username: ` ${body.email.toUpperCase()} `, password: body.password });
    expect(response.statusCode).toBe(200);
    const { token } = loginResponseSchema.parse(response.json());
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(meResponseSchema.parse(me.json()).user.username).toBe(body.username);
  });

  it('answers a wrong password given with the email address as it answers any other', async () => {
    const { body } = await registerUser(testApp.app);
    const wrong = await login({ username: body.email, password: 'not-the-password-1' });
    const unknown = await login({ username: `nobody-${body.username}@example.com`, password: body.password });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    expect(errorBodySchema.parse(wrong.json()).message).toBe(INVALID_CREDENTIALS);
  });

  it('gives remembered sessions 30 days and others 1 day', async () => {
    const { body } = await registerUser(testApp.app);
    const lifetimeDays = async (remember: boolean) => {
      const { token } = loginResponseSchema.parse((await login({ username: body.username, password: body.password, remember })).json());
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { iat: number; exp: number };
      return (claims.exp - claims.iat) / 86_400;
    };
    expect(await lifetimeDays(true)).toBe(30);
    expect(await lifetimeDays(false)).toBe(1);
  });

  it('updates last seen on sign-in', async () => {
    const { body } = await registerUser(testApp.app);
    await testApp.db.update(users).set({ lastSeenAt: new Date('2020-01-01T00:00:00Z') }).where(eq(users.username, body.username));
    await loginUser(testApp.app, body.username, body.password);
    const [row] = await testApp.db.select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.username, body.username));
    expect(row?.lastSeenAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const { body } = await registerUser(testApp.app);
    const wrongPassword = await login({ username: body.username, password: 'not-the-password' });
    const unknownUser = await login({ username: 'nobody_here', password: 'whatever-password' });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: INVALID_CREDENTIALS });
    }
  });

  it('refuses admin credentials on the user endpoint', async () => {
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: INVALID_CREDENTIALS });
  });

  it('tells a banned user why, once the password is right', async () => {
    const { body } = await registerUser(testApp.app);
    await testApp.db.update(users).set({ isBanned: true, banReason: 'Spam messages' }).where(eq(users.username, body.username));

    const right = await login({ username: body.username, password: body.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ success: false, message: 'Your account has been banned: Spam messages' });

    const wrong = await login({ username: body.username, password: 'guessing-wrong' });
    expect(wrong.statusCode).toBe(401);
  });

  it('ends an existing session when the account is banned', async () => {
    const { body, token } = await registerUser(testApp.app);
    const before = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(before.statusCode).toBe(200);

    const [row] = await testApp.db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.username, body.username));
    await testApp.db
      .update(users)
      .set({ isBanned: true, banReason: 'Harassment', tokenVersion: (row?.tokenVersion ?? 0) + 1 })
      .where(eq(users.username, body.username));

    const after = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    // 401 so that the SPA clears the stored tokens: the session is over.
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: 'Your account has been banned: Harassment' });
  });

  it('ends an existing session when the token version is bumped', async () => {
    const { body, token } = await registerUser(testApp.app);
    await testApp.db.update(users).set({ tokenVersion: 7 }).where(eq(users.username, body.username));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'This device was signed out from another one, please sign in again' });
  });

  it('takes about as long for an unknown user as for a wrong password', async () => {
    const { body } = await registerUser(testApp.app);
    const timeOne = async (username: string) => {
      const started = performance.now();
      const response = await login({ username, password: 'definitely-wrong' });
      expect(response.statusCode).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      known.push(await timeOne(body.username));
      unknown.push(await timeOne(`ghost_${round}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
    // Without the dummy hash an unknown user answers in a few ms against tens
    // of ms for a real argon2 check; the bound is loose for a busy machine.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('rejects an over-long username or password at sign-in', async () => {
    const response = await login({ username: 'u'.repeat(255), password: 'p'.repeat(257) });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).errors).toEqual([
      { field: 'username', message: 'Username is too long' },
      { field: 'password', message: 'Password is too long' },
    ]);
  });

  it('requires both fields', async () => {
    const response = await login({ username: '' });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'Username is required' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
  });
});

describe('POST /api/admin/login', () => {
  it('signs the admin in', async () => {
    const response = await adminLogin(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    // Outside production the admin, without an authenticator yet, is offered one (issue 37 finding 4; test/server/auth/mfa.test.ts).
    expect(response.json()).toEqual({ ok: true, message: 'Admin login successful', token: expect.any(String) as unknown, mfaOffered: true });
    const { token } = adminLoginResponseSchema.parse(response.json());
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(meResponseSchema.parse(me.json()).user).toMatchObject({ username: TEST_ADMIN.username, role: 'admin' });
  });

  it('refuses user credentials and a wrong admin password with the same 401', async () => {
    const { body } = await registerUser(testApp.app);
    for (const payload of [{ username: body.username, password: body.password }, { ...TEST_ADMIN, password: 'wrong-password' }]) {
      const response = await adminLogin(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: INVALID_CREDENTIALS });
    }
  });
});
