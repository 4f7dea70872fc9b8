import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const subscribe = (payload: unknown) =>
  testApp.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object, remoteAddress: '10.0.0.1' });

describe('POST /api/newsletter', () => {
  it('stores an address once, lowercased; a repeat answers the same friendly success', async () => {
    const first = await subscribe({ email: '  Reader@Example.com ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: "Thanks for subscribing! You're on the list for new posts." });
    const repeat = await subscribe({ email: 'reader@example.com' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    const rows = await testApp.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toEqual(['reader@example.com']);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: Enter a valid email address'],
    [{ email: '' }, 'email: Email is required'],
    [{}, 'email: Email is required'],
    [{ email: 'a@b.co', name: 'x' }, 'name: Unknown field'],
  ])('rejects %j with 400 and a message', async (payload, message) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('limits how often one connection can subscribe (429 after 10 a minute)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: `flood${attempt}@example.com` },
        remoteAddress: '10.0.0.2',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
