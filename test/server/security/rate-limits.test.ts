// Registration and sign-in limits per address: test/server/auth/auth-rate-limit.test.ts and brute-force.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOO_MANY = /^Too many requests, please try again in \d+ seconds?$/;

let testApp: TestApp;
let targets: RegisteredUser[];
beforeAll(async () => {
  testApp = await createTestApp({
    rateLimits: {
      like: { max: 3, windowMs: 60_000 },
      locationChange: { max: 2, windowMs: 60_000 },
      dataExport: { max: 2, windowMs: 60_000 },
    },
  });
  targets = [];
  for (let index = 0; index < 4; index += 1) targets.push(await registerUser(testApp.app));
});
afterAll(async () => {
  await testApp?.close();
});

function like(token: string, targetId: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(token), payload: { targetId, type: 'like' } });
}
function editProfile(token: string, payload: object) {
  return testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(token), payload });
}
function expectTooMany(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ success: false, message: expect.stringMatching(TOO_MANY) as unknown });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('likes', () => {
  it('are limited per account, and one account hitting the limit leaves others free', async () => {
    const liker = await registerUser(testApp.app);
    for (const target of targets.slice(0, 3)) expect((await like(liker.token, target.user._id)).statusCode).toBe(200);
    expectTooMany(await like(liker.token, targets[3]?.user._id ?? ''));

    // Same address, another account: the budget is the account's, not the address's.
    const other = await registerUser(testApp.app);
    expect((await like(other.token, targets[3]?.user._id ?? '')).statusCode).toBe(200);
  });
});

describe('location changes', () => {
  it('are limited per account, while other profile edits go on', async () => {
    const mover = await registerUser(testApp.app);
    expect((await editProfile(mover.token, { location: { latitude: 19.07, longitude: 72.87 } })).statusCode).toBe(200);
    expect((await editProfile(mover.token, { location: null })).statusCode).toBe(200);
    const blocked = await editProfile(mover.token, { location: { latitude: 19.2, longitude: 72.9 }, bio: 'moving again' });
    expectTooMany(blocked);

    const renamed = await editProfile(mover.token, { name: 'Still here' });
    expect(renamed.statusCode).toBe(200);
    // The refused request changed nothing, not even its other fields.
    expect(renamed.json<{ user: { profile: { name: string }; bio: string } }>().user).toMatchObject({ profile: { name: 'Still here' }, bio: '' });

    const other = await registerUser(testApp.app);
    expect((await editProfile(other.token, { location: { latitude: 28.61, longitude: 77.2 } })).statusCode).toBe(200);
  });
});

describe('data exports', () => {
  it('are limited per account: each one reads every table about the member', async () => {
    const exporter = await registerUser(testApp.app);
    const download = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/user/me/export', headers: bearer(token) });
    expect((await download(exporter.token)).statusCode).toBe(200);
    expect((await download(exporter.token)).statusCode).toBe(200);
    expectTooMany(await download(exporter.token));

    const other = await registerUser(testApp.app);
    expect((await download(other.token)).statusCode).toBe(200);
  });
});
