import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_CODE_INVALID, MFA_TICKET_INVALID, MFA_TOO_MANY_CODES, RECOVERY_CODE_COUNT } from '../../../contract/auth/mfa';
import { mfaSealingFrom, sealUnsealedMfaRecords } from '../../../server/auth/mfa-sealing';
import { signInFailures, users } from '../../../server/db/schema';
import { authenticatorCode, codeOfStepBefore, enrolMember } from '../helpers/authenticator';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, TEST_ADMIN, TEST_MFA_SECRET_KEY, type TestApp } from '../helpers/test-app';

function wrongCodeFor(secret: string): string {
  const valid = new Set([-1, 0, 1].map((steps) => authenticatorCode(secret, steps)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

interface SignInAnswer {
  token?: string;
  ticket?: string;
  secondFactor?: 'code' | 'enrol';
  mfaOffered?: boolean;
  message: string;
}

describe('two-step verification (issue 37 finding 4)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const login = async (member: RegisteredUser, remember = false) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: member.body.username, password: member.body.password, remember } });
  const submitCode = (ticket: string, code: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/login/code', payload: { ticket, code } });

  it('after enrolment, the password alone gives a ticket, not a session, and the code finishes the sign-in', async () => {
    const member = await registerUser(testApp.app);
    const before = await testApp.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(member.token) });
    expect(before.json()).toMatchObject({ enabled: false, required: false });
    const { secret, recoveryCodes } = await enrolMember(testApp.app, member);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const status = await testApp.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(member.token) });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });

    const first = await login(member);
    expect(first.statusCode).toBe(200);
    const answer = first.json<SignInAnswer>();
    expect(answer).toEqual({ success: true, message: 'Enter the code from your authenticator app', secondFactor: 'code', ticket: expect.any(String) as unknown });
    expect(answer.token).toBeUndefined();

    const done = await submitCode(answer.ticket ?? '', authenticatorCode(secret));
    expect(done.statusCode, done.body).toBe(200);
    const { token } = done.json<{ token: string }>();
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a wrong code with 401, and a code already used (replay)', async () => {
    const member = await registerUser(testApp.app);
    const { secret } = await enrolMember(testApp.app, member);
    const { ticket } = (await login(member)).json<SignInAnswer>();
    const wrong = await submitCode(ticket ?? '', wrongCodeFor(secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: MFA_CODE_INVALID });

    const code = authenticatorCode(secret);
    expect((await submitCode(ticket ?? '', code)).statusCode).toBe(200);
    const again = (await login(member)).json<SignInAnswer>();
    const replay = await submitCode(again.ticket ?? '', code);
    expect(replay.statusCode).toBe(401);
    // The enrolment's own confirming code (the step before) is spent too.
    expect((await submitCode(again.ticket ?? '', authenticatorCode(secret, -1))).statusCode).toBe(401);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const member = await registerUser(testApp.app);
    const { recoveryCodes } = await enrolMember(testApp.app, member);
    const recoveryCode = recoveryCodes[3] ?? '';
    const { ticket } = (await login(member)).json<SignInAnswer>();
    const used = await submitCode(ticket ?? '', ` ${recoveryCode.toUpperCase()} `);
    expect(used.statusCode, used.body).toBe(200);
    const { ticket: next } = (await login(member)).json<SignInAnswer>();
    expect((await submitCode(next ?? '', recoveryCode)).statusCode).toBe(401);
    const status = await testApp.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(member.token) });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
  });

  it('never accepts a ticket as a session token, nor a session token as a ticket', async () => {
    const member = await registerUser(testApp.app);
    await enrolMember(testApp.app, member);
    const { ticket } = (await login(member)).json<SignInAnswer>();
    for (const url of ['/api/user/me', '/api/auth/mfa', '/api/auth/sessions']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(ticket ?? '') });
      expect(response.statusCode, url).toBe(401);
    }
    expect((await submitCode(member.token, '123456')).statusCode).toBe(401);
    // A ticket whose claims were edited fails its signature.
    const [payload, signature] = (ticket ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...claims, exp: (claims.exp as number) + 3600 })).toString('base64url')}.${signature ?? ''}`;
    const response = await submitCode(forged, '123456');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: MFA_TICKET_INVALID });
  });

  it('carries "remember me" through the code step', async () => {
    const member = await registerUser(testApp.app);
    const { secret } = await enrolMember(testApp.app, member);
    const { ticket } = (await login(member, true)).json<SignInAnswer>();
    const { token } = (await submitCode(ticket ?? '', authenticatorCode(secret))).json<{ token: string }>();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { iat: number; exp: number };
    expect((claims.exp - claims.iat) / 86_400).toBe(30);
  });

  it('turns off only with the password and a code, and then the password alone signs in again', async () => {
    const member = await registerUser(testApp.app);
    const { secret } = await enrolMember(testApp.app, member);
    const disable = (payload: object) => testApp.app.inject({ method: 'POST', url: '/api/auth/mfa/disable', headers: bearer(member.token), payload });
    expect((await disable({ password: member.body.password })).statusCode).toBe(400);
    const wrongPassword = await disable({ password: 'not-the-password', code: authenticatorCode(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await disable({ password: member.body.password, code: wrongCodeFor(secret) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ message: MFA_CODE_INVALID });
    const off = await disable({ password: member.body.password, code: authenticatorCode(secret) });
    expect(off.statusCode, off.body).toBe(200);
    const [row] = await testApp.db.select().from(users).where(eq(users.id, member.user._id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpRecoveryCodeHashes: [] });
    const signIn = await login(member);
    expect(signIn.json()).toMatchObject({ token: expect.any(String) as unknown });
  });

  it('limits wrong codes per account: after 5, even the right one gets 429', async () => {
    const member = await registerUser(testApp.app);
    const { secret } = await enrolMember(testApp.app, member);
    const { ticket } = (await login(member)).json<SignInAnswer>();
    for (let attempt = 0; attempt < 5; attempt++) expect((await submitCode(ticket ?? '', wrongCodeFor(secret))).statusCode).toBe(401);
    const blocked = await submitCode(ticket ?? '', authenticatorCode(secret));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: MFA_TOO_MANY_CODES });
    const rows = await testApp.db.select().from(signInFailures).where(eq(signInFailures.accountKey, `totp:${member.user._id}`));
    expect(rows).toHaveLength(5);
  });

  it('opens one session per ticket: two recovery codes sent at once, or one after the other, open one (issue 50, finding 16)', async () => {
    // A wrong code first gives the ticket back: the member may correct a typo.
    const member = await registerUser(testApp.app);
    const { recoveryCodes } = await enrolMember(testApp.app, member);
    const { ticket } = (await login(member)).json<SignInAnswer>();
    const [first, second, third] = recoveryCodes;
    expect((await submitCode(ticket ?? '', 'ZZZZ-ZZZZ')).statusCode).toBe(401);
    const answers = await Promise.all([submitCode(ticket ?? '', first ?? ''), submitCode(ticket ?? '', second ?? '')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const again = await submitCode(ticket ?? '', third ?? '');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: MFA_TICKET_INVALID });
    // The refused request used up no recovery code: with a new password step, it opens a session.
    const { ticket: fresh } = (await login(member)).json<SignInAnswer>();
    expect((await submitCode(fresh ?? '', third ?? '')).statusCode).toBe(200);
  });

  it('checks no more than 5 codes of many sent at once: each is counted before it is checked', async () => {
    const member = await registerUser(testApp.app);
    const { secret } = await enrolMember(testApp.app, member);
    // A ticket each (a ticket is tried by one request at a time), as from 25 password steps.
    const tickets: string[] = [];
    for (let step = 0; step < 25; step++) tickets.push((await login(member)).json<SignInAnswer>().ticket ?? '');
    const answers = await Promise.all(tickets.map((ticket) => submitCode(ticket, wrongCodeFor(secret))));
    const checked = answers.filter((answer) => answer.statusCode === 401 && answer.json<{ message: string }>().message === MFA_CODE_INVALID);
    expect(answers.filter((answer) => answer.statusCode !== 401 && answer.statusCode !== 429)).toEqual([]);
    expect(checked.length).toBeLessThanOrEqual(5);
    const rows = await testApp.db.select().from(signInFailures).where(eq(signInFailures.accountKey, `totp:${member.user._id}`));
    expect(rows.length).toBeLessThanOrEqual(5);
  });

  it('keeps the secret and recovery codes out of the account view and the data export', async () => {
    const member = await registerUser(testApp.app);
    const { secret, recoveryCodes } = await enrolMember(testApp.app, member);
    const [row] = await testApp.db.select().from(users).where(eq(users.id, member.user._id));
    for (const url of ['/api/user/me', '/api/user/me/export', '/api/auth/mfa']) {
      const body = (await testApp.app.inject({ method: 'GET', url, headers: bearer(member.token) })).body;
      expect(body, url).not.toContain(secret);
      expect(body, url).not.toContain(recoveryCodes[0]);
      expect(body, url).not.toContain(row?.totpRecoveryCodeHashes[0]);
    }
  });

  /** What versions before issue 50 stored for a recovery code: its unsalted SHA-256. */
  const unkeyedHash = (code: string) => createHash('sha256').update(code.replace('-', '')).digest('hex');

  it('keeps the authenticator secret sealed and the recovery codes keyed in the database (issue 50, finding 5)', async () => {
    const member = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const { secret, recoveryCodes } = await enrolMember(testApp.app, member);
    const [row] = await testApp.db.select().from(users).where(eq(users.id, member.user._id));
    const stored = row?.totpSecret ?? '';
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(Buffer.from(stored.slice(3).replaceAll('.', ''), 'base64url').toString('latin1')).not.toContain(secret);
    expect(row?.totpRecoveryCodeHashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(row?.totpRecoveryCodeHashes).not.toContain(unkeyedHash(code));
    for (const hash of row?.totpRecoveryCodeHashes ?? []) expect(hash).toMatch(/^k1:[0-9a-f]{64}$/);
    // Opens with the key for its own account only: not under another key, not copied onto another account.
    expect(mfaSealingFrom(TEST_MFA_SECRET_KEY).open(member.user._id, stored)).toBe(secret);
    expect(() => mfaSealingFrom('another-key-entirely-0123456789-abcdefgh').open(member.user._id, stored)).toThrow(/does not open with this MFA_SECRET_KEY/);
    expect(() => mfaSealingFrom(TEST_MFA_SECRET_KEY).open(other.user._id, stored)).toThrow(/does not open/);
    // And the member signs in with it as before.
    const { ticket } = (await login(member)).json<SignInAnswer>();
    expect((await submitCode(ticket ?? '', authenticatorCode(secret))).statusCode).toBe(200);
  });

  it('seals what an earlier version stored in the clear, and the member\'s authenticator and codes keep working', async () => {
    const member = await registerUser(testApp.app);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const recoveryCodes = ['abcde-fghjk', 'mnpqr-stuvw'];
    await testApp.db
      .update(users)
      .set({ totpSecret: secret, totpEnabledAt: new Date(), totpRecoveryCodeHashes: recoveryCodes.map(unkeyedHash) })
      .where(eq(users.id, member.user._id));
    expect(await sealUnsealedMfaRecords(testApp.app)).toBeGreaterThanOrEqual(1);
    const [row] = await testApp.db.select().from(users).where(eq(users.id, member.user._id));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpRecoveryCodeHashes.every((hash) => hash.startsWith('k1:'))).toBe(true);
    // Sealed once: a second pass finds nothing of this account left to seal.
    await sealUnsealedMfaRecords(testApp.app);
    const [again] = await testApp.db.select().from(users).where(eq(users.id, member.user._id));
    expect(again?.totpSecret).toBe(row?.totpSecret);

    const first = (await login(member)).json<SignInAnswer>();
    expect((await submitCode(first.ticket ?? '', authenticatorCode(secret))).statusCode).toBe(200);
    const second = (await login(member)).json<SignInAnswer>();
    const byCode = await submitCode(second.ticket ?? '', recoveryCodes[1] ?? '');
    expect(byCode.statusCode, byCode.body).toBe(200);
  });

  it('lets an earlier version\'s record still sign in before a start has sealed it (the database was down then)', async () => {
    const member = await registerUser(testApp.app);
    const secret = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
    await testApp.db
      .update(users)
      .set({ totpSecret: secret, totpEnabledAt: new Date(), totpRecoveryCodeHashes: [unkeyedHash('pqrst-uvwxy')] })
      .where(eq(users.id, member.user._id));
    const first = (await login(member)).json<SignInAnswer>();
    expect((await submitCode(first.ticket ?? '', authenticatorCode(secret))).statusCode).toBe(200);
    const second = (await login(member)).json<SignInAnswer>();
    expect((await submitCode(second.ticket ?? '', 'pqrst-uvwxy')).statusCode).toBe(200);
  });

  it('refuses a second setup while it is on (a stolen session cannot swap the authenticator)', async () => {
    const member = await registerUser(testApp.app);
    await enrolMember(testApp.app, member);
    const again = await testApp.app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers: bearer(member.token), payload: { password: member.body.password } });
    expect(again.statusCode).toBe(409);
  });

  it('outside production signs the admin in with the password alone and offers enrolment', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: 'Admin login successful', token: expect.any(String) as unknown, mfaOffered: true });
  });
});

describe('admin two-step verification in production (issue 37 finding 4)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ nodeEnv: 'production' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const adminLogin = () => testApp.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });

  it('gives an admin without an authenticator only an enrolment ticket, and enrolment ends signed in', async () => {
    const first = await adminLogin();
    expect(first.statusCode).toBe(200);
    const answer = first.json<SignInAnswer>();
    expect(answer).toMatchObject({ ok: true, secondFactor: 'enrol', ticket: expect.any(String) as unknown });
    expect(answer.token).toBeUndefined();
    // The enrolment ticket is no code ticket and no session.
    expect((await testApp.app.inject({ method: 'POST', url: '/api/auth/login/code', payload: { ticket: answer.ticket, code: '123456' } })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(answer.ticket ?? '') })).statusCode).toBe(401);

    const setup = await testApp.app.inject({ method: 'POST', url: '/api/auth/login/enrol', payload: { ticket: answer.ticket } });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const wrong = await testApp.app.inject({ method: 'POST', url: '/api/auth/login/enrol/confirm', payload: { ticket: answer.ticket, code: wrongCodeFor(secret) } });
    expect(wrong.statusCode).toBe(400);
    const confirm = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login/enrol/confirm',
      payload: { ticket: answer.ticket, code: await codeOfStepBefore(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { token, recoveryCodes } = confirm.json<{ token: string; recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) })).statusCode).toBe(200);

    // From now on the code is asked, and it cannot be turned off.
    const next = (await adminLogin()).json<SignInAnswer>();
    expect(next).toMatchObject({ secondFactor: 'code' });
    const signedIn = await testApp.app.inject({ method: 'POST', url: '/api/auth/login/code', payload: { ticket: next.ticket, code: authenticatorCode(secret) } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const off = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/disable',
      headers: bearer(token),
      payload: { password: TEST_ADMIN.password, code: recoveryCodes[0] },
    });
    expect(off.statusCode).toBe(403);
    // The enrolment ticket is spent once the authenticator is on.
    expect((await testApp.app.inject({ method: 'POST', url: '/api/auth/login/enrol', payload: { ticket: answer.ticket } })).statusCode).toBe(409);
  });
});
