import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { RegisterBody } from '../../../contract/auth/sign-in';
import type { User } from '../../../contract/members/profile';
import type { OrbitApp } from '../../../server/app';
import { TEST_ADMIN } from './test-app';

/** A valid registration body with a username no other test uses. */
export function newRegistration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `user_${suffix}`,
    email: `user_${suffix}@example.com`,
    password: 'correct-horse-battery',
    age: 27,
    gender: 'female',
    acceptTerms: true,
    ...overrides,
  };
}

export interface RegisteredUser {
  body: RegisterBody;
  token: string;
  user: User;
}

export async function registerUser(app: OrbitApp, overrides: Partial<RegisterBody> = {}): Promise<RegisteredUser> {
  const body = newRegistration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  const json = response.json<{ token: string; user: User }>();
  return { body, token: json.token, user: json.user };
}

export async function loginUser(app: OrbitApp, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

export async function loginAdmin(app: OrbitApp): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
