import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../server/plugins/auth';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const { app } = testApp;
  // Test-only routes: one per guard, each echoing who the guard let through.
  app.get('/api/test-only/admin', { preHandler: app.requireAdmin }, (request) => ({ username: signedInUser(request).username }));
  app.get('/api/test-only/user', { preHandler: app.requireUser }, (request) => ({ username: signedInUser(request).username }));
  app.get('/api/test-only/any', { preHandler: app.requireAuth }, (request) => ({ role: signedInUser(request).role }));
  userToken = (await registerUser(app)).token;
  adminToken = await loginAdmin(app);
});
afterAll(async () => {
  await testApp?.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers });
}

describe('requireAdmin', () => {
  it('answers 401 without a token', async () => {
    const response = await get('/api/test-only/admin');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Authentication required' });
  });

  it('answers 403 to a user token', async () => {
    const response = await get('/api/test-only/admin', bearer(userToken));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: 'Admin access required' });
  });

  it('lets an admin through', async () => {
    const response = await get('/api/test-only/admin', bearer(adminToken));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'admin' });
  });
});

describe('requireUser', () => {
  it('answers 403, not 401, to an admin token so the SPA keeps both sessions', async () => {
    const response = await get('/api/test-only/user', bearer(adminToken));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: 'This action is for user accounts' });
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/test-only/user')).statusCode).toBe(401);
  });

  it('lets a user through', async () => {
    const response = await get('/api/test-only/user', bearer(userToken));
    expect(response.statusCode).toBe(200);
  });
});

describe('requireAuth', () => {
  it('accepts both roles', async () => {
    expect((await get('/api/test-only/any', bearer(userToken))).json()).toEqual({ role: 'user' });
    expect((await get('/api/test-only/any', bearer(adminToken))).json()).toEqual({ role: 'admin' });
  });
});
