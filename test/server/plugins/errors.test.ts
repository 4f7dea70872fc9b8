import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common';
import { likes } from '../../../server/db/schema';
import { newRegistration } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  // A handler failing the way a database error would: its message must not escape.
  testApp.app.get('/api/test-only/explode', () => {
    throw new Error('duplicate key value violates unique constraint "users_email_unique" at /srv/orbit/server/db.ts:12');
  });
  // A write naming an account that is gone, as when it was deleted while the request ran.
  testApp.app.get('/api/test-only/like-nobody', async () => {
    await testApp.db.insert(likes).values({ fromUserId: '00000000-0000-4000-8000-000000000001', toUserId: '00000000-0000-4000-8000-000000000002', type: 'like' });
    return { success: true };
  });
});
afterAll(async () => {
  await testApp?.close();
});

function postRegister(payload: string, contentType = 'application/json') {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers: { 'content-type': contentType } });
}

describe('error responses', () => {
  it('answers a write that names an account deleted meanwhile with 409, not a 500 with SQL in it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test-only/like-nobody' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'That account no longer exists' });
  });

  it('answers malformed JSON with 400 "Malformed JSON body"', async () => {
    const response = await postRegister('{"username": "abc",');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: false, message: 'Malformed JSON body' });
  });

  it.each(['GET', 'POST', 'DELETE'] as const)('answers an unknown /api route (%s) with a JSON 404', async (method) => {
    const response = await testApp.app.inject({ method, url: '/api/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Route not found' });
  });

  it('answers a body over the limit with 413 and a message', async () => {
    const huge = JSON.stringify({ ...newRegistration(), bio: 'x'.repeat(2 * 1024 * 1024) });
    const response = await postRegister(huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'Request body is too large (limit 1024 KB)' });
  });

  it('hides the cause of a server failure', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test-only/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: 'Internal server error' });
    expect(response.body).not.toMatch(/duplicate|constraint|\/srv|db\.ts/);
  });

  it.each([
    ['an empty JSON body', ''],
    ['JSON null', 'null'],
    ['a JSON array', '[1, 2, 3]'],
    ['a JSON string', '"hello"'],
    ['a prototype-pollution attempt', '{"__proto__": {"admin": true}, "username": "abc"}'],
    ['a constructor-pollution attempt', '{"constructor": {"prototype": {"admin": true}}}'],
    ['nested objects where strings belong', JSON.stringify({ ...newRegistration(), username: { $gt: '' } })],
    ['an array where a number belongs', JSON.stringify({ ...newRegistration(), age: [18] })],
    ['a huge number', JSON.stringify({ ...newRegistration(), age: 1e308 })],
    ['an invalid gender', JSON.stringify({ ...newRegistration(), gender: 'robot' })],
  ])('answers %s with a JSON 4xx, never a 500', async (_label, payload) => {
    const response = await postRegister(payload);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = errorBodySchema.parse(response.json());
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await postRegister('username=abc', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, message: 'Unsupported content type; send application/json' });
  });

  it('explains a body that is not an object', async () => {
    const response = await postRegister('[1]');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'Request body must be a JSON object' });
  });

  it('validates route parameters with a message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/media/avatar/Not_Valid!' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'seed: Seed must be 1-64 lowercase letters, digits or hyphens',
    });
  });
});
