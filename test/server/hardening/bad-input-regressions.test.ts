import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { UNSTORABLE_TEXT_MESSAGE } from '../../../server/plugins/security';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Regressions for what test/server/hardening/bad-input.test.ts found: input the
// validation let through but PostgreSQL refused, so the caller got a 500.

let testApp: TestApp;
let adminToken: string;
let member: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  member = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

function expectRefused(response: { statusCode: number; json: <T>() => T }, field: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ success: false, message: `${field} ${UNSTORABLE_TEXT_MESSAGE}` });
}

describe('text PostgreSQL cannot store is a 400 naming the field, never a 500', () => {
  it('refuses a NUL in a blog post and creates nothing', async () => {
    const title = 'Post with a NUL';
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/blog/admin',
      headers: bearer(adminToken),
      payload: { title, content: 'before\u0000after' },
    });
    expectRefused(response, 'content');
    const list = await testApp.app.inject({ method: 'GET', url: '/api/blog/admin/all?limit=50', headers: bearer(adminToken) });
    expect(list.json<{ posts: Array<{ title: string }> }>().posts.map((post) => post.title)).not.toContain(title);
  });

  it('refuses an unpaired surrogate in a home page setting and keeps the old value', async () => {
    const before = await testApp.app.inject({ method: 'GET', url: '/api/config/public' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/config/app',
      headers: bearer(adminToken),
      payload: { configs: { heroTitle: { value: 'Broken \ud800 title', type: 'string' } } },
    });
    expectRefused(response, 'configs.heroTitle.value');
    const after = await testApp.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(after.json()).toEqual(before.json());
  });

  it('refuses a NUL in a search or filter query', async () => {
    expectRefused(await testApp.app.inject({ method: 'GET', url: '/api/admin/users?search=a%00b', headers: bearer(adminToken) }), 'search');
    expectRefused(await testApp.app.inject({ method: 'GET', url: '/api/blog?category=%00' }), 'category');
  });

  it('refuses a NUL in a profile field and in a sign-in name', async () => {
    const patch = await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(member.token), payload: { bio: 'hi\u0000' } });
    expectRefused(patch, 'bio');
    const login = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x\u0000', password: 'whatever-it-is' } });
    expectRefused(login, 'username');
  });

  it('still accepts emoji, whose surrogates come in pairs', async () => {
    const response = await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(member.token), payload: { bio: 'Coder 👩‍💻 and climber 🧗' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ user: { bio: string } }>().user.bio).toBe('Coder 👩‍💻 and climber 🧗');
  });

  it('looks through 10,000 levels of nesting without overflowing the stack', async () => {
    const depth = 10_000;
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: { ...bearer(member.token), 'content-type': 'application/json' },
      payload: `${'{"a":'.repeat(depth)}"\\u0000"${'}'.repeat(depth)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^a(\\.a)+ ${UNSTORABLE_TEXT_MESSAGE}$`));
  });
});

describe('a location PostgreSQL cannot store as given', () => {
  it.each([
    { latitude: 3.5e-323, longitude: 0 },
    { latitude: 0, longitude: -5e-324 },
  ])('is kept at centimetre precision instead of failing: %o', async (location) => {
    const response = await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(member.token), payload: { location } });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await testApp.db.select({ latitude: users.latitude, longitude: users.longitude }).from(users).where(eq(users.id, member.user._id));
    expect(row).toEqual({ latitude: 0, longitude: 0 });
  });

  it('keeps an ordinary position to seven decimal places', async () => {
    const location = { latitude: 19.07612345678, longitude: -72.87765432101 };
    const response = await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(member.token), payload: { location } });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await testApp.db.select({ latitude: users.latitude, longitude: users.longitude }).from(users).where(eq(users.id, member.user._id));
    expect(row).toEqual({ latitude: 19.0761235, longitude: -72.8776543 });
  });
});
